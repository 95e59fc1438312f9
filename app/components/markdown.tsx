import { createContext, useContext, useMemo, type ComponentPropsWithoutRef } from "react";
import { useInRouterContext } from "react-router";
import ReactMarkdown, { type Components, type UrlTransform } from "react-markdown";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { safeImageSrc, safeLinkHref } from "../../core/safe-addresses";
import { remarkFitHeadingsUnderTitle } from "../lib/markdown-headings";
import { useSiteUrl } from "./site-url";
import { useMessages } from "../lib/i18n";
import type { Locale } from "../../core/locale";
import * as m from "../../core/paraglide/messages";

/**
 * User-written markdown, rendered safely: GitHub-flavoured markdown without raw
 * HTML (skipped, never rendered), links only to http, https, irc, ircs, mailto and xmpp
 * addresses (anything else, `javascript:` included, stays as plain text), images only from
 * http, https or data:image addresses and never from the site's own pages other than /uploads/
 * (an image request carries the reader's cookies). rehype-sanitize runs as a second fence.
 *
 * `variant="excerpt"` keeps only inline text (for cards): no links, images, headings or lists.
 */
export type MarkdownProps = {
  content: string;
  /** The site's address; by default the app's (PUBLIC_SITE_URL). */
  siteUrl?: string | null;
  variant?: "full" | "excerpt";
  className?: string;
};

const SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  protocols: {
    ...defaultSchema.protocols,
    src: ["http", "https", "data"],
  },
  // Ids only come from GFM footnotes, which remark-rehype already prefixes with "user-content-".
  clobber: [],
};

function transformUrlFor(siteUrl: string | null): UrlTransform {
  return (url, key) => {
    if (key === "href") return safeLinkHref(url, siteUrl) ?? "";
    if (key === "src") return safeImageSrc(url, siteUrl) ?? "";
    return "";
  };
}

/** Outside links of user content: never followed by crawlers, never given our window. */
function MarkdownLink({ href, children, node: _node, ...rest }: AnchorProps) {
  if (!href) return <span>{children}</span>;
  if (href.startsWith("#")) return <a href={href}>{children}</a>;
  return (
    <a
      {...rest}
      href={href}
      target="_blank"
      rel="nofollow ugc noopener"
      className="font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700 dark:text-brand-100"
    >
      {children}
    </a>
  );
}
type AnchorProps = ComponentPropsWithoutRef<"a"> & { node?: unknown };

function MarkdownImage({
  src,
  alt,
  node: _node,
}: ComponentPropsWithoutRef<"img"> & { node?: unknown }) {
  if (typeof src !== "string" || !src) return alt ? <span>{alt}</span> : null;
  return (
    <img
      src={src}
      alt={alt ?? ""}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      className="my-4 h-auto max-w-full rounded-lg"
    />
  );
}

/** Headings arrive as h2–h6 (remarkFitHeadingsUnderTitle): the page title is the only h1. */
const FULL_COMPONENTS: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  h2: ({ node: _node, children, ...props }) => (
    <h2 className="mt-8 mb-3 text-2xl font-bold" {...props}>
      {children}
    </h2>
  ),
  h3: ({ node: _node, children, ...props }) => (
    <h3 className="mt-6 mb-3 text-xl font-bold" {...props}>
      {children}
    </h3>
  ),
  h4: ({ node: _node, children, ...props }) => (
    <h4 className="mt-5 mb-2 text-lg font-semibold" {...props}>
      {children}
    </h4>
  ),
  h5: ({ node: _node, children, ...props }) => (
    <h5 className="mt-4 mb-2 font-semibold" {...props}>
      {children}
    </h5>
  ),
  h6: ({ node: _node, children, ...props }) => (
    <h6 className="mt-4 mb-2 font-semibold" {...props}>
      {children}
    </h6>
  ),
  p: ({ node: _node, ...props }) => <p className="my-3 leading-relaxed" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-3 list-disc space-y-1 pl-6" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-3 list-decimal space-y-1 pl-6" {...props} />,
  blockquote: ({ node: _node, ...props }) => (
    <blockquote
      className="my-4 border-l-4 border-slate-300 pl-4 text-slate-700 italic dark:border-slate-600 dark:text-slate-300"
      {...props}
    />
  ),
  pre: ({ node: _node, ...props }) => (
    <pre
      // The block's code takes the block's dark background and light text: inline code's pale
      // chip (below) would put light text on a light background.
      className="my-4 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-inherit"
      {...props}
    />
  ),
  code: ({ node: _node, className, ...props }) => (
    <code
      className={`rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] dark:bg-slate-800 ${className ?? ""}`}
      {...props}
    />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-4 overflow-x-auto">
      <table className="min-w-full border-collapse text-sm" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => (
    <th
      className="border border-slate-300 bg-slate-100 px-3 py-1.5 text-left dark:border-slate-700 dark:bg-slate-800"
      {...props}
    />
  ),
  td: ({ node: _node, ...props }) => (
    <td className="border border-slate-300 px-3 py-1.5 dark:border-slate-700" {...props} />
  ),
  hr: ({ node: _node, ...props }) => (
    <hr className="my-6 border-slate-200 dark:border-slate-700" {...props} />
  ),
  input: ({ node: _node, ...props }) => <TaskCheckbox {...props} />,
};

type CheckboxProps = ComponentPropsWithoutRef<"input">;

/**
 * The language of Markdown rendered outside a page (renderMarkdownHtml, on the server, for the
 * page's loader): there is no router there to read the page's language from.
 */
export const MarkdownLocale = createContext<Locale | null>(null);

/**
 * A task list's box, its label ("Done" / "Not done") in the page's language: the one
 * renderMarkdownHtml was given, else the page's, else English.
 */
function TaskCheckbox(props: CheckboxProps) {
  const given = useContext(MarkdownLocale);
  const inPage = useInRouterContext();
  if (given) return <TaskCheckboxIn locale={given} {...props} />;
  return inPage ? <PageTaskCheckbox {...props} /> : <TaskCheckboxIn locale="en" {...props} />;
}

function PageTaskCheckbox(props: CheckboxProps) {
  return <TaskCheckboxIn locale={useMessages().locale} {...props} />;
}

function TaskCheckboxIn({ locale, checked, ...props }: CheckboxProps & { locale: Locale }) {
  const label = checked ? m.writing_task_done : m.writing_task_not_done;
  return (
    <input
      {...props}
      type="checkbox"
      checked={Boolean(checked)}
      readOnly
      disabled
      aria-label={label({}, { locale })}
      className="mr-1.5 align-middle"
    />
  );
}

/** Inline text only: the card excerpt is three lines of prose. */
const EXCERPT_ELEMENTS = ["p", "strong", "em", "del", "code", "br"];
const EXCERPT_COMPONENTS: Components = {
  p: ({ node: _node, ...props }) => <p className="inline after:content-['_']" {...props} />,
  code: ({ node: _node, ...props }) => <code className="font-mono text-[0.9em]" {...props} />,
};

export function Markdown({ className, ...body }: MarkdownProps) {
  return (
    <div className={className}>
      <MarkdownBody {...body} />
    </div>
  );
}

/** The rendered markdown without its box: what `renderMarkdownHtml` turns into a string. */
export function MarkdownBody({
  content,
  variant = "full",
  siteUrl,
}: Omit<MarkdownProps, "className">) {
  const excerpt = variant === "excerpt";
  const appSiteUrl = useSiteUrl();
  const site = siteUrl ?? appSiteUrl;
  const transformUrl = useMemo(() => transformUrlFor(site), [site]);
  return (
    <ReactMarkdown
      remarkPlugins={excerpt ? [remarkGfm] : [remarkGfm, remarkFitHeadingsUnderTitle]}
      rehypePlugins={[[rehypeSanitize, SANITIZE_SCHEMA]]}
      skipHtml
      urlTransform={transformUrl}
      components={excerpt ? EXCERPT_COMPONENTS : FULL_COMPONENTS}
      allowedElements={excerpt ? EXCERPT_ELEMENTS : undefined}
      unwrapDisallowed={excerpt}
    >
      {content}
    </ReactMarkdown>
  );
}
