import { Cron } from "croner";
import { sendDueDigests } from "./domain/alerts/email-digest";
import { queueAlertsForNewCoupons } from "./domain/alerts/match-new-coupons";
import { sendDuePushes } from "./domain/alerts/push-alerts";
import { sendDueTelegramAlerts } from "./domain/alerts/telegram-alerts";
import type { Services } from "./services";

export type AlertDigestScheduler = { stop(): Promise<void> };

/**
 * The alert worker: on ALERT_DIGEST_CRON (every 5 minutes), in Asia/Jakarta, it sends every
 * e-mail digest whose user's hour has come, and the waiting push and Telegram alerts (outside
 * the quiet hours). Every instance ticks; deliveries are claimed with SKIP LOCKED, so instances share the
 * work and never send one twice. Off (null) without SMTP_URL, Web Push and Telegram. croner's
 * `protect` skips a tick while this process still sends the last.
 */
export function startAlertDigestScheduler(services: Services): AlertDigestScheduler | null {
  const { mailer } = services;
  const { digestCron } = services.config.alerts;
  if (!mailer && !services.push && !services.telegram) return null;
  const logger = services.logger.child({ job: "alert-digests" });
  const stopping = new AbortController();
  let running: Promise<unknown> | null = null;
  const job = new Cron(
    digestCron,
    {
      timezone: "Asia/Jakarta",
      protect: () => logger.warn("previous digest tick still sending; tick skipped"),
      catch: (error) => logger.error({ err: error }, "alert digest tick failed"),
    },
    async () => {
      const tick = (async () => {
        // Sending digests first catches up matching; without e-mail the tick does it itself.
        const digests = mailer
          ? await sendDueDigests(services, mailer, { signal: stopping.signal })
          : (await queueAlertsForNewCoupons(services), null);
        const pushes = await sendDuePushes(services);
        const telegram = await sendDueTelegramAlerts(services);
        return { digests, pushes, telegram };
      })();
      running = tick;
      try {
        const { digests, pushes, telegram } = await tick;
        if (digests && digests.sent + digests.refused + digests.failed > 0) {
          logger.info(digests, "alert digests sent");
        }
        if (pushes.sent + pushes.failed + pushes.held > 0) logger.info(pushes, "push alerts sent");
        if (telegram.sent + telegram.failed + telegram.held > 0) {
          logger.info(telegram, "Telegram alerts sent");
        }
      } finally {
        running = null;
      }
    },
  );
  logger.info(
    {
      mailer: mailer?.describe() ?? "off",
      push: Boolean(services.push),
      telegram: services.telegram?.describe() ?? "off",
      cron: digestCron,
    },
    "alert worker started",
  );
  return {
    async stop() {
      job.stop();
      stopping.abort();
      await running?.catch(() => undefined);
    },
  };
}
