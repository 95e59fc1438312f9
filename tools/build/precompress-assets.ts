import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text-like files, which compress well; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest|wasm)$/i;
/**
 * Below this an encoded copy saves less than a packet, and the compression middleware does not
 * bother either (its threshold).
 */
const MIN_BYTES = 1024;

export type PrecompressReport = { files: number; written: number };

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every
 * compressible file of `folder`, once at build time, so that the server never compresses a
 * static file per request and can afford the slowest, smallest settings. A variant that would
 * not be smaller than its file is not written (and an old one is removed), so the server falls
 * back to the plain file. Dot-folders (Vite's `.vite/` manifests, deleted after the build) are
 * left out.
 */
export async function precompressFolder(folder: string): Promise<PrecompressReport> {
  const files = await listFiles(folder);
  const results = await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const bytes = await readFile(file);
        if (bytes.length < MIN_BYTES) {
          await removeVariants(file);
          return 0;
        }
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        let written = 0;
        for (const [suffix, encoded] of [
          [".br", br],
          [".gz", gz],
        ] as const) {
          if (encoded.length < bytes.length) {
            await writeFile(file + suffix, encoded);
            written += 1;
          } else {
            await rm(file + suffix, { force: true });
          }
        }
        return written;
      }),
  );
  return { files: results.length, written: results.reduce((sum, count) => sum + count, 0) };
}

async function listFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await listFiles(full)));
    else if (entry.isFile() && !/\.(?:br|gz)$/.test(entry.name)) found.push(full);
  }
  return found;
}

async function removeVariants(file: string): Promise<void> {
  await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
}

/** The Vite plugin: precompresses the client build (static files) once it is written. */
export function precompressAssets(): Plugin {
  return {
    name: "kursusku:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) return;
      const started = performance.now();
      const report = await precompressFolder(options.dir);
      this.info(
        `precompressed ${report.files} files (${report.written} .br/.gz) in ${Math.round(performance.now() - started)} ms`,
      );
      // A client build without a single script or stylesheet is not one the site can run on.
      if (report.files === 0) this.warn(`nothing to precompress in ${options.dir}`);
    },
  };
}
