import { renderToStaticMarkup } from "react-dom/server";
import type { Locale } from "../../core/locale";
import { MarkdownBody, MarkdownLocale, type MarkdownProps } from "./markdown";

/**
 * Markdown rendered on the server only, for pages that show an article and never change it: the
 * article and the article cards. The page gets the HTML as a string (`StaticHtml`), so the
 * browser neither downloads the markdown renderer (react-markdown, remark-gfm, rehype-sanitize:
 * 174 kB) nor parses and renders the text again while hydrating (decision 0020). The rules are
 * those of `Markdown`, which renders it here: no raw HTML, safe links and images only. `locale`
 * is the page's language (a task box's label).
 *
 * `.server` in the name: React Router refuses to build a browser bundle that imports it.
 */
export function renderMarkdownHtml(
  content: string,
  options: { siteUrl: string; variant?: MarkdownProps["variant"]; locale?: Locale },
): string {
  return renderToStaticMarkup(
    <MarkdownLocale.Provider value={options.locale ?? "en"}>
      <MarkdownBody content={content} siteUrl={options.siteUrl} variant={options.variant} />
    </MarkdownLocale.Provider>,
  );
}
