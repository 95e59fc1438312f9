import { and, desc, eq, sql } from "drizzle-orm";
import { isRowId } from "../../../core/row-id";
import { ANONYMOUS_DAILY_CREDITS } from "../../../core/rules";
import { courses, users, visits } from "../../db/schema";
import type { Database, Transaction } from "../../db/client";
import { sqlStateOf } from "../../db/sql-state";
import type { Services } from "../../services";
import { countWithinDailyLimit } from "./daily-counters";
import { anonymousSubject, hasPremium, premiumCondition } from "./accounts";
import { listedCondition } from "../catalog/catalog";
import { confirmCouponAtOpening } from "./coupon-at-opening";
import { CouponEnded, ExampleCourse, NotFound, OutOfCredits } from "../common/errors";

export type CourseOpener =
  { kind: "user"; userId: string } | { kind: "anonymous"; anonymousId: string; ip: string };

export type OpenedCourse = {
  /** Where to send the browser: the coupon URL while the coupon is live. */
  location: string;
  title: string;
  /** False for a free re-open (same course, same Jakarta day), premium, or an expired coupon. */
  spent: boolean;
};

/**
 * Opening a course: record the day's visit and — only when it is the first open of that course
 * today — spend one credit, all or nothing; then reveal the coupon URL. A signed-in user's open
 * is one statement; an anonymous visitor's, one transaction.
 *
 * The visit row is unique per subject, course and day, so concurrent opens of one course spend
 * once; the spend is a conditional UPDATE/upsert, so concurrent opens of different courses can
 * never take a balance below zero. Any refusal takes the visit back.
 */
export async function openCourse(
  services: Services,
  opener: CourseOpener,
  courseId: number,
): Promise<OpenedCourse> {
  const now = services.clock.now();
  const today = services.clock.today();
  const course = await findOpenableCourse(services, courseId);
  // A demo course has no real coupon: it opens nothing, costs nothing and records no visit.
  if (course.isDemo) throw new ExampleCourse({ id: course.id, title: course.title });
  // An expired coupon costs nothing: the course page is still useful, the coupon is not.
  // Nor does a course without a coupon (ingest stores its plain link as coupon_url).
  if (!hasLiveCoupon(course)) return { location: course.link, title: course.title, spent: false };
  // Asked before anything is written: a coupon that died costs nothing and leaves no history.
  if ((await confirmCouponAtOpening(services, course)) === "dead") {
    throw new CouponEnded({ id: course.id, title: course.title, category: course.category });
  }

  const spent =
    opener.kind === "user"
      ? await openAsUser(services.db, opener.userId, courseId, now, today)
      : await services.db.transaction((tx) =>
          openAsAnonymous(tx, services, opener, courseId, now, today),
        );
  return { location: course.couponUrl, title: course.title, spent };
}

/** What opening a course would cost the opener now, without spending: for a confirmation. */
export type CourseOpeningQuote = { title: string; cost: 0 | 1 };

export async function quoteCourseOpening(
  services: Services,
  opener: CourseOpener,
  courseId: number,
): Promise<CourseOpeningQuote> {
  const course = await findOpenableCourse(services, courseId);
  if (course.isDemo || !hasLiveCoupon(course)) return { title: course.title, cost: 0 };
  const [visit] = await services.db
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        eq(visits.subject, subjectOf(opener)),
        eq(visits.courseId, course.id),
        eq(visits.day, services.clock.today()),
      ),
    )
    .limit(1);
  if (visit) return { title: course.title, cost: 0 };
  if (opener.kind === "user") {
    const [user] = await services.db
      .select({ isPremium: users.isPremium, premiumUntil: users.premiumUntil })
      .from(users)
      .where(eq(users.id, opener.userId));
    if (user && hasPremium(user, services.clock.now())) return { title: course.title, cost: 0 };
  }
  return { title: course.title, cost: 1 };
}

type OpenableCourse = {
  id: number;
  title: string;
  link: string;
  couponCode: string | null;
  couponUrl: string | null;
  category: string;
  imageUrl: string | null;
  /** When Udemy last said the coupon works. */
  checkedAt: Date | null;
  /** When the coupon ends, when known. */
  expiresAt: Date | null;
  /** An example of the demo catalogue: nothing to open. */
  isDemo: boolean;
  /** Listed now: active, found by today, not past its expiry (the catalogue's one rule). */
  listed: boolean;
};

/**
 * How long a listed course's facts for opening are kept in memory. A popular coupon is opened
 * by the thousand within minutes; its row is read once a minute, not once an open. Every change
 * to the catalogue forgets them at once (the "catalog:" keys, on every instance).
 */
const OPENABLE_COURSE_TTL_MS = 60_000;

/**
 * The course behind an id, or NotFound (also for ids no integer column can hold). A kept answer
 * is used only while it says the course is listed and its coupon's end has not come; anything
 * else (an ended coupon, a course not yet or no longer listed) is read again, so the clock's
 * part of the listing rule is always today's.
 */
async function findOpenableCourse(services: Services, courseId: number): Promise<OpenableCourse> {
  if (!isRowId(courseId)) throw new NotFound("Course not found.");
  let readNow = false;
  const kept = await services.cache.remember(
    `catalog:openable:${courseId}`,
    OPENABLE_COURSE_TTL_MS,
    () => {
      readNow = true;
      return readOpenableCourse(services, courseId);
    },
  );
  const now = services.clock.now();
  const stillListed = kept.listed && (kept.expiresAt === null || kept.expiresAt > now);
  return readNow || stillListed ? kept : readOpenableCourse(services, courseId);
}

async function readOpenableCourse(services: Services, courseId: number): Promise<OpenableCourse> {
  const [course] = await services.db
    .select({
      id: courses.id,
      title: courses.title,
      link: courses.link,
      couponCode: courses.couponCode,
      couponUrl: courses.couponUrl,
      category: courses.category,
      imageUrl: courses.imageUrl,
      checkedAt: courses.checkedAt,
      expiresAt: courses.expiresAt,
      isDemo: courses.isDemo,
      listed: sql<boolean>`${listedCondition(services)}`,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw new NotFound("Course not found.");
  return course;
}

function hasLiveCoupon(
  course: OpenableCourse,
): course is OpenableCourse & { couponCode: string; couponUrl: string } {
  return course.listed && Boolean(course.couponCode) && Boolean(course.couponUrl);
}

function subjectOf(opener: CourseOpener): string {
  return opener.kind === "user" ? opener.userId : anonymousSubject(opener.anonymousId);
}

/**
 * A user's open in one statement, without a transaction around it (the money path's only write):
 * the day's visit and, on the first open of that course today, the click and — without premium —
 * one credit. The UPDATE's `credit_balance > 0` is re-checked on the row it locks, so concurrent
 * opens of different courses never take a balance below zero; the visit's unique row makes
 * concurrent opens of one course spend once (the second waits for the first's visit).
 *
 * A refusal must take the visit back, or a second click could find it and re-open the course
 * free. The statement itself refuses: it calls `refuse_course_opening` (migration 0025), whose
 * error aborts the whole statement, the visit's insert with it.
 */
async function openAsUser(
  db: Database,
  userId: string,
  courseId: number,
  now: Date,
  today: string,
): Promise<boolean> {
  const premium = premiumCondition(now);
  const statement = sql`
    with visit as (
      insert into ${visits} (subject, course_id, visited_at, day)
      values (${userId}, ${courseId}, ${now.toISOString()}::timestamptz, ${today}::date)
      on conflict (subject, course_id, day) do update set visited_at = excluded.visited_at
      returning (xmax = 0) as first_today
    ), opened as (
      update ${users}
      set credit_balance = ${users.creditBalance} - (case when ${premium} then 0 else 1 end),
        click_count = ${users.clickCount} + 1
      where ${users.id} = ${userId} and (select first_today from visit)
        and (${premium} or ${users.creditBalance} > 0)
      returning not ${premium} as spent
    )
    select (select first_today from visit) as "firstToday",
      (select spent from opened) as "spent",
      case when (select first_today from visit) and not exists (select 1 from opened) then
        refuse_course_opening(case
          when exists (select 1 from ${users} where ${users.id} = ${userId})
          then ${REFUSED_NO_CREDIT} else ${REFUSED_NO_ACCOUNT} end)
      end as "refused"
  `;
  let row: OpenRow;
  try {
    row = ((await db.execute(statement)) as unknown as { rows: OpenRow[] }).rows[0]!;
  } catch (error) {
    const refusal = sqlStateOf(error);
    if (refusal === REFUSED_NO_CREDIT) throw new OutOfCredits();
    if (refusal === REFUSED_NO_ACCOUNT) throw new NotFound("Account not found.");
    throw error;
  }
  return row.firstToday && Boolean(row.spent);
}

type OpenRow = { firstToday: boolean; spent: boolean | null };

/** The SQLSTATEs `refuse_course_opening` raises (our own class, KK). */
const REFUSED_NO_CREDIT = "KK001";
const REFUSED_NO_ACCOUNT = "KK002";

/** The anonymous visitor's open: the day's visit and, on a first open today, the credit. */
async function openAsAnonymous(
  tx: Transaction,
  services: Services,
  opener: { anonymousId: string; ip: string },
  courseId: number,
  now: Date,
  today: string,
): Promise<boolean> {
  const [visit] = await tx
    .insert(visits)
    .values({ subject: anonymousSubject(opener.anonymousId), courseId, visitedAt: now, day: today })
    .onConflictDoUpdate({
      target: [visits.subject, visits.courseId, visits.day],
      set: { visitedAt: now },
    })
    .returning({ firstToday: sql<boolean>`(xmax = 0)` });
  if (!visit?.firstToday) return false;
  return spendAnonymousCredit(tx, services, opener, today);
}

/** Counts a credit against the anonymous cookie and, so fresh cookies don't help, its IP. */
async function spendAnonymousCredit(
  tx: Transaction,
  services: Services,
  opener: { anonymousId: string; ip: string },
  today: string,
): Promise<boolean> {
  const limits: Array<[string, number]> = [
    [anonymousSubject(opener.anonymousId), ANONYMOUS_DAILY_CREDITS],
    [`ip:${opener.ip}`, services.config.auth.anonCreditsPerIpPerDay],
  ];
  for (const [subject, limit] of limits) {
    if ((await countWithinDailyLimit(tx, "creditsUsed", subject, today, limit)) === null)
      throw new OutOfCredits();
  }
  return true;
}

export type HistoryEntry = {
  courseId: number;
  title: string;
  link: string;
  courseType: string;
  visitedAt: string;
  /** A course of the demo catalogue: kept in the history, shown as an example course. */
  demo: boolean;
};

/** Course-visit history, newest first. */
/** The most visits a history lists (the dashboard, the app's getUser). */
export const HISTORY_LIMIT = 200;

export async function listHistory(
  services: Services,
  subject: string,
  limit = HISTORY_LIMIT,
): Promise<HistoryEntry[]> {
  const rows = await services.db
    .select({
      courseId: visits.courseId,
      title: courses.title,
      link: courses.link,
      courseType: courses.category,
      visitedAt: visits.visitedAt,
      demo: courses.isDemo,
    })
    .from(visits)
    .innerJoin(courses, eq(courses.id, visits.courseId))
    .where(eq(visits.subject, subject))
    // The id breaks ties (a frozen FAKE_NOW clock gives every visit the same instant).
    .orderBy(desc(visits.visitedAt), desc(visits.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, visitedAt: row.visitedAt.toISOString() }));
}
