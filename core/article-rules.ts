/**
 * Article rules — limits, field validation, image checks and the submission cooldown — shared by
 * the browser (which mirrors them for a quick answer) and the server (which enforces them).
 */
import { formatCount } from "./numbers";
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
  contentTooLong: `Content must be ${formatCount(ARTICLE_LIMITS.contentMax)} characters or less.`,
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
