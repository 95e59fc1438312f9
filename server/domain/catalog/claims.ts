import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  min,
  notInArray,
  sql,
  sum,
  type SQL,
} from "drizzle-orm";
import {
  CLAIM_TEXTS,
  isClaimState,
  type ClaimedCourse,
  type ClaimState,
  type LearningList,
  type SavedTotal,
} from "../../../core/claims";
import { isRowId } from "../../../core/row-id";
import { courseClaims, courses, visits } from "../../db/schema";
import type { Services } from "../../services";
import { NotFound, ValidationError } from "../common/errors";

/** The learning list shows this many courses at most, the latest claimed first. */
export const LEARNING_LIST_LIMIT = 500;

/**
 * The ids of the courses a signed-in learner has claimed: every course they opened (their visits,
 * subject = their user id) and every course of their learning list (marked owned or moved).
 * Both halves are read off an index led by the learner (visits_subject_idx, the claims' key).
 */
function claimedCourseIds(services: Services, userId: string) {
  return services.db
    .select({ courseId: visits.courseId })
    .from(visits)
    .where(eq(visits.subject, userId))
    .union(
      services.db
        .select({ courseId: courseClaims.courseId })
        .from(courseClaims)
        .where(eq(courseClaims.userId, userId)),
    );
}

/** The list's one extra condition for a learner who hides their claimed courses. */
export function notClaimedBy(services: Services, userId: string): SQL {
  return notInArray(courses.id, claimedCourseIds(services, userId));
}

/** The opposite: only the courses the learner claimed (to count what the list hides). */
export function claimedBy(services: Services, userId: string): SQL {
  return inArray(courses.id, claimedCourseIds(services, userId));
}

/** Whether the learner has claimed any course at all (their list is then rendered for them). */
export async function hasClaimedCourses(services: Services, userId: string): Promise<boolean> {
  const [visited, listed] = await Promise.all([
    services.db
      .select({ one: sql`1` })
      .from(visits)
      .where(eq(visits.subject, userId))
      .limit(1),
    services.db
      .select({ one: sql`1` })
      .from(courseClaims)
      .where(eq(courseClaims.userId, userId))
      .limit(1),
  ]);
  return visited.length + listed.length > 0;
}

async function requireCourse(services: Services, courseId: number): Promise<void> {
  // An id no integer column can hold names no course (and would be a database error).
  if (isRowId(courseId)) {
    const [row] = await services.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.id, courseId));
    if (row) return;
  }
  throw new NotFound("Course not found.");
}

/** When the learner first opened the course, if they did: the day it was claimed. */
async function firstOpenedAt(services: Services, userId: string, courseId: number) {
  const [row] = await services.db
    .select({ at: min(visits.visitedAt) })
    .from(visits)
    .where(and(eq(visits.subject, userId), eq(visits.courseId, courseId)));
  return row?.at ? new Date(row.at) : null;
}

/**
 * "I already own this": the course joins the learner's claimed courses (and leaves their lists)
 * without being opened here. Marking it again changes nothing.
 */
export async function markCourseOwned(
  services: Services,
  userId: string,
  courseId: number,
): Promise<void> {
  await requireCourse(services, courseId);
  const now = services.clock.now();
  await services.db
    .insert(courseClaims)
    .values({ userId, courseId, owned: true, claimedAt: now })
    .onConflictDoUpdate({
      target: [courseClaims.userId, courseClaims.courseId],
      set: { owned: true },
    });
}

/**
 * Moves a course of the learning list to `state` with one tap. The day it reached each state is
 * kept (moving back and on again dates the state anew). A course the learner never claimed joins
 * the list this way too: moving it says they have it.
 */
export async function moveClaimedCourse(
  services: Services,
  userId: string,
  courseId: number,
  state: unknown,
): Promise<ClaimState> {
  if (!isClaimState(state)) throw new ValidationError(CLAIM_TEXTS.unknownState);
  await requireCourse(services, courseId);
  const now = services.clock.now();
  const dated = {
    state,
    ...(state === "learning" ? { learningAt: now } : {}),
    ...(state === "done" ? { doneAt: now } : {}),
  };
  const claimedAt = (await firstOpenedAt(services, userId, courseId)) ?? now;
  await services.db
    .insert(courseClaims)
    .values({ userId, courseId, claimedAt, ...dated })
    .onConflictDoUpdate({ target: [courseClaims.userId, courseClaims.courseId], set: dated });
  return state;
}

/** The learner's learning list (latest claimed first) and what those courses would have cost. */
export async function readLearningList(services: Services, userId: string): Promise<LearningList> {
  const firstVisits = services.db
    .select({ courseId: visits.courseId, firstAt: min(visits.visitedAt).as("first_at") })
    .from(visits)
    .where(eq(visits.subject, userId))
    .groupBy(visits.courseId)
    .as("first_visits");
  const claimedAt = sql<Date>`coalesce(${courseClaims.claimedAt}, ${firstVisits.firstAt})`;
  const [rows, saved] = await Promise.all([
    services.db
      .select({
        courseId: courses.id,
        slug: courses.slug,
        title: courses.title,
        state: courseClaims.state,
        owned: courseClaims.owned,
        claimedAt,
        learningAt: courseClaims.learningAt,
        doneAt: courseClaims.doneAt,
      })
      .from(courses)
      .leftJoin(
        courseClaims,
        and(eq(courseClaims.courseId, courses.id), eq(courseClaims.userId, userId)),
      )
      .leftJoin(firstVisits, eq(firstVisits.courseId, courses.id))
      .where(claimedBy(services, userId))
      .orderBy(desc(claimedAt), desc(courses.id))
      .limit(LEARNING_LIST_LIMIT),
    savedTotals(services, userId),
  ]);
  const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
  const list: ClaimedCourse[] = rows.map((row) => ({
    courseId: row.courseId,
    slug: row.slug,
    title: row.title,
    state: row.state ?? "claimed",
    owned: row.owned ?? false,
    claimedAt: iso(row.claimedAt)!,
    learningAt: iso(row.learningAt),
    doneAt: iso(row.doneAt),
  }));
  return { courses: list, saved };
}

/** The list prices of every claimed course, summed per currency (Udemy answers in several). */
async function savedTotals(services: Services, userId: string): Promise<SavedTotal[]> {
  const rows = await services.db
    .select({ currency: courses.listPriceCurrency, amount: sum(courses.listPriceAmount) })
    .from(courses)
    .where(
      and(
        claimedBy(services, userId),
        isNotNull(courses.listPriceAmount),
        isNotNull(courses.listPriceCurrency),
      ),
    )
    .groupBy(courses.listPriceCurrency)
    .orderBy(courses.listPriceCurrency);
  return rows.flatMap((row) => {
    const amount = Math.round(Number(row.amount) * 100) / 100;
    return row.currency && amount > 0 ? [{ currency: row.currency, amount }] : [];
  });
}

/** How many of the courses `listed` selects the learner claimed (the list's "Show N" switch). */
export async function countClaimedListed(
  services: Services,
  listed: SQL | undefined,
  userId: string,
): Promise<number> {
  const [row] = await services.db
    .select({ total: count() })
    .from(courses)
    .where(and(listed, claimedBy(services, userId)));
  return row?.total ?? 0;
}
