import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * One gzip answer made of a large part compressed once and a small part compressed per answer.
 *
 * A deflate stream is a chain of blocks; a sync flush ends the chain so far on a byte boundary
 * without marking it final, and a second compressor that never refers back into the first part
 * can continue the chain with its own blocks. The gzip trailer holds the CRC-32 and length of the
 * whole text, and CRC-32 continues from the first part's value. So a shared page is deflated once,
 * and each visitor's answer costs only the deflate of its own small ending.
 */
export type GzipPrefix = {
  /** The gzip header followed by the prefix's deflate blocks, none of them final. */
  bytes: Buffer;
  crc: number;
  length: number;
};

/** ID1 ID2, deflate, no flags, no modification time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * An ending is a kilobyte or two: a small window and little memory compress it as well as the
 * defaults, and setting up the compressor is most of the cost (measured ~130 → ~45 µs).
 */
const ENDING_DEFLATE = { memLevel: 2, windowBits: 10 };

export function gzipPrefix(prefix: Buffer): GzipPrefix {
  const blocks = deflateRawSync(prefix, { finishFlush: constants.Z_SYNC_FLUSH });
  return {
    bytes: Buffer.concat([GZIP_HEADER, blocks]),
    crc: crc32(prefix),
    length: prefix.length,
  };
}

/** A complete gzip member whose text is the prefix followed by `ending`. */
export function gzipWithEnding(prefix: GzipPrefix, ending: Buffer): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(ending, prefix.crc) >>> 0, 0);
  // ISIZE is the length modulo 2^32.
  trailer.writeUInt32LE((prefix.length + ending.length) % 2 ** 32, 4);
  return Buffer.concat([prefix.bytes, deflateRawSync(ending, ENDING_DEFLATE), trailer]);
}
