import { randomBytes } from "node:crypto";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { precompressFolder } from "./precompress-assets";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), "precompress-"));
  mkdirSync(path.join(folder, "assets"));
  mkdirSync(path.join(folder, ".vite"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const css = "body { color: red; }\n".repeat(200);

describe("precompressFolder", () => {
  it("writes brotli and gzip copies that decode to the file, in sub-folders too", async () => {
    const file = path.join(folder, "assets/app-abc.css");
    writeFileSync(file, css);
    const report = await precompressFolder(folder);
    expect(report).toEqual({ files: 1, written: 2 });
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(css);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(css);
  });

  it("leaves out small files, images, dot-folders, and copies that would not be smaller", async () => {
    writeFileSync(path.join(folder, "tiny.js"), "x=1");
    writeFileSync(path.join(folder, "og.png"), css);
    writeFileSync(path.join(folder, ".vite/manifest.json"), css);
    // Random bytes do not compress: their copies would only be bigger, and an old one goes.
    writeFileSync(path.join(folder, "noise.txt"), randomBytes(4096));
    writeFileSync(path.join(folder, "noise.txt.br"), "stale");
    await precompressFolder(folder);
    for (const name of [
      "tiny.js.br",
      "og.png.br",
      ".vite/manifest.json.br",
      "noise.txt.br",
      "noise.txt.gz",
    ])
      expect(existsSync(path.join(folder, name)), name).toBe(false);
  });
});
