import { and, eq } from "drizzle-orm";
import { ALERT_TEXTS, type AlertChannel } from "../../../core/alert-rules";
import { alertWatches, savedSearches } from "../../db/schema";
import type { Services } from "../../services";
import { Conflict, NotFound } from "../common/errors";
import { CHANNEL_NEEDS, channelReach } from "../../../core/alert-reach";
import { readChannelFacts } from "./channel-facts";

/** One of a user's alerts: a watched course (by course id) or a saved search (by its id). */
export type AlertRef = { watchedCourseId: number } | { savedSearchId: number };

/**
 * Sets the channels one of the user's alerts is told on. Only the user's own alert changes; an
 * alert that is not theirs (or not there) answers NotFound and nothing changes. A channel that
 * cannot reach the user now (no SMTP, digest off, no browser taking pushes, Telegram not
 * linked) is refused, so no alert is stored as told on a channel that tells no one. Deliveries
 * already queued are not taken back: the choice applies from the next new coupon.
 */
export async function chooseAlertChannels(
  services: Services,
  userId: string,
  alert: AlertRef,
  channels: AlertChannel[],
): Promise<AlertChannel[]> {
  const [reach, owned] = await Promise.all([
    readChannelFacts(services, userId).then(channelReach),
    "watchedCourseId" in alert
      ? services.db
          .select({ userId: alertWatches.userId })
          .from(alertWatches)
          .where(
            and(eq(alertWatches.userId, userId), eq(alertWatches.courseId, alert.watchedCourseId)),
          )
      : services.db
          .select({ userId: savedSearches.userId })
          .from(savedSearches)
          .where(and(eq(savedSearches.userId, userId), eq(savedSearches.id, alert.savedSearchId))),
  ]);
  const notFound = () =>
    new NotFound(
      "watchedCourseId" in alert ? ALERT_TEXTS.courseUnknown : ALERT_TEXTS.searchUnknown,
    );
  // Someone else's alert is not found, whatever channels were asked for.
  if (owned.length === 0) throw notFound();
  for (const channel of channels) {
    const state = reach[channel];
    if (state !== "ready") throw new Conflict(CHANNEL_NEEDS[state]);
  }
  const changed =
    "watchedCourseId" in alert
      ? await services.db
          .update(alertWatches)
          .set({ channels })
          .where(
            and(eq(alertWatches.userId, userId), eq(alertWatches.courseId, alert.watchedCourseId)),
          )
          .returning({ channels: alertWatches.channels })
      : await services.db
          .update(savedSearches)
          .set({ channels })
          .where(and(eq(savedSearches.userId, userId), eq(savedSearches.id, alert.savedSearchId)))
          .returning({ channels: savedSearches.channels });
  // Deleted meanwhile.
  if (changed.length === 0) throw notFound();
  return channels;
}
