import { MAX_COURSE_SLUG_LENGTH } from "./course-paths";
import { z } from "./zod";

/**
 * The AI endpoint's contract, shared by the browser and the server.
 *
 * The body keeps SPEC's shape (contents, optional imagePart, config) but names a `task`: the
 * server writes every prompt itself, and `contents` is only the user's input for that task.
 * The answer is `{ text }`, where `text` is a JSON string of one of the three answer shapes;
 * failures answer `{ error, details }` with a 4xx/5xx status.
 */
export const AI_TASKS = [
  "moderateTitle",
  "moderateContent",
  "moderateImage",
  "compass",
  "trending",
] as const;
export type AiTask = (typeof AI_TASKS)[number];

export const AI_IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type AiImageMimeType = (typeof AI_IMAGE_MIME_TYPES)[number];

export const AI_LIMITS = {
  /** Titles are at most 100 characters; moderation accepts some slack while typing. */
  titleMaxChars: 150,
  /** Only the first 2000 characters of content are checked; longer text is cut. */
  contentCheckChars: 2000,
  goalMaxChars: 500,
  imageMaxBytes: 2 * 1024 * 1024,
  /** Anything beyond this is not a request any screen of ours sends. */
  contentsMaxChars: 200_000,
} as const;

/** Texts the browser and the server must word identically. */
export const AI_MESSAGES = {
  goalRequired: "Please describe your learning goal.",
  goalTooLong: `Your learning goal is too long (${AI_LIMITS.goalMaxChars} characters at most).`,
  compassFailed:
    "An error occurred while getting AI guidance. Please try again or rephrase your goal.",
  compassUnreadable: "AI response was received but could not be understood. Please try again.",
  trendingFailed:
    "Could not fetch trending topics at the moment. The AI might be busy. Please try again later.",
  trendingMalformed: "AI response was received but the format was incorrect.",
  titleCheckFailed: "Title moderation check failed.",
  contentCheckFailed: "Content moderation check failed.",
  imageCheckFailed: "Image moderation check failed.",
  /** Advisory shown on a field when its check failed; blocks submission until cleared. */
  checkFailedAdvisory: "AI check failed. Review carefully.",
  /** The verdict the server reports when the AI's reply could not be parsed. */
  checkUnparseable: "AI check couldn't be parsed. Please review content carefully.",
  imageUnreadable: "The image could not be read.",
  imageTooLarge: "Image size should not exceed 2MB.",
  imageWrongType: "Only JPEG, PNG, WebP or GIF images can be checked.",
  rateLimited: "Too many AI requests. Please wait a moment and try again.",
} as const;

/** AI error toasts stay 7 seconds. */
export const AI_ERROR_TOAST_MS = 7000;

export const aiImagePartSchema = z.object({
  inlineData: z.object({
    mimeType: z.string().max(100),
    data: z.string().min(1, "The image is empty."),
  }),
});

/** The body after `task` has been checked (the server reports a missing or unknown task itself). */
export const aiRequestSchema = z.object({
  task: z.enum(AI_TASKS),
  contents: z
    .string()
    .max(AI_LIMITS.contentsMaxChars, "The input is too long to check.")
    .optional()
    .default(""),
  imagePart: aiImagePartSchema.optional(),
  config: z
    .object({
      responseMimeType: z.literal("application/json", {
        error: "Only JSON responses (application/json) are supported.",
      }),
    })
    .optional(),
});
export type AiRequestBody = z.input<typeof aiRequestSchema>;

const keywordSchema = z.string().trim().min(1).max(60);

export const moderationVerdictSchema = z.object({
  isSafe: z.boolean(),
  reason: z.string().trim().min(1).max(500),
});
export type ModerationVerdict = z.infer<typeof moderationVerdictSchema>;

/** At most this many courses free today are shown under each suggested skill. */
export const COMPASS_COURSES_PER_SKILL = 3;

/** A listed course a skill's keywords find: its page (/course/<slug>), never coupon data. */
export const compassCourseSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string().min(1).max(MAX_COURSE_SLUG_LENGTH),
  title: z.string().min(1).max(500),
  /** The course's language as the catalogue names it ("English", "Indonesian"). */
  language: z.string().max(60).nullable(),
});
export type CompassCourse = z.infer<typeof compassCourseSchema>;

/**
 * `courses`: added by the server from today's catalogue (never taken from a provider's reply),
 * the learner's language first. Absent in answers from before it existed.
 */
export const suggestedSkillSchema = z.object({
  skillName: z.string().trim().min(1).max(80),
  searchKeywords: z.array(keywordSchema).min(1).max(3),
  courses: z.array(compassCourseSchema).max(COMPASS_COURSES_PER_SKILL).optional(),
});
export type SuggestedSkill = z.infer<typeof suggestedSkillSchema>;

/** 2–3 skills with 1–3 keywords each and 2–4 generic keywords (fewer when the catalogue has less). */
export const learningGuidanceSchema = z.object({
  advice: z.string().trim().min(1).max(2000),
  suggestedSkills: z.array(suggestedSkillSchema).max(3),
  genericKeywords: z.array(keywordSchema).max(4),
});
export type LearningGuidance = z.infer<typeof learningGuidanceSchema>;

/** A course the trending modal may link to: id and title only, never coupon data. */
export const relatedCourseSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().min(1).max(500),
});
export type RelatedCourse = z.infer<typeof relatedCourseSchema>;

export const TRENDING_RELATED_COURSES = 5;

export const trendingTopicSchema = z.object({
  topic: z.string().trim().min(1).max(120),
  explanation: z.string().trim().min(1).max(4000),
  keywords: z.array(keywordSchema).max(8),
  relatedCourses: z.array(relatedCourseSchema).max(TRENDING_RELATED_COURSES).optional(),
});
export type TrendingTopic = z.infer<typeof trendingTopicSchema>;

export type AiAnswer = ModerationVerdict | LearningGuidance | TrendingTopic;

export const aiSuccessSchema = z.object({ text: z.string() });
export const aiFailureSchema = z.object({
  error: z.string(),
  details: z.string().optional(),
});
export type AiFailure = z.infer<typeof aiFailureSchema>;

/**
 * Reads a model's JSON reply, which may arrive wrapped in code fences.
 * Throws SyntaxError when the text is not JSON.
 */
export function parseAiText(text: string): unknown {
  const trimmed = text.trim();
  const fenced = /^```[\w-]*\s*\n?([\s\S]*?)\n?```$/.exec(trimmed);
  return JSON.parse(fenced ? fenced[1]!.trim() : trimmed);
}

/**
 * A model's reply read leniently on the page: its JSON when that is an object (or an array), else
 * null, so a reader picks what it can use from it field by field.
 */
export function readAiObject(text: string): Record<string, unknown> | null {
  let parsed: unknown;
  try {
    parsed = parseAiText(text);
  } catch {
    return null;
  }
  return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : null;
}

/** The non-blank strings of a reply's list (anything else in it, or no list, is dropped). */
export function nonBlankStrings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string" && item.trim() !== "")
    : [];
}

export type AiCallResult = { ok: true; text: string } | { ok: false; message: string | null };

/**
 * POSTs one task to /api/ai from the browser. A failure carries the server's `details` or
 * `error` text, or null when there was none (the screen then shows its default).
 */
export async function requestAiTask(
  body: AiRequestBody,
  options: {
    signal?: AbortSignal;
    fetchImpl?: typeof fetch;
    /** Extra request headers: the page's Accept-Language, so the answer speaks its language. */
    headers?: Record<string, string>;
  } = {},
): Promise<AiCallResult> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl("/api/ai", {
      method: "POST",
      headers: {
        ...options.headers,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify({ config: { responseMimeType: "application/json" }, ...body }),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { ok: false, message: null };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const success = aiSuccessSchema.safeParse(payload);
    return success.success ? { ok: true, text: success.data.text } : { ok: false, message: null };
  }
  const failure = aiFailureSchema.safeParse(payload);
  if (!failure.success) return { ok: false, message: null };
  return { ok: false, message: failure.data.details || failure.data.error || null };
}
