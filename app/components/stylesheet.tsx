import { createContext, useContext } from "react";

const InlineStylesheetContext = createContext<string | null>(null);

/** The server entry provides the built stylesheet's text; the browser never receives it twice. */
export const InlineStylesheetProvider = InlineStylesheetContext.Provider;

/**
 * The site's stylesheet, inlined into the server-rendered <head>. As a separate file it was the
 * one render-blocking request of every page, and on a slow phone link it shared the bandwidth
 * with the ~20 module preloads React hoists beside it: first paint waited for all of them.
 * Inline, the first paint needs only the HTML (about 10 kB more of it, gzip).
 *
 * React 19 treats a <style> with `href` and `precedence` as a resource keyed by `href`: when
 * hydrating it adopts the server's element by that key and does not compare its text, so the
 * client renders it empty and the CSS is not also shipped inside the JavaScript.
 */
export function Stylesheet({ href }: { href: string }) {
  const css = useContext(InlineStylesheetContext);
  return (
    <style href={href} precedence="default">
      {css ?? ""}
    </style>
  );
}
