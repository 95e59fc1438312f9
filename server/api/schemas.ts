import { z } from "zod";
import { COURSE_SORTS, MAX_SEARCH_LENGTH } from "../../core/course-filters";
import {
  CERTIFICATE_OPTIONS,
  COURSE_LANGUAGES,
  COURSE_LEVEL_OPTIONS,
  DURATION_BANDS,
  DURATION_OPTIONS,
  MAX_HIDDEN_ENTRIES,
  MAX_HIDDEN_ENTRY_LENGTH,
  MAX_HIDDEN_LIST_LENGTH,
  MIN_STUDENTS_OPTIONS,
  parseHiddenList,
  UDEMY_RATING_OPTIONS,
  UPDATED_OPTIONS,
} from "../../core/course-filter-options";
import { REVIEW_MAX_LENGTH } from "../../core/messages";
import { CLAIM_STATES, SHOW_CLAIMED_PARAM } from "../../core/claims";

/**
 * The JSON action API (GET ?action=… and POST { action, … } at /api): one schema per action for
 * its input and its answer. They
 * validate requests, and the OpenAPI document is generated from them: one source of truth.
 */
const optionalUserId = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .describe("Must equal the signed-in user when given");

/** One of a filter's values (core/course-filter-options.ts), named in the refusal. */
function oneOf<T extends string>(values: readonly T[], description: string) {
  return z
    .enum(values as [T, ...T[]], { error: `must be one of ${values.join(", ")}` })
    .optional()
    .describe(description);
}

const HIDDEN_LIST_RULE = `at most ${MAX_HIDDEN_ENTRIES} comma-separated entries of at most ${MAX_HIDDEN_ENTRY_LENGTH} characters, without < or >`;

function hiddenList(description: string) {
  return z
    .string()
    .max(MAX_HIDDEN_LIST_LENGTH, { error: HIDDEN_LIST_RULE })
    .refine((value) => parseHiddenList(value) !== null, { error: HIDDEN_LIST_RULE })
    .optional()
    .describe(`${description}; ${HIDDEN_LIST_RULE}`);
}

export const getCoursesQuery = z.object({
  action: z.literal("getCourses"),
  search: z.string().max(MAX_SEARCH_LENGTH).optional(),
  type: z.string().max(80).optional().describe("Category; omit or All for every category"),
  rating: z.coerce
    .number()
    .int()
    .min(0)
    .max(5)
    .optional()
    .describe("Minimum average review rating"),
  language: z
    .enum(COURSE_LANGUAGES, { error: `must be one of ${COURSE_LANGUAGES.join(", ")}` })
    .optional()
    .describe("Udemy's name of the course language"),
  sort: z
    .enum(COURSE_SORTS)
    .optional()
    .describe(
      "Order (default newest): best is by qualityScore, rating by Udemy's rating, students by Udemy's students, expiring by the coupon's end",
    ),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  udemyRating: oneOf(UDEMY_RATING_OPTIONS, "Minimum Udemy rating"),
  minStudents: oneOf(MIN_STUDENTS_OPTIONS, "Minimum number of students on Udemy"),
  level: oneOf(COURSE_LEVEL_OPTIONS, "Udemy's level (all: Udemy's All Levels)"),
  duration: oneOf(
    DURATION_OPTIONS,
    `Udemy's length bands, in minutes: ${DURATION_OPTIONS.map((band) => `${band} ${DURATION_BANDS[band].fromMinutes}–${DURATION_BANDS[band].toMinutes ?? ""}`).join(", ")}`,
  ),
  updated: oneOf(UPDATED_OPTIONS, "Last updated on Udemy within 1 or 2 years"),
  certificate: oneOf(
    CERTIFICATE_OPTIONS,
    "yes: a coupon for a paid course (Udemy gives a certificate); no: an always-free course",
  ),
  hideWords: hiddenList("Words to hide: courses whose title holds one are left out"),
  hideInstructors: hiddenList("Instructors to hide: their courses are left out"),
  [SHOW_CLAIMED_PARAM]: oneOf(
    ["show", "hide"],
    "Signed-in callers: the courses they already claimed (opened, or marked owned) are left out unless show",
  ),
});

export const getArticlesQuery = z.object({
  action: z.literal("getArticles"),
  search: z.string().max(100).optional(),
  author: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

export const getReviewsQuery = z.object({
  action: z.literal("getReviews"),
  courseLink: z.url().max(500).optional(),
});

export const getUserQuery = z.object({ action: z.literal("getUser"), userId: optionalUserId });

export const registerUserBody = z.object({
  action: z.literal("registerUser"),
  userId: optionalUserId,
  email: z.email().max(254).optional(),
});

export const trackCourseClickBody = z
  .object({
    action: z.literal("trackCourseClick"),
    userId: optionalUserId,
    // The column is a PostgreSQL integer: a larger id would be a database error, not a 404.
    courseId: z.number().int().positive().max(2_147_483_647).optional(),
    courseLink: z.url().max(500).optional(),
    courseTitle: z.string().max(300).optional(),
  })
  .refine((body) => body.courseId !== undefined || body.courseLink !== undefined, {
    message: "courseId or courseLink is required",
  });

export const checkRedeemCodeBody = z.object({
  action: z.literal("checkRedeemCode"),
  userId: optionalUserId,
  code: z.string().max(64),
});

export const addReviewBody = z.object({
  action: z.literal("addReview"),
  userId: optionalUserId,
  courseLink: z.url().max(500),
  courseTitle: z.string().max(300).optional(),
  // Any value here: the router checks rating and reviewText with core/review-input.ts once the
  // course is known, so a bad rating is "Please select a rating." and an unknown course a 404.
  rating: z.unknown().optional().describe("1 to 5"),
  reviewText: z
    .string()
    .max(REVIEW_MAX_LENGTH + 1000)
    .optional(),
});

export const addArticleBody = z.object({
  action: z.literal("addArticle"),
  userId: optionalUserId,
  title: z.string().max(1000),
  content: z.string().max(200_000),
  author: z.string().max(200).optional(),
  // A client without an image sends null for both: null means "no image".
  imageBase64: z
    .string()
    .max(3_000_000)
    .nullish()
    .describe("Base64 body without the data: prefix; null or absent: no image"),
  mimeType: z.string().max(50).nullish().describe("Ignored: the bytes decide the type"),
});

export const getLearningListQuery = z.object({
  action: z.literal("getLearningList"),
  userId: optionalUserId,
});

/** A course of the catalogue, by its id (a PostgreSQL integer: a larger one is a 400, not a 404). */
const claimCourseId = z.number().int().positive().max(2_147_483_647);

export const markCourseOwnedBody = z.object({
  action: z.literal("markCourseOwned"),
  userId: optionalUserId,
  courseId: claimCourseId,
});

export const moveClaimedCourseBody = z.object({
  action: z.literal("moveClaimedCourse"),
  userId: optionalUserId,
  courseId: claimCourseId,
  state: z
    .enum(CLAIM_STATES, { error: `must be one of ${CLAIM_STATES.join(", ")}` })
    .describe("The learning list's column: claimed, learning or done"),
});

export const GET_ACTIONS = {
  getCourses: getCoursesQuery,
  getArticles: getArticlesQuery,
  getReviews: getReviewsQuery,
  getUser: getUserQuery,
  getLearningList: getLearningListQuery,
} as const;

export const POST_ACTIONS = {
  registerUser: registerUserBody,
  trackCourseClick: trackCourseClickBody,
  checkRedeemCode: checkRedeemCodeBody,
  addReview: addReviewBody,
  addArticle: addArticleBody,
  markCourseOwned: markCourseOwnedBody,
  moveClaimedCourse: moveClaimedCourseBody,
} as const;

// Answers
export const courseSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  link: z.string(),
  courseType: z.string(),
  subCategory: z.string().nullable(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  headline: z.string().nullable(),
  instructor: z.string().nullable(),
  language: z.string().nullable(),
  level: z.string().nullable(),
  imageUrl: z
    .string()
    .nullable()
    .describe(
      "The course image, a copy on this site (a path under /uploads/, 480×270 WebP; 240 and 750 px beside it); null: the site draws a cover at /covers/<id>-<version>.svg",
    ),
  durationMinutes: z.number().nullable(),
  udemyRating: z.number().nullable(),
  udemyReviews: z.number().nullable(),
  students: z.number().nullable(),
  lastUpdatedOn: z
    .string()
    .nullable()
    .describe("The day the instructor last updated the course, as Udemy says (YYYY-MM-DD)"),
  qualityScore: z
    .number()
    .nullable()
    .describe(
      "The order of sort=best: a Bayesian average of Udemy's and our reviews (25 imagined 4.0★ reviews pull a course with few reviews towards 4.0), plus up to 0.15 for students, minus up to 0.3 for a course not updated for over 2 years; null while not scored",
    ),
  usesRemaining: z.number().nullable(),
  expiresAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  averageRating: z.number(),
  reviewCount: z.number().int(),
  url: z.url().describe("The course's page on this site: its facts, reviews and similar courses"),
  demo: z
    .literal(true)
    .optional()
    .describe(
      "Present (true) only on a course of the demo catalogue, seeded when no coupon source could be reached: an example, not a live coupon; trackCourseClick answers 409 for it and spends nothing. Absent on every real course",
    ),
});

export const articleSchema = z.object({
  articleId: z.number().int(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  author: z.string(),
  date: z.string(),
  imageUrl: z.string().nullable(),
});

/** Public: everyone may read every field. `userId` appears only on the caller's own reviews. */
export const reviewSchema = z.object({
  courseLink: z.string(),
  rating: z.number().int().min(1).max(5),
  date: z.string(),
  userName: z
    .string()
    .describe(
      "Public display name: the reviewer's name, else the first letters of their e-mail before @ and ***, else Anonymous. Never an account id or a full e-mail address",
    ),
  userId: z
    .string()
    .optional()
    .describe(
      "Only on the signed-in caller's own reviews (session cookie or Bearer token): their own account id, so a client can tell which courses it has reviewed. Never present on anyone else's review",
    ),
  review: z.string(),
});

export const userSchema = z.object({
  userId: z.string(),
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  isPremium: z.boolean(),
  premiumUntil: z.string().nullable(),
  creditBalance: z.number().int(),
  clickCount: z.number().int(),
  lastCreditResetDate: z.string().nullable(),
  joinedDate: z.string(),
  isAppUser: z.boolean(),
  history: z.array(
    z.object({ link: z.string(), title: z.string(), date: z.string(), courseId: z.number().int() }),
  ),
  redeemHistory: z.array(
    z.object({
      code: z.string(),
      timestamp: z.string(),
      type: z.enum(["premium", "credits", "other"]),
    }),
  ),
  likedCourses: z.array(z.string()),
});

export const redeemResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  details: z
    .object({
      type: z.enum(["premium", "credits"]),
      creditsAdded: z.number().int(),
      leftRedeem: z.number().int(),
      newLimit: z.union([z.number().int(), z.literal("unlimited")]),
    })
    .optional(),
});

export const writeResultSchema = z.object({ success: z.boolean(), message: z.string() }).loose();
export const registerResultSchema = z.object({
  status: z.literal("success"),
  message: z.string(),
  userId: z.string(),
});
export const trackClickResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  couponUrl: z.string(),
  spent: z.boolean(),
});
const isoInstant = z.string().describe("An ISO 8601 instant");
export const learningListSchema = z.object({
  courses: z.array(
    z.object({
      courseId: z.number().int(),
      slug: z.string(),
      title: z.string(),
      state: z.enum(CLAIM_STATES),
      owned: z.boolean().describe("Marked 'I already own this'"),
      claimedAt: isoInstant,
      learningAt: isoInstant.nullable(),
      doneAt: isoInstant.nullable(),
    }),
  ),
  saved: z
    .array(z.object({ currency: z.string(), amount: z.number() }))
    .describe("The claimed courses' list prices summed, one total per currency Udemy answered in"),
});
export const errorSchema = z.object({ error: z.object({ message: z.string() }) });
