import { and, eq } from "drizzle-orm";
import { ALERT_TEXTS, type AlertChannel } from "../../../core/alert-rules";
import { alertWatches, savedSearches } from "../../db/schema";
import type { Services } from "../../services";
import { NotFound } from "../common/errors";

/** One of a user's alerts: a watched course (by course id) or a saved search (by its id). */
export type AlertRef = { watchedCourseId: number } | { savedSearchId: number };

/**
 * Sets the channels one of the user's alerts is told on. Only the user's own alert changes; an
 * alert that is not theirs (or not there) answers NotFound and nothing changes. Deliveries
 * already queued are not taken back: the choice applies from the next new coupon.
 */
export async function chooseAlertChannels(
  services: Services,
  userId: string,
  alert: AlertRef,
  channels: AlertChannel[],
): Promise<AlertChannel[]> {
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
  if (changed.length === 0) {
    throw new NotFound(
      "watchedCourseId" in alert ? ALERT_TEXTS.courseUnknown : ALERT_TEXTS.searchUnknown,
    );
  }
  return channels;
}
