import { Fragment, type ReactNode } from "react";

/** Renders the text between a tag pair, e.g. a link around "Privacy Policy". */
export type RichTag = (children: string) => ReactNode;

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/**
 * A message with inline markup, so a sentence stays whole for its translator: `<b>…</b>` is bold,
 * and any other tag pair is rendered by the function of that name (a link, usually). Tags do not
 * nest; a tag without a function shows its text plain.
 */
export function rich(text: string, tags: Record<string, RichTag> = {}): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = "", inner = ""] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const render = tags[name] ?? (name === "b" ? (bold: string) => <strong>{bold}</strong> : null);
    parts.push(<Fragment key={match.index}>{render ? render(inner) : inner}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
