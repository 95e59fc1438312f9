import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  DEFERRED_MODULE_TYPE,
  STARTER_SCRIPT,
  startScriptsAfterPaint,
} from "./scripts-after-paint";

async function through(chunks: Array<string | Buffer>): Promise<string> {
  let output = "";
  for await (const chunk of Readable.from(chunks).pipe(startScriptsAfterPaint())) {
    output += String(chunk);
  }
  return output;
}

// What React Router's <Scripts> renders, as React 19 streams it (preloads hoisted into <head>).
const MODULE_CODE =
  'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';
const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client.js"${nonce}/>` +
  `<link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/root.js"${nonce}/></head>` +
  `<body><p>Kursus gratis — ✓</p><script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script type="module" async=""${nonce}>${MODULE_CODE}</script></body></html>`;

const deferred = (nonce: string, starterNonce: string) =>
  `<!DOCTYPE html><html><head><link rel="x-kursusku-modulepreload" href="/assets/entry.client.js"${nonce}/>` +
  `<link rel="icon" href="/favicon.svg"/><link rel="x-kursusku-modulepreload" href="/assets/root.js"${nonce}/></head>` +
  `<body><p>Kursus gratis — ✓</p><script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script type="${DEFERRED_MODULE_TYPE}" async=""${nonce}>${MODULE_CODE}</script>` +
  `<script${starterNonce}>${STARTER_SCRIPT}</script></body></html>`;

describe("startScriptsAfterPaint", () => {
  it("makes the preloads and the module script inert and adds the starter after them", async () => {
    expect(await through([page("")])).toBe(deferred("", ""));
  });

  it("gives the starter the nonce of the module script it replaces", async () => {
    const nonce = ' nonce="abc+/="';
    expect(await through([page(nonce)])).toBe(deferred(nonce, nonce));
  });

  it("gives the same document wherever the stream is split, characters included", async () => {
    const bytes = Buffer.from(page(""));
    const expected = deferred("", "");
    for (let split = 1; split < bytes.length; split += 7) {
      expect(await through([bytes.subarray(0, split), bytes.subarray(split)])).toBe(expected);
    }
  });

  it("leaves documents without scripts alone, and an unterminated module script as it was", async () => {
    expect(await through(["<p>plain</p>", "<link rel="])).toBe("<p>plain</p><link rel=");
    expect(await through(['<p>a</p><script type="module">import "/a.js";'])).toBe(
      '<p>a</p><script type="module">import "/a.js";',
    );
  });
});
