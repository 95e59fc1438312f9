import { desc, eq } from "drizzle-orm";
import {
  ALERT_TEXTS,
  DEFAULT_DIGEST_HOUR,
  type AlertChannel,
  type EmailChannelInput,
} from "../../../core/alert-rules";
import { reachableChannels } from "../../../core/alert-reach";
import { coursePath } from "../../../core/course-paths";
import type { EmailChannel, MyAlerts } from "../../../core/my-alerts";
import { alertChannels, alertDeliveries, alertWatches, courses } from "../../db/schema";
import type { Services } from "../../services";
import { limitersPerServices } from "../common/service-limiters";
import { Conflict, RateLimited } from "../common/errors";
import { listPushSubscriptions } from "./push-subscriptions";
import { listSavedSearches } from "./saved-searches";

/** A browser turned off without a recorded reason. */
export const TURNED_OFF_NOTE = "Turned off.";
import { readTelegramChannel } from "./telegram-chats";

/** Deliveries shown in a user's history, newest first. */
export const HISTORY_LENGTH = 100;

export type { EmailChannel, MyAlerts } from "../../../core/my-alerts";

export async function readEmailChannel(services: Services, userId: string): Promise<EmailChannel> {
  const [row] = await services.db
    .select()
    .from(alertChannels)
    .where(eq(alertChannels.userId, userId));
  return {
    available: services.config.alerts.smtpUrl !== null,
    enabled: row?.emailEnabled ?? false,
    hour: row?.emailHour ?? DEFAULT_DIGEST_HOUR,
    note: row?.emailNote ?? null,
  };
}

/**
 * Turns the e-mail digest on or off and sets its hour. Turning it on clears the note of why it
 * was off (the user has seen it and decided). Refused when the site has no SMTP server.
 */
export async function setEmailChannel(
  services: Services,
  userId: string,
  input: EmailChannelInput,
): Promise<EmailChannel> {
  if (input.enabled && services.config.alerts.smtpUrl === null) {
    throw new Conflict(ALERT_TEXTS.emailUnavailable);
  }
  const now = services.clock.now();
  const hour = input.hour ?? (await readEmailChannel(services, userId)).hour;
  await services.db
    .insert(alertChannels)
    .values({ userId, emailEnabled: input.enabled, emailHour: hour, updatedAt: now })
    .onConflictDoUpdate({
      target: alertChannels.userId,
      set: {
        emailEnabled: input.enabled,
        emailHour: hour,
        updatedAt: now,
        ...(input.enabled ? { emailNote: null } : {}),
      },
    });
  return readEmailChannel(services, userId);
}

export async function listMyAlerts(services: Services, userId: string): Promise<MyAlerts> {
  const siteUrl = services.config.publicSiteUrl;
  const [watchRows, searches, email, browsers, telegram, historyRows] = await Promise.all([
    services.db
      .select({
        courseId: courses.id,
        title: courses.title,
        slug: courses.slug,
        listed: courses.active,
        channels: alertWatches.channels,
      })
      .from(alertWatches)
      .innerJoin(courses, eq(courses.id, alertWatches.courseId))
      .where(eq(alertWatches.userId, userId))
      .orderBy(desc(alertWatches.createdAt)),
    listSavedSearches(services, userId),
    readEmailChannel(services, userId),
    listPushSubscriptions(services, userId),
    readTelegramChannel(services, userId),
    services.db
      .select({
        courseId: courses.id,
        title: courses.title,
        slug: courses.slug,
        channel: alertDeliveries.channel,
        reason: alertDeliveries.reason,
        status: alertDeliveries.status,
        createdAt: alertDeliveries.createdAt,
        sentAt: alertDeliveries.sentAt,
      })
      .from(alertDeliveries)
      .innerJoin(courses, eq(courses.id, alertDeliveries.courseId))
      .where(eq(alertDeliveries.userId, userId))
      .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
      .limit(HISTORY_LENGTH),
  ]);
  // An alert shows as told only on the channels that reach the user now.
  const reachable = reachableChannels({
    email,
    browsers: browsers.map((browser) => ({ offNote: browser.disabledAt ? "off" : null })),
    telegram,
  });
  const knownChannels = (stored: string[]): AlertChannel[] =>
    reachable.filter((channel) => stored.includes(channel));
  return {
    watches: watchRows.map(({ slug, channels, ...row }) => ({
      ...row,
      path: coursePath(slug),
      channels: knownChannels(channels),
    })),
    searches: searches.map((search) => ({
      id: search.id,
      search: search.search,
      type: search.category,
      language: search.language,
      rating: search.minRating,
      feedUrl: `${siteUrl}/alerts/feed/${search.feedToken}`,
      feedHelpPath: `/alerts/feed-help/${search.feedToken}`,
      channels: knownChannels(search.channels),
    })),
    email,
    browsers: browsers.map((browser) => ({
      id: browser.id,
      service: browser.service,
      addedAt: browser.createdAt.toISOString(),
      offNote: browser.disabledAt ? (browser.disabledNote ?? TURNED_OFF_NOTE) : null,
    })),
    telegram,
    history: historyRows.map((row) => ({
      courseId: row.courseId,
      title: row.title,
      path: coursePath(row.slug),
      channel: row.channel,
      reason: row.reason,
      status: row.status,
      queuedAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

/** Alert changes a user may make a minute: plenty for a person, a wall for a script. */
export const ALERT_WRITES_PER_MINUTE = 30;

const alertWriteLimiter = limitersPerServices((limiter) =>
  limiter({ name: "alert-writes", points: ALERT_WRITES_PER_MINUTE, durationSeconds: 60 }),
);

/** Counts one alert change for the user, or throws RateLimited (429 with Retry-After). */
export async function takeAlertWriteLimit(services: Services, userId: string): Promise<void> {
  const hit = await alertWriteLimiter(services).consume(`user:${userId}`);
  if (!hit.allowed) {
    throw new RateLimited("Too many alert changes. Please wait a minute.", hit.retryAfterSeconds);
  }
}
