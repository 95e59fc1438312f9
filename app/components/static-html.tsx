/**
 * HTML the server made once (markdown rendered by `renderMarkdownHtml`), shown as it came. React
 * hydrates an element with `dangerouslySetInnerHTML` without walking or comparing what is inside,
 * so the same string on both sides costs the browser nothing. Only ever hand it HTML that the
 * server built from trusted code, never text as a user typed it.
 */
export function StaticHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
