import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { jakartaHour } from "../../../core/dates";
import { BASE_LOCALE, isLocale, type Locale } from "../../../core/locale";
import type { Mailer } from "../../adapters/mailer/smtp-mailer";
import { alertChannels, alertDeliveries, courses, savedSearches } from "../../db/schema";
import type { Services } from "../../services";
import { buildDigestMessage, type DigestCourse } from "./digest-message";
import { listEndingSoon, type EndingSoonCourse } from "./ending-soon";
import { claimedBy, claimHolds, claimLapsed, statusAfterFailedTry } from "./delivery-queue";
import { queueAlertsForNewCoupons } from "./match-new-coupons";
import { signUnsubscribeToken } from "./unsubscribe-tokens";

/** Courses in one e-mail; the rest wait for the next day's digest. */
export const MAX_COURSES_PER_DIGEST = 100;
/** Users claimed per claim statement. */
const USERS_PER_CLAIM = 50;

export type DigestClaim = {
  token: string;
  userId: string;
  email: string;
  /** The language the user's alerts speak. */
  locale: Locale;
  deliveryIds: number[];
};

export type DigestTickOutcome = { sent: number; refused: number; failed: number };

/**
 * Claims the e-mail digests that are due: users with e-mail on, whose Jakarta hour has come,
 * who had no digest today, with deliveries waiting (pending, or claimed by a sender longer ago
 * than the lease) and no live claim. Their channel rows are locked with SKIP LOCKED, so two
 * instances claim different users; the deliveries move to "sending" with a claim token.
 */
export async function claimDueDigests(services: Services): Promise<DigestClaim[]> {
  const now = services.clock.now();
  const waiting = sql`(d.status in ('pending', 'sending') and ${claimLapsed(sql`d.claimed_at`, now)})`;
  return services.db.transaction(async (tx) => {
    const due = (await tx.execute(sql`
      select ac.user_id, u.email, u.alert_locale
        from alert_channels ac join users u on u.id = ac.user_id
       where ac.email_enabled
         and ac.email_hour <= ${jakartaHour(now)}
         and (ac.email_last_digest_day is null or ac.email_last_digest_day < ${services.clock.today()})
         and exists (select 1 from alert_deliveries d
                      where d.user_id = ac.user_id and d.channel = 'email' and ${waiting})
         and not exists (select 1 from alert_deliveries d
                          where d.user_id = ac.user_id and d.channel = 'email'
                            and d.status = 'sending' and ${claimHolds(sql`d.claimed_at`, now)})
       order by ac.user_id
       limit ${USERS_PER_CLAIM}
       for update of ac skip locked`)) as unknown as {
      rows: Array<{ user_id: string; email: string; alert_locale: string }>;
    };
    const claims: DigestClaim[] = [];
    for (const { user_id: userId, email, alert_locale } of due.rows) {
      const locale = isLocale(alert_locale) ? alert_locale : BASE_LOCALE;
      const token = randomBytes(16).toString("hex");
      const claimed = (await tx.execute(sql`
        update alert_deliveries set status = 'sending', ${claimedBy(token, now)}
         where id in (select d.id from alert_deliveries d
                       where d.user_id = ${userId} and d.channel = 'email' and ${waiting}
                       order by d.id limit ${MAX_COURSES_PER_DIGEST})
        returning id`)) as unknown as { rows: Array<{ id: number | string }> };
      const deliveryIds = claimed.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
      if (deliveryIds.length > 0) claims.push({ token, userId, email, locale, deliveryIds });
    }
    return claims;
  });
}

type ClaimedCourse = DigestCourse & { courseId: number };

async function digestCourses(services: Services, claim: DigestClaim): Promise<ClaimedCourse[]> {
  const rows = await services.db
    .select({
      deliveryId: alertDeliveries.id,
      courseId: courses.id,
      slug: courses.slug,
      title: courses.title,
      category: courses.category,
      reason: alertDeliveries.reason,
      search: savedSearches.search,
    })
    .from(alertDeliveries)
    .innerJoin(courses, eq(courses.id, alertDeliveries.courseId))
    .leftJoin(savedSearches, eq(savedSearches.id, alertDeliveries.savedSearchId))
    .where(eq(alertDeliveries.claimToken, claim.token))
    .orderBy(alertDeliveries.id);
  return rows.map((row) => ({ ...row, search: row.search ?? null }));
}

/**
 * The digest leads with the user's favourites and watched courses that are ending soon, marked
 * (a course also among the deliveries moves up rather than appearing twice), then the rest in
 * delivery order.
 */
export function leadWithEndingSoon(
  claimed: ClaimedCourse[],
  ending: EndingSoonCourse[],
): DigestCourse[] {
  const endingIds = new Set(ending.map((course) => course.courseId));
  const lead = ending.map((course): DigestCourse => {
    const delivery = claimed.find((item) => item.courseId === course.courseId);
    return {
      deliveryId: delivery?.deliveryId ?? null,
      slug: course.slug,
      title: course.title,
      category: course.courseType,
      reason: delivery?.reason ?? "watch",
      search: delivery?.search ?? null,
      endingSoon: { expiresAt: course.expiresAt, usesRemaining: course.usesRemaining },
    };
  });
  const rest = claimed
    .filter((item) => !endingIds.has(item.courseId))
    .map(({ courseId: _courseId, ...item }) => item);
  return [...lead, ...rest];
}

/**
 * Sends one claimed digest, then records what happened — only after the SMTP server answered:
 * accepted → sent (and no other digest today); recipient refused for good → the user's e-mail
 * channel is switched off with a note and the deliveries fail; anything else → back in the
 * queue, failed after MAX_DELIVERY_ATTEMPTS tries. Only rows still under this claim's token are
 * written, so a claim that lapsed and was taken over is left to its new owner.
 */
export async function sendDigest(
  services: Services,
  mailer: Mailer,
  claim: DigestClaim,
): Promise<"sent" | "refused" | "failed"> {
  const siteUrl = services.config.publicSiteUrl;
  const claimed = await digestCourses(services, claim);
  if (claimed.length === 0) {
    // Their courses are gone: nothing to tell.
    await services.db
      .update(alertDeliveries)
      .set({ status: "failed", claimToken: null, error: "course no longer exists" })
      .where(eq(alertDeliveries.claimToken, claim.token));
    return "failed";
  }
  const items = leadWithEndingSoon(claimed, await listEndingSoon(services, claim.userId));
  const token = await signUnsubscribeToken(services, claim.userId);
  const message = buildDigestMessage({
    siteUrl,
    to: claim.email,
    courses: items,
    unsubscribeUrl: `${siteUrl}/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    locale: claim.locale,
  });
  const outcome = await mailer.send(message);
  const now = services.clock.now();
  const underClaim = eq(alertDeliveries.claimToken, claim.token);
  await services.db.transaction(async (tx) => {
    if (outcome.status === "sent") {
      await tx
        .update(alertDeliveries)
        .set({ status: "sent", sentAt: now, claimToken: null, error: null })
        .where(underClaim);
      await tx
        .update(alertChannels)
        .set({ emailLastDigestDay: services.clock.today() })
        .where(eq(alertChannels.userId, claim.userId));
    } else if (outcome.status === "refused") {
      await tx
        .update(alertDeliveries)
        .set({ status: "failed", claimToken: null, error: outcome.reason })
        .where(underClaim);
      await tx
        .update(alertChannels)
        .set({
          emailEnabled: false,
          emailNote: emailRefusedNote(services.clock.today(), claim.email, outcome.reason),
          updatedAt: now,
        })
        .where(eq(alertChannels.userId, claim.userId));
    } else {
      await tx
        .update(alertDeliveries)
        .set({
          status: statusAfterFailedTry(sql`${alertDeliveries.attempts}`),
          claimToken: null,
          error: outcome.reason,
        })
        .where(underClaim);
    }
  });
  return outcome.status;
}

/**
 * One tick of the digest worker: matches coupons that are still unmatched (a catch-up after a
 * crashed ingest), then claims and sends every due digest, a batch of users at a time.
 */
export async function sendDueDigests(
  services: Services,
  mailer: Mailer,
  options: { signal?: AbortSignal } = {},
): Promise<DigestTickOutcome> {
  const outcome: DigestTickOutcome = { sent: 0, refused: 0, failed: 0 };
  await queueAlertsForNewCoupons(services);
  for (;;) {
    if (options.signal?.aborted) return outcome;
    const claims = await claimDueDigests(services);
    if (claims.length === 0) return outcome;
    for (const claim of claims) {
      const status = await sendDigest(services, mailer, claim);
      outcome[status] += 1;
    }
  }
}

/** The note the Alerts tab shows when the mail server refused the address (translated there). */
export function emailRefusedNote(day: string, email: string, reason: string): string {
  return `Alert e-mails were turned off on ${day}: the mail server refused ${email} (${reason}).`;
}
