import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, type Rollup } from "vite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clientChunks } from "./client-chunks";

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

/** A browser build with the site's entries: the browser entry, the root and two routes. */
async function buildClient(): Promise<Rollup.OutputChunk[]> {
  const output = await build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [clientChunks(root)],
    build: {
      write: false,
      minify: false,
      rollupOptions: {
        input: ["app/entry.client.tsx", "app/root.tsx", "app/routes/home.tsx", "app/routes/help.tsx"]
          .map((file) => path.join(root, file)),
        preserveEntrySignatures: "exports-only",
      },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  return (result as Rollup.RollupOutput).output.filter(
    (item): item is Rollup.OutputChunk => item.type === "chunk",
  );
}

/** The one chunk whose code holds `marker`. */
function chunkHolding(chunks: Rollup.OutputChunk[], marker: string): string {
  const holders = chunks.filter((chunk) => chunk.code.includes(marker));
  expect(holders, marker).toHaveLength(1);
  return holders[0]!.fileName;
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "client-chunks-"));
  write("app/components/header.ts", 'export const header = () => "HEADER-CODE";');
  write("app/components/toast.ts", 'export const toast = () => "TOAST-CODE";');
  write("app/components/card.ts", 'export const card = () => "CARD-CODE";');
  write("app/components/help-only.ts", 'export const helpOnly = () => "HELP-ONLY-CODE";');
  write("app/entry.client.tsx", 'import { root } from "./root";\nconsole.log(root());');
  write(
    "app/root.tsx",
    'import { header } from "./components/header";\nimport { toast } from "./components/toast";\n' +
      "export const root = () => header() + toast();",
  );
  write(
    "app/routes/home.tsx",
    'import { toast } from "../components/toast";\nimport { card } from "../components/card";\n' +
      "export default () => toast() + card();",
  );
  write(
    "app/routes/help.tsx",
    'import { header } from "../components/header";\nimport { card } from "../components/card";\n' +
      'import { helpOnly } from "../components/help-only";\n' +
      "export default () => header() + card() + helpOnly();",
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("clientChunks", () => {
  it("puts every module the root layout imports into the browser entry's chunk", async () => {
    const chunks = await buildClient();
    const entry = chunkHolding(chunks, 'console.log(root())');
    // Shared with the routes, these would each have been a small chunk of their own.
    expect(chunkHolding(chunks, "HEADER-CODE")).toBe(entry);
    expect(chunkHolding(chunks, "TOAST-CODE")).toBe(entry);
  });

  it("leaves route code to the usual split: nothing of it joins the entry", async () => {
    const chunks = await buildClient();
    const entry = chunkHolding(chunks, 'console.log(root())');
    expect(chunkHolding(chunks, "CARD-CODE")).not.toBe(entry);
    expect(chunkHolding(chunks, "HELP-ONLY-CODE")).toMatch(/^assets\/help-/);
    // The root route stays its own module, with its own exports, as React Router loads it.
    expect(chunks.find((chunk) => chunk.facadeModuleId?.endsWith("app/root.tsx"))).toBeDefined();
  });
});
