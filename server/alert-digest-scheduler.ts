import { Cron } from "croner";
import { createSmtpMailer } from "./adapters/mailer/smtp-mailer";
import { sendDueDigests } from "./domain/alerts/email-digest";
import type { Services } from "./services";

export type AlertDigestScheduler = { stop(): Promise<void> };

/**
 * The e-mail digest worker: on ALERT_DIGEST_CRON (every 5 minutes), in Asia/Jakarta, it sends
 * every digest whose user's hour has come. Every instance ticks; digests are claimed per user
 * with SKIP LOCKED, so instances share the work and never send one digest twice. Off (null)
 * without SMTP_URL. croner's `protect` skips a tick while this process still sends the last.
 */
export function startAlertDigestScheduler(services: Services): AlertDigestScheduler | null {
  const { smtpUrl, mailFrom, digestCron } = services.config.alerts;
  if (!smtpUrl) return null;
  const logger = services.logger.child({ job: "alert-digests" });
  const mailer = createSmtpMailer({ url: smtpUrl, from: mailFrom });
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
      const tick = sendDueDigests(services, mailer, { signal: stopping.signal });
      running = tick;
      try {
        const outcome = await tick;
        if (outcome.sent + outcome.refused + outcome.failed > 0) {
          logger.info(outcome, "alert digests sent");
        }
      } finally {
        running = null;
      }
    },
  );
  logger.info({ mailer: mailer.describe(), cron: digestCron }, "alert digest worker started");
  return {
    async stop() {
      job.stop();
      stopping.abort();
      await running?.catch(() => undefined);
      mailer.close();
    },
  };
}
