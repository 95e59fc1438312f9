import { and, desc, eq, gte, ilike, lte, or, sql } from "drizzle-orm";
import { addDays } from "../../core/dates";
import {
  AI_LIMITS,
  AI_MESSAGES,
  AI_TASKS,
  aiRequestSchema,
  learningGuidanceSchema,
  moderationVerdictSchema,
  TRENDING_RELATED_COURSES,
  trendingTopicSchema,
  type AiFailure,
  type AiImageMimeType,
  type AiTask,
  type LearningGuidance,
  type ModerationVerdict,
  type RelatedCourse,
  type SuggestedSkill,
  type TrendingTopic,
} from "../../core/ai-schemas";
import { computeCompassLocally, describeLearningPath } from "../adapters/ai/local-compass";
import {
  AiProviderError,
  type CatalogueCourse,
  type TextModerationKind,
  type TrendingCategory,
  type TrendingCourse,
  type TrendingFacts,
} from "../adapters/ai/types";
import { courses, visits } from "../db/schema";
import { containing } from "../db/like-pattern";
import type { Services } from "../services";
import { listedCondition } from "./catalog";
import { viewerSubject, type RequestIdentity } from "./accounts";
import { DomainError, LimitReached, ValidationError } from "./errors";

/**
 * The AI tasks of SPEC §7 as the rest of the app uses them. The provider (Gemini or offline)
 * comes from services; this module checks input, gathers facts from our database, verifies
 * that suggested keywords find listed courses, and turns an unreadable reply into SPEC's
 * advisory instead of passing it on.
 */

/** Who is asking, for the rate limits: the request identity plus the client's IP. */
export type AiRequester = Pick<RequestIdentity, "user" | "anonymousId"> & { ip: string };

export const AI_RATE_LIMITS = {
  windowMs: 60_000,
  /** Generous per IP: Indonesian mobile carriers put many people behind one address. */
  perIp: 60,
  perViewer: 20,
} as const;

const TRENDING_CACHE_MS = 60 * 60 * 1000;
const SNAPSHOT_CACHE_MS = 10 * 60 * 1000;
const SNAPSHOT_SIZE = 10_000;
const TRENDING_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

/** The AI service failed or timed out (after its retry). */
export class AiUnavailable extends DomainError {
  override name = "AiUnavailable";
  override readonly status = 502;
}

/** The AI answered, but not in the expected shape (and nothing could stand in for it). */
export class AiReplyUnreadable extends DomainError {
  override name = "AiReplyUnreadable";
  override readonly status = 502;
}

export class AiRateLimited extends LimitReached {
  override name = "AiRateLimited";
  constructor(readonly retryAfterSeconds: number) {
    super(AI_MESSAGES.rateLimited);
  }
}

/**
 * A moderation result. `readable: false` means the AI answered something that could not be
 * parsed: the verdict is then SPEC's advisory ("AI check couldn't be parsed…"), not safe, and
 * never cached.
 */
export type ModerationCheck = { verdict: ModerationVerdict; readable: boolean };

const UNREADABLE_VERDICT: ModerationVerdict = {
  isSafe: false,
  reason: AI_MESSAGES.checkUnparseable,
};

async function callProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AiProviderError) {
      const detail =
        error.status === 429
          ? "The AI service is busy right now. Please try again in a minute."
          : error.status === null
            ? "The AI service could not be reached in time. Please try again."
            : `The AI service is unavailable right now (HTTP ${error.status}). Please try again later.`;
      throw new AiUnavailable(detail, { cause: error });
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Moderation

export async function moderateText(
  services: Services,
  kind: TextModerationKind,
  text: string,
): Promise<ModerationCheck> {
  const trimmed = text.trim();
  if (trimmed === "") throw new ValidationError("There is no text to check.");
  if (kind === "title" && trimmed.length > AI_LIMITS.titleMaxChars) {
    throw new ValidationError(
      `The title is too long to check (${AI_LIMITS.titleMaxChars} characters at most).`,
    );
  }
  // SPEC §4: only the first 2000 characters of content are checked.
  const checked = kind === "content" ? trimmed.slice(0, AI_LIMITS.contentCheckChars) : trimmed;
  const reply = await callProvider(() => services.ai.moderateText({ kind, text: checked }));
  if (!reply.ok) {
    services.logger.warn({ kind, raw: reply.raw.slice(0, 200) }, "unreadable moderation reply");
    return { verdict: UNREADABLE_VERDICT, readable: false };
  }
  return { verdict: reply.value, readable: true };
}

/** The real type of an image from its first bytes (magic numbers), whatever it claims. */
export function sniffImageType(bytes: Uint8Array): AiImageMimeType | null {
  const starts = (offset: number, ...values: number[]) =>
    values.every((value, index) => bytes[offset + index] === value);
  if (starts(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0, 0x47, 0x49, 0x46, 0x38) && (starts(4, 0x37, 0x61) || starts(4, 0x39, 0x61))) {
    return "image/gif";
  }
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return "image/webp";
  return null;
}

export async function moderateImage(
  services: Services,
  bytes: Uint8Array,
): Promise<ModerationCheck> {
  if (bytes.length === 0) throw new ValidationError("The image is empty.");
  if (bytes.length > AI_LIMITS.imageMaxBytes) throw new ValidationError(AI_MESSAGES.imageTooLarge);
  const mimeType = sniffImageType(bytes);
  if (!mimeType) throw new ValidationError(AI_MESSAGES.imageWrongType);
  const reply = await callProvider(() => services.ai.moderateImage({ bytes, mimeType }));
  if (!reply.ok) {
    services.logger.warn({ raw: reply.raw.slice(0, 200) }, "unreadable image moderation reply");
    return { verdict: UNREADABLE_VERDICT, readable: false };
  }
  return { verdict: reply.value, readable: true };
}

/** Decodes SPEC's `inlineData.data` (base64, a data: prefix tolerated) within the size limit. */
export function decodeImageData(data: string): Uint8Array {
  const body = data.replace(/^data:[\w/+.-]+;base64,/, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) {
    throw new ValidationError("The image data is not valid base64.");
  }
  const padding = body.endsWith("==") ? 2 : body.endsWith("=") ? 1 : 0;
  if (Math.floor((body.length * 3) / 4) - padding > AI_LIMITS.imageMaxBytes) {
    throw new ValidationError(AI_MESSAGES.imageTooLarge);
  }
  return new Uint8Array(Buffer.from(body, "base64"));
}

// ---------------------------------------------------------------------------------------------
// Catalogue facts

/** Listed courses (newest first, capped) for the compass: titles, categories, headlines. */
export function loadCatalogueSnapshot(services: Services): Promise<CatalogueCourse[]> {
  // "catalog:" keys are dropped by every import (server/domain/ingest.ts).
  return services.cache.remember(
    `catalog:ai-snapshot:${services.clock.today()}`,
    SNAPSHOT_CACHE_MS,
    () =>
      services.db
        .select({
          id: courses.id,
          title: courses.title,
          category: courses.category,
          subCategory: courses.subCategory,
          headline: courses.headline,
        })
        .from(courses)
        .where(listedCondition(services))
        .orderBy(desc(courses.date), desc(courses.id))
        .limit(SNAPSHOT_SIZE),
  );
}

/** Home-search semantics (catalog.ts): every word of the keyword in the title. */
export async function keywordFindsCourses(services: Services, keyword: string): Promise<boolean> {
  const words = keyword
    .split(/\s+/)
    .filter((word) => word !== "")
    .slice(0, 8);
  if (words.length === 0) return false;
  const rows = await services.db
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        listedCondition(services),
        ...words.map((word) => ilike(courses.title, containing(word))),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Learning Compass

function validateGoal(goal: string): string {
  const trimmed = goal.trim();
  if (trimmed === "") throw new ValidationError(AI_MESSAGES.goalRequired);
  if (trimmed.length > AI_LIMITS.goalMaxChars) throw new ValidationError(AI_MESSAGES.goalTooLong);
  return trimmed;
}

/**
 * Keeps only keywords that find listed courses (checked in the database, as the course search
 * will run them), then tops the answer up from the offline compass when too little is left.
 */
async function verifyGuidance(
  services: Services,
  guidance: LearningGuidance,
  fallback: () => LearningGuidance,
): Promise<LearningGuidance> {
  const verified = new Map<string, boolean>();
  // Skills never repeat a keyword; the broader keywords may repeat a skill's.
  const skillKeywords = new Set<string>();
  const genericSet = new Set<string>();
  let used = skillKeywords;
  const keep = async (keyword: string) => {
    const key = keyword.trim().toLowerCase();
    if (key === "" || used.has(key)) return false;
    let found = verified.get(key);
    if (found === undefined) {
      found = await keywordFindsCourses(services, key);
      verified.set(key, found);
    }
    if (found) used.add(key);
    return found;
  };
  const filterKeywords = async (keywords: string[], limit: number) => {
    const kept: string[] = [];
    for (const keyword of keywords) {
      if (kept.length >= limit) break;
      if (await keep(keyword)) kept.push(keyword.trim());
    }
    return kept;
  };

  const skills: SuggestedSkill[] = [];
  for (const skill of guidance.suggestedSkills) {
    const searchKeywords = await filterKeywords(skill.searchKeywords, 3);
    if (searchKeywords.length > 0) skills.push({ skillName: skill.skillName, searchKeywords });
  }
  used = genericSet;
  const genericKeywords = await filterKeywords(guidance.genericKeywords, 4);

  if (skills.length < 2 || genericKeywords.length < 2) {
    const extra = fallback();
    used = skillKeywords;
    for (const skill of extra.suggestedSkills) {
      if (skills.length >= 2) break;
      const searchKeywords = await filterKeywords(skill.searchKeywords, 3);
      if (searchKeywords.length > 0) skills.push({ skillName: skill.skillName, searchKeywords });
    }
    used = genericSet;
    if (genericKeywords.length < 2) {
      genericKeywords.push(
        ...(await filterKeywords(extra.genericKeywords, 4 - genericKeywords.length)),
      );
    }
  }
  // Advice that names a skill we dropped would send the learner looking for it.
  const sameSkills =
    skills.length === guidance.suggestedSkills.length &&
    skills.every((skill, index) => skill.skillName === guidance.suggestedSkills[index]?.skillName);
  return learningGuidanceSchema.parse({
    advice: sameSkills ? guidance.advice : describeLearningPath(skills.slice(0, 3)),
    suggestedSkills: skills.slice(0, 3),
    genericKeywords: genericKeywords.slice(0, 4),
  });
}

export async function getLearningGuidance(
  services: Services,
  goal: string,
): Promise<LearningGuidance> {
  const trimmed = validateGoal(goal);
  const catalogue = await loadCatalogueSnapshot(services);
  const input = { goal: trimmed, catalogue };
  const reply = await callProvider(() => services.ai.compass(input));
  if (!reply.ok) {
    services.logger.warn({ raw: reply.raw.slice(0, 200) }, "unreadable compass reply");
    throw new AiReplyUnreadable(AI_MESSAGES.compassUnreadable);
  }
  return verifyGuidance(services, reply.value, () => computeCompassLocally(input));
}

// ---------------------------------------------------------------------------------------------
// Trending

/** Opens in the last 7 days against the 7 before, and new courses, from our own tables. */
export async function gatherTrendingFacts(services: Services): Promise<TrendingFacts> {
  const now = services.clock.now();
  const today = services.clock.today();
  const weekAgo = new Date(now.getTime() - TRENDING_WINDOW_DAYS * DAY_MS);
  const twoWeeksAgo = new Date(now.getTime() - 2 * TRENDING_WINDOW_DAYS * DAY_MS);
  const firstNewDay = addDays(today, -(TRENDING_WINDOW_DAYS - 1));
  const listed = listedCondition(services);

  const opened = await services.db
    .select({
      id: courses.id,
      title: courses.title,
      category: courses.category,
      listed: sql<boolean>`bool_or(${listed})`,
      date: courses.date,
      thisWeek: sql<number>`count(*) filter (where ${visits.visitedAt} >= ${weekAgo})`.mapWith(
        Number,
      ),
      lastWeek: sql<number>`count(*) filter (where ${visits.visitedAt} < ${weekAgo})`.mapWith(
        Number,
      ),
    })
    .from(visits)
    .innerJoin(courses, eq(courses.id, visits.courseId))
    .where(and(gte(visits.visitedAt, twoWeeksAgo), lte(visits.visitedAt, now)))
    .groupBy(courses.id);

  const perCategory = await services.db
    .select({
      category: courses.category,
      listedCourses: sql<number>`count(*)`.mapWith(Number),
      newCourses: sql<number>`count(*) filter (where ${courses.date} >= ${firstNewDay})`.mapWith(
        Number,
      ),
    })
    .from(courses)
    .where(listed)
    .groupBy(courses.category);

  const categories = new Map<string, TrendingCategory>();
  const categoryOf = (category: string) => {
    let entry = categories.get(category);
    if (!entry) {
      entry = { category, opensThisWeek: 0, opensLastWeek: 0, newCourses: 0, listedCourses: 0 };
      categories.set(category, entry);
    }
    return entry;
  };
  for (const row of perCategory) {
    Object.assign(categoryOf(row.category), {
      newCourses: row.newCourses,
      listedCourses: row.listedCourses,
    });
  }
  const trendingCourses = new Map<number, TrendingCourse>();
  for (const row of opened) {
    const entry = categoryOf(row.category);
    entry.opensThisWeek += row.thisWeek;
    entry.opensLastWeek += row.lastWeek;
    // Expired courses still show where interest is, but only listed ones can be suggested.
    if (row.listed) {
      trendingCourses.set(row.id, {
        id: row.id,
        title: row.title,
        category: row.category,
        opensThisWeek: row.thisWeek,
        opensLastWeek: row.lastWeek,
        isNew: row.date >= firstNewDay,
      });
    }
  }

  const newCourses = await services.db
    .select({
      id: courses.id,
      title: courses.title,
      category: courses.category,
      date: courses.date,
    })
    .from(courses)
    .where(and(listed, gte(courses.date, firstNewDay)))
    .orderBy(desc(courses.date), desc(courses.id))
    .limit(500);
  for (const row of newCourses) {
    if (trendingCourses.has(row.id)) continue;
    trendingCourses.set(row.id, {
      id: row.id,
      title: row.title,
      category: row.category,
      opensThisWeek: 0,
      opensLastWeek: 0,
      isNew: true,
    });
  }
  if (trendingCourses.size === 0) {
    // Nothing opened and nothing new: the newest listed courses stand in.
    const newest = await services.db
      .select({ id: courses.id, title: courses.title, category: courses.category })
      .from(courses)
      .where(listed)
      .orderBy(desc(courses.date), desc(courses.id))
      .limit(200);
    for (const row of newest) {
      trendingCourses.set(row.id, { ...row, opensThisWeek: 0, opensLastWeek: 0, isNew: false });
    }
  }

  const categoryList = [...categories.values()].sort(
    (a, b) =>
      b.opensThisWeek - a.opensThisWeek ||
      b.newCourses - a.newCourses ||
      b.listedCourses - a.listedCourses,
  );
  return {
    today,
    windowDays: TRENDING_WINDOW_DAYS,
    totals: {
      opensThisWeek: categoryList.reduce((sum, c) => sum + c.opensThisWeek, 0),
      opensLastWeek: categoryList.reduce((sum, c) => sum + c.opensLastWeek, 0),
      newCoursesThisWeek: categoryList.reduce((sum, c) => sum + c.newCourses, 0),
      listedCourses: categoryList.reduce((sum, c) => sum + c.listedCourses, 0),
    },
    categories: categoryList,
    courses: [...trendingCourses.values()].sort(
      (a, b) =>
        b.opensThisWeek - a.opensThisWeek || b.opensLastWeek - a.opensLastWeek || b.id - a.id,
    ),
  };
}

/** SPEC §2: up to 5 listed courses whose titles contain any keyword, most opened first. */
export async function findRelatedCourses(
  services: Services,
  keywords: string[],
): Promise<RelatedCourse[]> {
  const terms = keywords.map((keyword) => keyword.trim()).filter((keyword) => keyword !== "");
  if (terms.length === 0) return [];
  const weekAgo = new Date(services.clock.now().getTime() - TRENDING_WINDOW_DAYS * DAY_MS);
  const opens = sql`(select count(*) from ${visits} where ${visits.courseId} = ${courses.id} and ${visits.visitedAt} >= ${weekAgo})`;
  return services.db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(
      and(
        listedCondition(services),
        or(...terms.map((term) => ilike(courses.title, containing(term)))),
      ),
    )
    .orderBy(desc(opens), desc(courses.date), desc(courses.id))
    .limit(TRENDING_RELATED_COURSES);
}

async function computeTrendingTopic(services: Services): Promise<TrendingTopic> {
  const facts = await gatherTrendingFacts(services);
  const reply = await callProvider(() => services.ai.trending(facts));
  if (!reply.ok) {
    services.logger.warn({ raw: reply.raw.slice(0, 200) }, "unreadable trending reply");
    throw new AiReplyUnreadable(AI_MESSAGES.trendingMalformed);
  }
  // Keywords must find courses: the modal lists courses whose titles contain them.
  const keywords: string[] = [];
  for (const keyword of reply.value.keywords) {
    const key = keyword.trim();
    if (key === "" || keywords.some((k) => k.toLowerCase() === key.toLowerCase())) continue;
    if ((await findRelatedCourses(services, [key])).length > 0) keywords.push(key);
  }
  const relatedCourses = await findRelatedCourses(services, keywords);
  return trendingTopicSchema.parse({
    topic: reply.value.topic,
    explanation: reply.value.explanation,
    keywords,
    relatedCourses,
  });
}

/** Cached for an hour (per Jakarta day): it is computed from a week of data. */
export function getTrendingTopic(services: Services): Promise<TrendingTopic> {
  return services.cache.remember(`ai:trending:${services.clock.today()}`, TRENDING_CACHE_MS, () =>
    computeTrendingTopic(services),
  );
}

// ---------------------------------------------------------------------------------------------
// Rate limits: a fixed one-minute window per IP and per viewer, in this process.

type RateWindow = { start: number; count: number };
const rateWindows = new WeakMap<Services, Map<string, RateWindow>>();

/** Counts one request for every key, or throws AiRateLimited without counting any. */
export function takeAiRateLimit(services: Services, requester: AiRequester): void {
  let windows = rateWindows.get(services);
  if (!windows) {
    windows = new Map();
    rateWindows.set(services, windows);
  }
  const now = services.clock.now().getTime();
  const start = Math.floor(now / AI_RATE_LIMITS.windowMs) * AI_RATE_LIMITS.windowMs;
  const subject = viewerSubject(requester);
  const keys: Array<[string, number]> = [[`ip:${requester.ip}`, AI_RATE_LIMITS.perIp]];
  if (subject) keys.push([`viewer:${subject}`, AI_RATE_LIMITS.perViewer]);

  const current = keys.map(([key, limit]) => {
    const window = windows.get(key);
    return { key, limit, count: window && window.start === start ? window.count : 0 };
  });
  if (current.some(({ count, limit }) => count >= limit)) {
    throw new AiRateLimited(Math.max(1, Math.ceil((start + AI_RATE_LIMITS.windowMs - now) / 1000)));
  }
  if (windows.size > 50_000) {
    for (const [key, window] of windows) if (window.start !== start) windows.delete(key);
  }
  for (const { key, count } of current) windows.set(key, { start, count: count + 1 });
}

// ---------------------------------------------------------------------------------------------
// POST /api/ai

export type AiHttpResult = {
  status: number;
  body: { text: string } | AiFailure;
  headers: Record<string, string>;
};

const TASK_FAILURE: Record<AiTask, string> = {
  moderateTitle: AI_MESSAGES.titleCheckFailed,
  moderateContent: AI_MESSAGES.contentCheckFailed,
  moderateImage: AI_MESSAGES.imageCheckFailed,
  compass: AI_MESSAGES.compassFailed,
  trending: AI_MESSAGES.trendingFailed,
};

const TASK_LIST = AI_TASKS.join(", ");

function failure(status: number, error: string, details?: string): AiHttpResult {
  return { status, body: details ? { error, details } : { error }, headers: {} };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function runTask(
  services: Services,
  body: ReturnType<typeof aiRequestSchema.parse>,
): Promise<string> {
  const { task, contents, imagePart } = body;
  if (imagePart && task !== "moderateImage") {
    throw new ValidationError(`The ${task} task does not take an image.`);
  }
  switch (task) {
    case "moderateTitle":
    case "moderateContent": {
      const check = await moderateText(
        services,
        task === "moderateTitle" ? "title" : "content",
        contents,
      );
      return JSON.stringify(moderationVerdictSchema.parse(check.verdict));
    }
    case "moderateImage": {
      if (!imagePart) throw new ValidationError("An image is required for the moderateImage task.");
      const check = await moderateImage(services, decodeImageData(imagePart.inlineData.data));
      return JSON.stringify(moderationVerdictSchema.parse(check.verdict));
    }
    case "compass":
      return JSON.stringify(
        learningGuidanceSchema.parse(await getLearningGuidance(services, contents)),
      );
    case "trending":
      return JSON.stringify(trendingTopicSchema.parse(await getTrendingTopic(services)));
  }
}

/**
 * The whole of POST /api/ai without HTTP: the route reads the body and writes the answer.
 * 200 `{ text }` with the answer as a JSON string, or `{ error, details? }` with 4xx/5xx.
 */
export async function handleAiRequest(
  services: Services,
  requester: AiRequester,
  body: unknown,
): Promise<AiHttpResult> {
  if (!isRecord(body)) return failure(400, "The request body must be a JSON object.");
  if (body.task === undefined || body.task === null || body.task === "") {
    return failure(
      400,
      `A task is required. This endpoint only runs the site's own AI tasks (${TASK_LIST}); it does not take free prompts.`,
    );
  }
  if (typeof body.task !== "string" || !(AI_TASKS as readonly string[]).includes(body.task)) {
    return failure(
      400,
      `Unknown task "${String(body.task).slice(0, 40)}". Use one of: ${TASK_LIST}.`,
    );
  }
  const task = body.task as AiTask;

  try {
    takeAiRateLimit(services, requester);
  } catch (error) {
    if (!(error instanceof AiRateLimited)) throw error;
    return {
      ...failure(429, error.message),
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    };
  }

  const parsed = aiRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".");
    return failure(
      400,
      issue ? `${field ? `${field}: ` : ""}${issue.message}` : "Invalid request.",
    );
  }

  try {
    const text = await runTask(services, parsed.data);
    return { status: 200, body: { text }, headers: {} };
  } catch (error) {
    if (error instanceof ValidationError) return failure(400, error.message);
    if (error instanceof AiUnavailable || error instanceof AiReplyUnreadable) {
      services.logger.warn({ err: error, task }, "AI task failed");
      return failure(error.status, TASK_FAILURE[task], error.message);
    }
    services.logger.error({ err: error, task }, "AI task crashed");
    return failure(500, TASK_FAILURE[task]);
  }
}
