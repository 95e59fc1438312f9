import { z } from "zod";
import {
  FetchError,
  fetchText,
  parseJsonBody,
  type AddressGate,
  type FetchPolicy,
  type FetchTextOptions,
} from "../coupon-feeds/http-fetch";

/**
 * Udemy's public course API (`GET /api-2.0/courses/<id or slug>/?fields[course]=…`) as the
 * public trackers read it: one question per course gives its real title, description, language,
 * level, length, rating, students, instructors, image, last update, whether it is paid at all
 * and its list price. The answer is checked with zod; an answer of another shape is "format
 * changed?", never a half-read course.
 */

/** The fields asked for, as Udemy names them (the trackers ask for the same ones). */
export const COURSE_FACT_FIELDS = [
  "id",
  "title",
  "headline",
  "description",
  "locale",
  "instructional_level",
  "content_length_video",
  "estimated_content_length",
  "avg_rating",
  "num_reviews",
  "num_subscribers",
  "visible_instructors",
  "image_480x270",
  "image_750x422",
  "last_update_date",
  "is_paid",
  "price_detail",
  "primary_category",
  "primary_subcategory",
  "objectives_summary",
  "what_you_will_learn_data",
] as const;

const optionalText = z.string().nullish();
const optionalCount = z.number().nonnegative().nullish();
const titled = z.object({ title: z.string() }).nullish();

const courseAnswer = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  headline: optionalText,
  description: optionalText,
  locale: z
    .object({
      locale: optionalText,
      english_title: optionalText,
      simple_english_title: optionalText,
    })
    .nullish(),
  instructional_level: optionalText,
  /** Seconds of video. */
  content_length_video: optionalCount,
  /** Minutes, all content. */
  estimated_content_length: optionalCount,
  avg_rating: z.number().min(0).max(5).nullish(),
  num_reviews: optionalCount,
  num_subscribers: optionalCount,
  visible_instructors: z
    .array(z.object({ display_name: optionalText, title: optionalText }))
    .nullish(),
  image_480x270: optionalText,
  image_750x422: optionalText,
  /** "2024-05-17": the day the instructor last updated the course. */
  last_update_date: optionalText,
  is_paid: z.boolean(),
  /** Null for a course that is free without any coupon. */
  price_detail: z.object({ amount: z.number().nonnegative(), currency: z.string() }).nullish(),
  primary_category: titled,
  primary_subcategory: titled,
  objectives_summary: z.array(z.string()).nullish(),
  what_you_will_learn_data: z.object({ items: z.array(z.string()) }).nullish(),
});

/** What Kursusku keeps of Udemy's answer, already in its own units. */
export type CourseFacts = {
  udemyId: number;
  title: string;
  headline: string | null;
  /** Udemy's HTML, as given: the page sanitises it. */
  descriptionHtml: string | null;
  /** Udemy's locale in words ("English", "Indonesian"), or its code. */
  language: string | null;
  /** "Beginner", "Intermediate", "Expert", "All Levels". */
  level: string | null;
  durationMinutes: number | null;
  rating: number | null;
  reviews: number | null;
  students: number | null;
  instructor: string | null;
  imageUrl: string | null;
  /** YYYY-MM-DD. */
  lastUpdatedOn: string | null;
  isPaid: boolean;
  /** The price without any coupon; null when Udemy gives none (a free course). */
  listPrice: { amount: number; currency: string } | null;
  category: string | null;
  subCategory: string | null;
  /** What the learner will learn, as Udemy lists it (at most MAX_OBJECTIVES). */
  objectives: string[];
};

export type CourseFactsResult =
  | { status: "found"; facts: CourseFacts }
  /** 404 or 410: the course is no longer on Udemy (unpublished, removed, closed). */
  | { status: "gone" }
  /**
   * Not this time. `refused` when Udemy did not answer properly (403, 429 after its Retry-After,
   * 5xx, a timeout): the run asks nothing more of Udemy, as the coupon check does.
   */
  | { status: "unknown"; reason: string; refused: boolean };

export const MAX_OBJECTIVES = 20;
const MAX_OBJECTIVE_CHARS = 300;
const MAX_TEXT_CHARS = 500;
/** Longer HTML is cut here (the page's sanitiser reads at most 64 000 characters anyway). */
export const MAX_DESCRIPTION_CHARS = 64_000;

const DAY = /^(\d{4}-\d{2}-\d{2})/;

/** Reads one answer of the course API; a shape it does not know gives "format changed?". */
export function readCourseFacts(answer: unknown): CourseFacts {
  const parsed = courseAnswer.safeParse(answer);
  if (!parsed.success) throw new Error("unexpected course answer (format changed?)");
  const course = parsed.data;
  const minutes =
    course.content_length_video != null && course.content_length_video > 0
      ? Math.round(course.content_length_video / 60)
      : (course.estimated_content_length ?? null);
  const instructors = (course.visible_instructors ?? [])
    .map((person) => (person.display_name ?? person.title ?? "").trim())
    .filter((name) => name !== "");
  const objectives = (course.what_you_will_learn_data?.items ?? course.objectives_summary ?? [])
    .map((item) => item.replace(/\s+/g, " ").trim().slice(0, MAX_OBJECTIVE_CHARS))
    .filter((item) => item !== "")
    .slice(0, MAX_OBJECTIVES);
  const price = course.price_detail ?? null;
  return {
    udemyId: course.id,
    title: cut(course.title) ?? "",
    headline: cut(course.headline),
    descriptionHtml: course.description ? course.description.slice(0, MAX_DESCRIPTION_CHARS) : null,
    language:
      cut(course.locale?.simple_english_title) ??
      cut(course.locale?.english_title) ??
      cut(course.locale?.locale),
    level: simpleLevel(course.instructional_level),
    durationMinutes: minutes !== null && minutes > 0 ? minutes : null,
    rating: course.avg_rating ?? null,
    reviews: wholeCount(course.num_reviews),
    students: wholeCount(course.num_subscribers),
    instructor: instructors.length ? cut(instructors.join(", ")) : null,
    imageUrl: httpsUrl(course.image_750x422) ?? httpsUrl(course.image_480x270),
    lastUpdatedOn: DAY.exec(course.last_update_date ?? "")?.[1] ?? null,
    isPaid: course.is_paid,
    listPrice: price ? { amount: price.amount, currency: price.currency.slice(0, 8) } : null,
    category: cut(course.primary_category?.title),
    subCategory: cut(course.primary_subcategory?.title),
    objectives,
  };
}

/** The course is free without a coupon: no coupon to list, and no certificate (decision 0038). */
export function isAlwaysFree(facts: Pick<CourseFacts, "isPaid" | "listPrice">): boolean {
  return !facts.isPaid || facts.listPrice?.amount === 0;
}

export type CourseFactsSettings = {
  /** https://www.udemy.com, or a stand-in in tests. */
  baseUrl: string;
  policy: FetchPolicy;
  gate: AddressGate;
  sleep?: FetchTextOptions["sleep"];
};

/** Asks Udemy for one course's facts, by its numeric id when known, else by its slug. */
export async function fetchCourseFacts(
  settings: CourseFactsSettings,
  course: { slug: string; udemyId: number | null },
  signal?: AbortSignal,
): Promise<CourseFactsResult> {
  const base = settings.baseUrl.replace(/\/+$/, "");
  const key = course.udemyId !== null ? String(course.udemyId) : encodeURIComponent(course.slug);
  const url = `${base}/api-2.0/courses/${key}/?fields[course]=${COURSE_FACT_FIELDS.join(",")}`;
  try {
    // fetchText retries a 429 or 5xx after Udemy's Retry-After (capped), then gives up.
    const { text } = await fetchText(url, settings.policy, {
      accept: "application/json",
      signal,
      sleep: settings.sleep,
      gate: settings.gate,
    });
    return { status: "found", facts: readCourseFacts(parseJsonBody(text)) };
  } catch (error) {
    if (error instanceof FetchError && (error.status === 404 || error.status === 410)) {
      return { status: "gone" };
    }
    const refused = error instanceof FetchError && (error.retryable || error.status === 403);
    return { status: "unknown", reason: (error as Error).message, refused };
  }
}

function cut(value: string | null | undefined): string | null {
  const text = (value ?? "").replace(/\s+/g, " ").trim();
  return text === "" ? null : text.slice(0, MAX_TEXT_CHARS);
}

function wholeCount(value: number | null | undefined): number | null {
  return value == null ? null : Math.min(Math.round(value), 2_000_000_000);
}

/** "Beginner Level" → "Beginner"; "All Levels" stays. */
function simpleLevel(level: string | null | undefined): string | null {
  const text = cut(level);
  return text ? text.replace(/\s+Level$/i, "") : null;
}

function httpsUrl(value: string | null | undefined): string | null {
  return value && /^https:\/\//i.test(value) ? value.slice(0, 1000) : null;
}
