import { gunzipSync, createGunzip } from "node:zlib";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { gzipPrefix, gzipWithEnding } from "./gzip-splice";

const page = Buffer.from(
  `<!DOCTYPE html><html><body>${"<li>Free course with a long repeated title</li>".repeat(2000)}`,
);

describe("gzip splice", () => {
  it("decompresses to the prefix followed by each ending", () => {
    const prefix = gzipPrefix(page);
    for (const ending of ["</body></html>", "<p>Signed in as Ana</p></body></html>", ""]) {
      const answer = gzipWithEnding(prefix, Buffer.from(ending));
      expect(gunzipSync(answer).toString()).toBe(page.toString() + ending);
    }
  });

  it("is one gzip member a streaming decoder accepts, with the right CRC and length", async () => {
    const ending = Buffer.from("<script type=application/json>{}</script></body></html>");
    const answer = gzipWithEnding(gzipPrefix(page), ending);
    const chunks: Buffer[] = [];
    // Fed in small pieces, as a browser receives it; a wrong CRC or length fails here.
    const pieces = Array.from({ length: Math.ceil(answer.length / 97) }, (_, index) =>
      answer.subarray(index * 97, index * 97 + 97),
    );
    for await (const chunk of Readable.from(pieces).pipe(createGunzip()))
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.concat([page, ending]))).toBe(true);
  });

  it("costs only the ending per answer: the shared part is compressed once", () => {
    const prefix = gzipPrefix(page);
    const answer = gzipWithEnding(prefix, Buffer.from("</body></html>"));
    expect(answer.subarray(0, prefix.bytes.length).equals(prefix.bytes)).toBe(true);
    expect(answer.length - prefix.bytes.length).toBeLessThan(40);
  });

  it("refuses to pass a corrupted answer", () => {
    const answer = gzipWithEnding(gzipPrefix(page), Buffer.from("</html>"));
    answer[answer.length - 6]! ^= 0xff; // inside the CRC
    expect(() => gunzipSync(answer)).toThrow();
  });
});
