import { builtinModules } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Fails the client (browser) build when it reaches server code: a module under `server/`, or a
 * Node built-in (`node:crypto`, `fs`, …) imported by the project's own code.
 *
 * React Router strips `loader`/`action` from a route module for the browser and then drops the
 * imports only they used; an import the page component (or `meta`, `links`, a re-export) still
 * uses keeps its whole server module in the browser graph. Vite then only warns ("externalized
 * for browser compatibility") and tree-shaking may hide the damage in the final files, so reading
 * `build/client` proves nothing: the guard looks at the module graph while it is built, and
 * names the import chain so the leak is quick to cut.
 */
export function clientBundleGuard(root: string): Plugin {
  const serverDir = path.resolve(root, "server") + path.sep;
  const leaks = new Map<string, string>();
  return {
    name: "kursusku:client-bundle-guard",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      leaks.clear();
    },
    resolveId(source, importer) {
      if (importer && isBuiltin(source) && isProjectSource(importer, root)) {
        leaks.set(`${source} (from ${path.relative(root, importer)})`, importer);
      }
      return null;
    },
    load(id) {
      if (id.startsWith(serverDir)) leaks.set(path.relative(root, id), id);
      return null;
    },
    buildEnd() {
      if (leaks.size === 0) return;
      const lines = [...leaks].map(
        ([what, id]) => `  ${what}\n    via ${importChain(id, root, (m) => this.getModuleInfo(m))}`,
      );
      this.error(
        `Server code reached the browser bundle (import it only from a loader/action, or move the ` +
          `shared part to core/):\n${lines.join("\n")}`,
      );
    },
  };
}

const NODE_BUILTINS = new Set(builtinModules);

function isBuiltin(source: string): boolean {
  return source.startsWith("node:") || NODE_BUILTINS.has(source);
}

function isProjectSource(id: string, root: string): boolean {
  return id.startsWith(root + path.sep) && !id.includes(`${path.sep}node_modules${path.sep}`);
}

type ModuleInfoLookup = (id: string) => { importers: readonly string[] } | null;

/** The first chain of importers from `id` up to a module nobody imports (the route or entry). */
export function importChain(id: string, root: string, moduleInfo: ModuleInfoLookup): string {
  const chain = [id];
  const seen = new Set(chain);
  let current = id;
  for (;;) {
    const importer = moduleInfo(current)?.importers.find((candidate) => !seen.has(candidate));
    if (!importer) break;
    chain.push(importer);
    seen.add(importer);
    current = importer;
  }
  return chain.map((m) => path.relative(root, m)).join(" ← ");
}
