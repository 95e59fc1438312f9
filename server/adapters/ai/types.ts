import type {
  AiImageMimeType,
  LearningGuidance,
  ModerationVerdict,
  TrendingTopic,
} from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";

/**
 * The AI service: Gemini when a key is configured, the offline provider otherwise. Providers
 * only answer; the domain (server/domain/ai/) gathers the facts from our database, checks the
 * input, verifies keywords against the catalogue and decides what an unreadable reply means.
 */
export type AiProvider = {
  /** For the start-up log, e.g. "gemini (gemini-2.5-flash)" or "local (offline)". */
  readonly name: string;
  moderateText(input: TextModerationInput): Promise<ProviderReply<ModerationVerdict>>;
  moderateImage(input: ImageModerationInput): Promise<ProviderReply<ModerationVerdict>>;
  compass(input: CompassInput): Promise<ProviderReply<LearningGuidance>>;
  /** The topic and its explanation in `locale` (English when not given). */
  trending(facts: TrendingFacts, locale?: Locale): Promise<ProviderReply<TrendingTopic>>;
  /** Starts loading heavy models in the background (never awaited on a request). */
  warmUp(): void;
};

/**
 * A provider either answers in the expected shape or returns what it could not read.
 * Transport failures (timeouts, HTTP errors) throw AiProviderError instead.
 */
export type ProviderReply<T> = { ok: true; value: T } | { ok: false; raw: string };

export type TextModerationKind = "title" | "content";

/** `locale`: the language the verdict's reason is written in (English when not given). */
export type TextModerationInput = { kind: TextModerationKind; text: string; locale?: Locale };

export type ImageModerationInput = {
  bytes: Uint8Array;
  mimeType: AiImageMimeType;
  locale?: Locale;
};

/** What the compass may draw on: listed courses (newest first), without any coupon data. */
export type CatalogueCourse = {
  id: number;
  title: string;
  category: string;
  subCategory: string | null;
  headline: string | null;
  /** The course's language as the catalogue names it ("English", "Indonesian"), when known. */
  language?: string | null;
};

/** `locale`: the language the advice is written in (the page's; English when not given). */
export type CompassInput = { goal: string; catalogue: CatalogueCourse[]; locale?: Locale };

/** Opens (course visits) and new courses over the last 7 days against the 7 before. */
export type TrendingFacts = {
  today: string;
  windowDays: number;
  totals: {
    opensThisWeek: number;
    opensLastWeek: number;
    newCoursesThisWeek: number;
    listedCourses: number;
  };
  categories: TrendingCategory[];
  /** Courses opened in either week, or new this week (most opened first, capped). */
  courses: TrendingCourse[];
};

export type TrendingCategory = {
  category: string;
  opensThisWeek: number;
  opensLastWeek: number;
  newCourses: number;
  listedCourses: number;
};

export type TrendingCourse = {
  id: number;
  title: string;
  category: string;
  opensThisWeek: number;
  opensLastWeek: number;
  isNew: boolean;
};

const AI_PROVIDER_ERROR_BRAND = Symbol.for("kursusku.AiProviderError");

/** The AI service could not be reached or refused (after its one retry). */
export class AiProviderError extends Error {
  override name = "AiProviderError";
  readonly [AI_PROVIDER_ERROR_BRAND] = true;

  /**
   * The Vite dev server loads this module twice: through Node for the services that throw it and
   * through Vite for the domain code that catches it. The brand, shared through the global symbol
   * registry, lets `instanceof` recognise an error from either copy.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && AI_PROVIDER_ERROR_BRAND in value;
  }

  constructor(
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
