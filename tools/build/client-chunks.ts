import path from "node:path";
import type { Plugin } from "vite";

/**
 * How the browser's JavaScript is cut into files.
 *
 * Left to itself, Rolldown gives every module that two routes share a chunk of its own: the home
 * page loaded 36 files, 20 of them under 1 kB. Each file is compressed on its own, so the words
 * they share (React's names, our class names, message keys) are paid for again in every file:
 * the same code measured 8 kB less gzip as one file than as those 36. The JavaScript budget
 * (< 150 kB gzip on the home page and the dashboard) counts the files as they are sent.
 *
 * Three rules, each about code a page already loads, so no page loads code it did not before:
 * - **The framework** (React, React DOM, React Router, the scheduler) is one chunk: it changes
 *   only with a dependency update, so a browser keeps it cached across our releases.
 * - **Everything the root layout needs** (the header, footer, toasts, the opener, sign-in, the
 *   error page, and the modules they import) joins the browser entry's chunk. Every page runs
 *   the root, so every page loaded all of it anyway, in some twenty files.
 * - Route code is split as Rolldown does it.
 *
 * Messages stay outside the root group: the messages index imports every message, and capturing
 * it would pull all ~1 100 of them in. Each message a root module uses is still bundled beside it.
 */
export function clientChunks(root: string): Plugin {
  const entries = [path.join(root, "app", "root.tsx"), path.join(root, "app", "entry.client.tsx")];
  const rootLayoutModules = new Set<string>();
  const isRouteModule = (id: string) =>
    id === entries[0] || id.startsWith(path.join(root, "app", "routes") + path.sep);
  const isMessage = (id: string) =>
    id.startsWith(path.join(root, "core", "paraglide", "messages"));

  return {
    name: "kursusku:client-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    config: (_config, { isSsrBuild }) =>
      isSsrBuild
        ? undefined
        : {
            build: {
              rolldownOptions: {
                output: {
                  codeSplitting: {
                    groups: [
                      { name: "framework", test: FRAMEWORK, priority: 2 },
                      {
                        name: "entry.client",
                        priority: 1,
                        test: (id: string) =>
                          rootLayoutModules.has(id) &&
                          !isRouteModule(id) &&
                          !isMessage(id) &&
                          !id.includes(`${path.sep}node_modules${path.sep}`),
                      },
                    ],
                  },
                },
              },
            },
          },
    buildStart() {
      rootLayoutModules.clear();
    },
    // The module graph is complete here, before Rolldown cuts chunks and asks the groups.
    buildEnd() {
      const pending = entries.filter((id) => this.getModuleInfo(id));
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (rootLayoutModules.has(id)) continue;
        rootLayoutModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      if (rootLayoutModules.size === 0) this.error("client-chunks: app/root.tsx is not in the build");
    },
  };
}

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
