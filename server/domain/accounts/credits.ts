import { and, desc, eq, sql } from "drizzle-orm";
import { ANONYMOUS_DAILY_CREDITS } from "../../../core/rules";
import { courses, users, visits } from "../../db/schema";
import type { Transaction } from "../../db/client";
import type { Services } from "../../services";
import { countWithinDailyLimit } from "./daily-counters";
import { anonymousSubject, hasPremium } from "./accounts";
import { confirmCouponAtOpening } from "./coupon-at-opening";
import { findOpenableCourse, hasLiveCoupon } from "./openable-courses";
import { openAsUser } from "./user-openings";
import { CouponEnded, ExampleCourse, OutOfCredits } from "../common/errors";

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
 * shares one transaction with the opens that arrive with it (user-openings.ts); an anonymous
 * visitor's is a transaction of its own.
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
      ? await openAsUser(services, { userId: opener.userId, courseId })
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

function subjectOf(opener: CourseOpener): string {
  return opener.kind === "user" ? opener.userId : anonymousSubject(opener.anonymousId);
}

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
