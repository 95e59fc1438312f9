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
  // No `async`: HTML allows it on scripts only, not on a data block.
  `<script type="${DEFERRED_MODULE_TYPE}"${nonce}>${MODULE_CODE}</script>` +
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

/** The starter in a fake page: its timers and frames run only when the test says so. */
function runStarter(preloadCount: number) {
  const tasks: Array<() => void> = [];
  const listeners: Record<string, () => void> = {};
  const appended: string[] = [];
  const links = Array.from({ length: preloadCount }, (_, index) => ({
    href: `/assets/m${index}.js`,
  }));
  const block = {
    nonce: "n0nce",
    textContent: MODULE_CODE,
    after: (script: { type: string; nonce: string; textContent: string }) =>
      appended.push(`script ${script.type} ${script.nonce} ${script.textContent}`),
  };
  const document = {
    querySelectorAll: (selector: string) =>
      selector.startsWith("link") ? links : selector.includes(DEFERRED_MODULE_TYPE) ? [block] : [],
    createElement: () => ({}),
    head: {
      append: (link: { rel: string; href: string }) => appended.push(`${link.rel} ${link.href}`),
    },
  };
  new Function(
    "document",
    "addEventListener",
    "requestAnimationFrame",
    "setTimeout",
    STARTER_SCRIPT,
  )(
    document,
    (type: string, listener: () => void) => (listeners[type] = listener),
    (callback: () => void) => tasks.push(callback),
    (callback: () => void) => tasks.push(callback),
  );
  return {
    appended,
    load: () => listeners.load?.(),
    /** Runs the oldest queued task (a timer or a frame); false when none is left. */
    runTask: () => {
      const task = tasks.shift();
      task?.();
      return task !== undefined;
    },
  };
}

describe("STARTER_SCRIPT", () => {
  it("after the load event, restores the preloads a few per task, then the module script", () => {
    const page = runStarter(10);
    // Fake timers run in the order queued, so the 1.5 s fallback may be what starts it here.
    page.load();
    expect(page.appended).toEqual([]);
    const perTask: number[] = [];
    let before = 0;
    while (page.runTask()) {
      perTask.push(page.appended.length - before);
      before = page.appended.length;
    }
    expect(page.appended).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `modulepreload /assets/m${index}.js`),
      `script module n0nce ${MODULE_CODE}`,
    ]);
    expect(Math.max(...perTask)).toBeLessThanOrEqual(5);
    expect(perTask.filter((count) => count > 0).length).toBeGreaterThanOrEqual(3);
  });

  it("starts once, whether the load event or the fallback timer comes first", () => {
    const page = runStarter(2);
    page.runTask(); // the fallback timer, before any load event
    page.load();
    while (page.runTask());
    expect(page.appended).toEqual([
      "modulepreload /assets/m0.js",
      "modulepreload /assets/m1.js",
      `script module n0nce ${MODULE_CODE}`,
    ]);
  });
});
