import path from "node:path";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
// With its extension: Vite's coming native config loader resolves no extensionless imports.
import { precompressAssets } from "./tools/build/precompress-assets.ts";
import { clientBundleGuard } from "./tools/build/client-bundle-guard.ts";
import { clientChunks } from "./tools/build/client-chunks.ts";

const serverDir = path.resolve(import.meta.dirname, "server") + path.sep;
// Where React Router writes the server bundle (one index.js), for the relative import paths.
const serverBuildDir = path.resolve(import.meta.dirname, "build/server");

/**
 * The server build imports `server/` (domain rules, db, adapters) from the source at run time
 * instead of bundling a second copy. The process already loads that source (services, the JSON
 * API, the scheduler), and a second copy means two of every class and module state: an adapter's
 * AiProviderError or InvalidIdTokenError was then not `instanceof` the bundled class, and a failed
 * AI call or a bad Google token became a 500 instead of SPEC's message.
 */
function isServerSource(id: string): boolean {
  return path.isAbsolute(id) && id.startsWith(serverDir);
}

export default defineConfig(({ isSsrBuild }) => ({
  // Static files get brotli and gzip copies at build time (server/web/static-files.ts sends them).
  // Messages (messages/{en,id}.json) compile to one function each in core/paraglide/.
  plugins: [
    paraglideVitePlugin({ project: "./project.inlang", outdir: "./core/paraglide" }),
    tailwindcss(),
    reactRouter(),
    // No server module may reach the browser: the build fails and names the import chain.
    clientBundleGuard(import.meta.dirname),
    // The framework one file, the root layout's code one file (fewer, better-compressed files).
    clientChunks(import.meta.dirname),
    precompressAssets(),
  ],
  build: isSsrBuild
    ? {
        rollupOptions: {
          external: isServerSource,
          output: {
            paths: (id: string) => (isServerSource(id) ? path.relative(serverBuildDir, id) : id),
          },
        },
      }
    : {},
  server: { watch: { ignored: ["**/data/**", "**/test-results/**", "**/bench/**"] } },
}));
