import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clientBundleGuard } from "./client-bundle-guard";

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

/** A browser build of `app/entry.ts` with the guard, as the site's client build runs it. */
const buildClient = () =>
  build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [clientBundleGuard(root)],
    build: {
      write: false,
      rollupOptions: { input: path.join(root, "app/entry.ts") },
    },
  });

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "client-guard-"));
  write("core/rules.ts", "export const LIMIT = 3;");
  write(
    "server/domain/codes.ts",
    'import { randomBytes } from "node:crypto";\n' +
      "export const LIMIT = 3;\nexport const mint = () => randomBytes(4);",
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("clientBundleGuard", () => {
  it("lets a browser build that reaches only shared code through", async () => {
    write("app/entry.ts", 'import { LIMIT } from "../core/rules";\nconsole.log(LIMIT);');
    await expect(buildClient()).resolves.toBeDefined();
  });

  it("fails a browser build that reaches a server module, naming the import chain", async () => {
    // Only a constant is used, so tree-shaking would hide it in the output: the graph does not.
    write("app/page.ts", 'export { LIMIT } from "../server/domain/codes";');
    write("app/entry.ts", 'import { LIMIT } from "./page";\nconsole.log(LIMIT);');
    await expect(buildClient()).rejects.toThrow(
      /Server code reached the browser bundle[\s\S]*server\/domain\/codes\.ts\s+via server\/domain\/codes\.ts ← app\/page\.ts ← app\/entry\.ts/,
    );
  });

  it("fails a browser build whose own code imports a Node built-in", async () => {
    write("core/hash.ts", 'export { createHash } from "node:crypto";');
    write("app/entry.ts", 'import { createHash } from "../core/hash";\nconsole.log(createHash);');
    await expect(buildClient()).rejects.toThrow(/node:crypto \(from core\/hash\.ts\)/);
  });
});
