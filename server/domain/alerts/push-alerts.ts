import { coursePath } from "../../../core/course-paths";
import { localizedHref } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
import { TRUNCATE, truncate } from "../../../core/text";
import type { Services } from "../../services";
import { sendPushToUser } from "./push-subscriptions";
import { MAX_ALERTS_PER_DAY, sendDueMessages, type SendTickOutcome } from "./message-queue";

/** A user gets at most this many alert pushes a Jakarta day; the rest wait for the next day. */
export const MAX_PUSHES_PER_DAY = MAX_ALERTS_PER_DAY;

export type PushTickOutcome = SendTickOutcome;

/**
 * One tick of push alerts: outside quiet hours, sends each waiting push delivery to every active
 * browser of its user (one notification per course; the same tag replaces an older one). Marked
 * sent once a push service accepted it; a user whose browsers are all gone gets the delivery
 * marked failed (the dashboard says why each browser stopped); a push service that failed for a
 * while puts it back, failed after MAX_DELIVERY_ATTEMPTS tries.
 */
export async function sendDuePushes(services: Services): Promise<PushTickOutcome> {
  if (!services.push) return { sent: 0, failed: 0, held: 0 };
  return sendDueMessages(services, "push", async (delivery) => {
    const result = await sendPushToUser(services, delivery.userId, {
      title: truncate(delivery.title, TRUNCATE.cardTitle),
      body: m.alerts_push_body({}, { locale: delivery.locale }),
      url: localizedHref(delivery.locale, coursePath(delivery.slug)),
      tag: `course-${delivery.courseId}`,
    });
    if (result.sent > 0) return { verdict: "sent" };
    if (result.retryable) return { verdict: "retry", error: "push service failed" };
    return { verdict: "failed", error: "no browser takes push alerts" };
  });
}
