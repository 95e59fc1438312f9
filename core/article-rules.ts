/**
 * Article rules (validation, cooldown, safe links and images, slugs), shared by the browser (which mirrors them for
 * a quick answer) and the server (which enforces them). Pure functions, no server imports.
 */
import { parseRowId } from "./row-id";
import { ARTICLE_COOLDOWN_MS } from "./rules";

export const ARTICLE_LIMITS = {
  titleMin: 10,
  titleMax: 100,
  contentMin: 50,
  /** Not in SPEC: a bound so one article cannot fill the database (the API accepts 200 000). */
  contentMax: 100_000,
  /** Not in SPEC: author names are labels, not essays. */
  authorMax: 100,
  imageMaxBytes: 2 * 1024 * 1024,
  /** Live moderation waits this long after the last keystroke. */
  moderationDebounceMs: 1200,
  titleModerationMinChars: 10,
  contentModerationMinChars: 30,
  contentModerationMaxChars: 2000,
  /** Stored covers are at most this wide. */
  coverMaxWidth: 1600,
  /** Search boxes of the list. */
  searchMaxChars: 100,
} as const;

export const ARTICLE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type ArticleImageType = (typeof ARTICLE_IMAGE_TYPES)[number];

/** The default (anonymous) author label. */
export const DEFAULT_ARTICLE_AUTHOR = "Anonymous Contributor";

/** Every text of the article screens that the server and the browser must word identically. */
export const ARTICLE_MESSAGES = {
  titleRequired: "Title is required.",
  titleTooShort: "Title must be at least 10 characters long.",
  titleTooLong: "Title must be 100 characters or less.",
  contentRequired: "Content is required.",
  contentTooShort: "Content must be at least 50 characters long.",
  contentTooLong: `Content must be ${ARTICLE_LIMITS.contentMax.toLocaleString("en-US")} characters or less.`,
  authorRequired: "Author is required.",
  authorTooLong: `Author must be ${ARTICLE_LIMITS.authorMax} characters or less.`,
  imageTooLarge: "Image size should not exceed 2MB.",
  imageWrongType: "Please choose a JPEG, PNG, WebP or GIF image.",
  imageUnreadable:
    "The image could not be read. Please choose another JPEG, PNG, WebP or GIF file.",
  notEligible: "Only Premium members or App users can submit articles.",
  signInRequired: "Please sign in to submit an article.",
  cooldownFallback: "Please wait before submitting another article.",
  checkingEligibility: "Checking submission eligibility...",
  formErrors: "Please correct the form errors.",
  formErrorsShown: "Please correct the form errors shown.",
  titleWarning: "Please address the title warning before submitting.",
  contentWarning: "Please address the text content warning before submitting.",
  imageWarning: "Please address the image content warning before submitting.",
  titleProcessing: "Title is still being processed. Please wait.",
  contentProcessing: "Content is still being processed. Please wait.",
  imageProcessing: "Image is still being processed. Please wait.",
  aiUnavailable:
    "The AI content check is unavailable right now, so your article was not published. Please try again in a few minutes.",
  aiUnreadable:
    "The AI content check could not be completed, so your article was not published. Please try again.",
  /** A server message containing "article added" is treated as success. */
  added: "Article added successfully! It is now live on Latest Insights.",
  notFound: "Article Not Found",
  notFoundHint: "The article you are looking for does not exist or may have been moved.",
  aiNotice: "Content was checked by AI.",
} as const;

export type ArticleField = "title" | "content" | "author";
export type ArticleFieldErrors = Partial<Record<ArticleField, string>>;
export type ArticleTextInput = { title: string; content: string; author: string };

export function validateTitle(title: string): string | null {
  const trimmed = title.trim();
  if (trimmed === "") return ARTICLE_MESSAGES.titleRequired;
  if (trimmed.length < ARTICLE_LIMITS.titleMin) return ARTICLE_MESSAGES.titleTooShort;
  if (trimmed.length > ARTICLE_LIMITS.titleMax) return ARTICLE_MESSAGES.titleTooLong;
  return null;
}

export function validateContent(content: string): string | null {
  const trimmed = content.trim();
  if (trimmed === "") return ARTICLE_MESSAGES.contentRequired;
  if (trimmed.length < ARTICLE_LIMITS.contentMin) return ARTICLE_MESSAGES.contentTooShort;
  if (trimmed.length > ARTICLE_LIMITS.contentMax) return ARTICLE_MESSAGES.contentTooLong;
  return null;
}

export function validateAuthor(author: string): string | null {
  const trimmed = author.trim();
  if (trimmed === "") return ARTICLE_MESSAGES.authorRequired;
  if (trimmed.length > ARTICLE_LIMITS.authorMax) return ARTICLE_MESSAGES.authorTooLong;
  return null;
}

/** Field rules; an empty object means the text fields are valid. */
export function validateArticleInput(input: ArticleTextInput): ArticleFieldErrors {
  const errors: ArticleFieldErrors = {};
  const title = validateTitle(input.title);
  const content = validateContent(input.content);
  const author = validateAuthor(input.author);
  if (title) errors.title = title;
  if (content) errors.content = content;
  if (author) errors.author = author;
  return errors;
}

/** The declared type and size of a picked file (the server checks the real bytes again). */
export function validateImageFile(file: { size: number; type: string }): string | null {
  if (file.size > ARTICLE_LIMITS.imageMaxBytes) return ARTICLE_MESSAGES.imageTooLarge;
  if (!(ARTICLE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return ARTICLE_MESSAGES.imageWrongType;
  }
  return null;
}

/** The remaining cooldown in whole minutes, rounded up. */
export function cooldownMinutes(remainingMs: number): number {
  return Math.max(1, Math.ceil(remainingMs / 60_000));
}

/** The time-remaining message (fallback when the remaining time is unknown). */
export function cooldownMessage(remainingMs: number | null | undefined): string {
  if (remainingMs === null || remainingMs === undefined || !Number.isFinite(remainingMs)) {
    return ARTICLE_MESSAGES.cooldownFallback;
  }
  const minutes = cooldownMinutes(remainingMs);
  return `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} before submitting another article.`;
}

/** How long a user must still wait after an article submitted at `lastSubmittedAt`. */
export function cooldownRemainingMs(lastSubmittedAt: Date | null, now: Date): number {
  if (!lastSubmittedAt) return 0;
  return Math.max(0, lastSubmittedAt.getTime() + ARTICLE_COOLDOWN_MS - now.getTime());
}

// ---------------------------------------------------------------------------------------------
// Addresses

const LINK_PROTOCOLS = ["http", "https", "irc", "ircs", "mailto", "xmpp"] as const;

function schemeOf(url: string): string | null {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- stripping control characters on purpose
  const compact = url.replace(/[\u0000-\u0020\u007f]/g, "");
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * A markdown link is kept only with an http, https, irc, ircs, mailto or xmpp
 * address, or as an in-page anchor (GFM footnotes). Relative site paths are dropped too: a
 * link to /go/… in someone's article would spend the reader's credit.
 */
export function safeLinkHref(url: string | null | undefined): string | null {
  const value = (url ?? "").trim();
  if (value === "") return null;
  if (value.startsWith("#")) return value;
  const scheme = schemeOf(value);
  if (!scheme || !(LINK_PROTOCOLS as readonly string[]).includes(scheme)) return null;
  return value;
}

/**
 * Markdown images: only http, https or data:image addresses, and never one of the site's own
 * pages. An image request carries the reader's cookies, so `![x](https://<site>/go/209)` in an
 * article would act as the reader; only the site's uploaded files (/uploads/…) may be shown.
 * Relative and protocol-relative addresses have no scheme and are dropped here anyway.
 */
export function safeImageSrc(
  url: string | null | undefined,
  siteUrl?: string | null,
): string | null {
  const value = (url ?? "").trim();
  const scheme = schemeOf(value);
  if (scheme === "http" || scheme === "https") {
    return isOwnNonUploadAddress(value, siteUrl) ? null : value;
  }
  if (scheme === "data" && /^data:image\//i.test(value)) return value;
  return null;
}

const UPLOADS_PREFIX = "/uploads/";

/**
 * True when `address` resolves (relative to the site) to this site and outside /uploads/: the
 * parsed path decides, so "/uploads/../go/1" and "%2e%2e" tricks count as /go/1.
 */
export function isOwnNonUploadAddress(address: string, siteUrl?: string | null): boolean {
  const base = originOf(siteUrl) ?? "https://site.invalid";
  let parsed: URL;
  try {
    parsed = new URL(address, base);
  } catch {
    return true;
  }
  if (parsed.origin !== base) return false;
  return !parsed.pathname.startsWith(UPLOADS_PREFIX);
}

function originOf(siteUrl: string | null | undefined): string | null {
  if (!siteUrl) return null;
  try {
    return new URL(siteUrl).origin;
  } catch {
    return null;
  }
}

const DRIVE_HOSTS = new Set(["drive.google.com", "docs.google.com"]);
const DRIVE_ID = /^[\w-]{10,200}$/;

/**
 * A cover address from a cloud file-sharing service becomes its direct-view form.
 * Google Drive share links (…/file/d/<ID>/view, open?id=<ID>, uc?id=<ID>) become
 * https://drive.google.com/uc?export=view&id=<ID>; Dropbox share links get raw=1.
 * Anything else comes back unchanged.
 */
export function toDirectImageUrl(address: string): string {
  const value = address.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  const host = url.hostname.toLowerCase();
  if (DRIVE_HOSTS.has(host)) {
    const fromPath = /^\/file\/d\/([^/]+)/.exec(url.pathname)?.[1];
    const fromQuery =
      url.pathname === "/open" || url.pathname === "/uc" ? url.searchParams.get("id") : null;
    const id = fromPath ?? fromQuery;
    if (id && DRIVE_ID.test(id)) return `https://drive.google.com/uc?export=view&id=${id}`;
    return value;
  }
  if (host === "www.dropbox.com" || host === "dropbox.com") {
    url.searchParams.delete("dl");
    url.searchParams.set("raw", "1");
    return url.toString();
  }
  return value;
}

/**
 * The address a cover image is shown from, or null (then the placeholder shows). Cloud share
 * links are rewritten first. Shown: http, https and data:image addresses, and the site's
 * uploaded files (/uploads/<key>); never another of the site's own pages (a cover at /go/209
 * would spend the reader's credit).
 */
export function coverImageSrc(
  address: string | null | undefined,
  siteUrl?: string | null,
): string | null {
  const value = (address ?? "").trim();
  if (value === "") return null;
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) {
    return isOwnNonUploadAddress(value, siteUrl) ? null : value;
  }
  return safeImageSrc(toDirectImageUrl(value), siteUrl);
}

// ---------------------------------------------------------------------------------------------
// Text

/** A readable URL segment from a title: lowercase ASCII words joined by hyphens. */
export function slugifyTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "article";
}

/** The readable address of an article (redirects to the canonical /article?id=…). */
export function articleSlugPath(article: { articleId: number; slug: string }): string {
  return `/articles/${article.slug || "article"}-${article.articleId}`;
}

/** The canonical address of an article. */
export function articlePath(articleId: number): string {
  return `/article?id=${articleId}`;
}

function toArticleId(digits: string | undefined): number | null {
  if (!digits) return null;
  return parseRowId(digits);
}

/** The id of /article?id=…: digits only, else null. */
export function parseArticleId(value: string | null | undefined): number | null {
  return toArticleId(/^\d{1,10}$/.exec((value ?? "").trim())?.[0]);
}

/** The id at the end of a readable address segment ("learn-python-fast-12" or "12"). */
export function articleIdFromSlug(value: string | null | undefined): number | null {
  return toArticleId(/^(?:[^/]*-)?(\d{1,10})$/.exec((value ?? "").trim())?.[1]);
}

/**
 * Markdown as plain text for meta descriptions and structured data: images and links keep
 * their text, markup and HTML go, whitespace collapses.
 */
export function markdownToPlainText(markdown: string): string {
  return (
    markdown
      .replace(/\r\n?/g, "\n")
      // fenced code: keep the code, drop the fences
      .replace(/^\s*(```|~~~)[^\n]*$/gm, " ")
      // HTML comments and tags
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<\/?[A-Za-z][^>]*>/g, " ")
      // link reference definitions: [id]: https://…
      .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, " ")
      // images then links: keep their text
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/!\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      .replace(/<(https?:\/\/[^>]+)>/g, "$1")
      // headings, quotes, list markers, rules, table pipes
      .replace(/^\s{0,3}#{1,6}\s+/gm, "")
      .replace(/^\s*>+\s?/gm, "")
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, "")
      .replace(/^\s*(?:[-*_]\s*){3,}$/gm, " ")
      .replace(/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, " ")
      .replace(/\|/g, " ")
      // emphasis, strike-through and inline code markers
      .replace(/(\*\*|__)(.+?)\1/g, "$2")
      .replace(/(\*|_)(\S(?:.*?\S)?)\1/g, "$2")
      .replace(/~~(.+?)~~/g, "$1")
      .replace(/`+([^`]*)`+/g, "$1")
      // entities people type
      .replace(/&nbsp;/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** Search terms of the list (active when non-empty after trimming). */
export type ArticleListQuery = { search: string; author: string; page: number };

export function parseArticleListQuery(params: URLSearchParams): ArticleListQuery {
  const text = (name: string) =>
    (params.get(name) ?? "").trim().slice(0, ARTICLE_LIMITS.searchMaxChars);
  const page = Number(params.get("page"));
  return {
    search: text("search"),
    author: text("author"),
    page: Number.isInteger(page) && page > 1 && page < 100_000 ? page : 1,
  };
}

export function hasActiveArticleFilters(query: Pick<ArticleListQuery, "search" | "author">) {
  return query.search !== "" || query.author !== "";
}

/** /articles with the query in the URL; empty terms and page 1 are left out. */
export function articleListHref(query: Partial<ArticleListQuery>): string {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set("search", query.search.trim());
  if (query.author?.trim()) params.set("author", query.author.trim());
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/articles?${search}` : "/articles";
}

/** The start of an article for its card excerpt: whole lines, about `maxChars` of them. */
export function excerptSource(markdown: string, maxChars = 600): string {
  if (markdown.length <= maxChars) return markdown;
  const cut = markdown.lastIndexOf("\n", maxChars);
  return markdown.slice(0, cut > maxChars / 2 ? cut : maxChars);
}

// ---------------------------------------------------------------------------------------------
// The form's submit button and the toasts of a blocked submit

export type ModeratedField = "title" | "content" | "image";
/** idle: nothing to check; pending: waiting for the debounce; checking: the AI is answering. */
export type ModerationStatus = "idle" | "pending" | "checking" | "passed" | "advisory";

export type ArticleFormState = {
  submitting: boolean;
  eligibilityLoading: boolean;
  coolingDown: boolean;
  /** Errors shown at the fields (validation, image size/type, the server's refusals). */
  hasErrors: boolean;
  moderation: Record<ModeratedField, ModerationStatus>;
};

export const SUBMIT_LABELS = {
  ready: "Submit Article",
  submitting: "Submitting Article...",
  eligibility: "Checking Eligibility...",
  processing: "Processing Input...",
  warnings: "Address Warnings",
  cooldown: "Submission Cooldown",
  errors: "Fix Form Errors",
} as const;

const MODERATED_FIELDS: ModeratedField[] = ["title", "content", "image"];

function isProcessing(status: ModerationStatus): boolean {
  return status === "pending" || status === "checking";
}

/** The label, in its order of precedence; the button is enabled only when ready. */
export function submitButtonLabel(state: ArticleFormState): string {
  if (state.submitting) return SUBMIT_LABELS.submitting;
  if (state.eligibilityLoading) return SUBMIT_LABELS.eligibility;
  if (MODERATED_FIELDS.some((field) => isProcessing(state.moderation[field]))) {
    return SUBMIT_LABELS.processing;
  }
  if (MODERATED_FIELDS.some((field) => state.moderation[field] === "advisory")) {
    return SUBMIT_LABELS.warnings;
  }
  if (state.coolingDown) return SUBMIT_LABELS.cooldown;
  if (state.hasErrors) return SUBMIT_LABELS.errors;
  return SUBMIT_LABELS.ready;
}

export type SubmitBlock = { message: string; type: "info" | "error" };

const WARNING_MESSAGES: Record<ModeratedField, string> = {
  title: ARTICLE_MESSAGES.titleWarning,
  content: ARTICLE_MESSAGES.contentWarning,
  image: ARTICLE_MESSAGES.imageWarning,
};
const PROCESSING_MESSAGES: Record<ModeratedField, string> = {
  title: ARTICLE_MESSAGES.titleProcessing,
  content: ARTICLE_MESSAGES.contentProcessing,
  image: ARTICLE_MESSAGES.imageProcessing,
};

/**
 * Why a submit attempt is refused in the browser, or null. Validation of
 * untouched fields comes after this (its toast is "Please correct the form errors.").
 */
export function submitBlock(
  state: Omit<ArticleFormState, "submitting">,
  cooldownRemaining: number | null,
): SubmitBlock | null {
  if (state.eligibilityLoading)
    return { message: ARTICLE_MESSAGES.checkingEligibility, type: "info" };
  if (state.coolingDown) return { message: cooldownMessage(cooldownRemaining), type: "error" };
  if (state.hasErrors) return { message: ARTICLE_MESSAGES.formErrorsShown, type: "error" };
  for (const field of MODERATED_FIELDS) {
    if (state.moderation[field] === "advisory") {
      return { message: WARNING_MESSAGES[field], type: "error" };
    }
  }
  for (const field of MODERATED_FIELDS) {
    if (isProcessing(state.moderation[field])) {
      return { message: PROCESSING_MESSAGES[field], type: "info" };
    }
  }
  return null;
}
