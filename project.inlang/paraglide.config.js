// Paths are relative to the project root. Read by `npm run i18n` (postinstall, typecheck) and by the Vite plugin (build, dev, vitest).
// Components pass the page's locale to every message (app/lib/i18n.ts): the runtime's own locale
// detection is never asked, so it is only the base locale.
/** @type {import("@inlang/paraglide-js").ParaglideConfig} */
export default {
  outdir: "./core/paraglide",
  emitTsDeclarations: true,
  strategy: ["baseLocale"],
};
