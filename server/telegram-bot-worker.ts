import { setTimeout as sleep } from "node:timers/promises";
import { claimScheduledTick } from "./db/job-claims";
import {
  CHANNEL_POST_GAP_MS,
  postDueChannelPosts,
  queueChannelPosts,
} from "./domain/alerts/telegram-channel-posts";
import { pollTelegramUpdates } from "./domain/alerts/telegram-updates";
import type { Services } from "./services";

export type TelegramBotWorker = { stop(): Promise<void> };

/** How long one instance holds the bot: a dead holder's turn ends with its slot. */
export const BOT_LEASE_MS = 60_000;
/** A long poll's wait (Telegram allows up to 50 s); shortened to end inside the lease. */
const LONG_POLL_SECONDS = 25;
/** After a failed call, before the next: a broken Telegram is not hammered. */
const PAUSE_AFTER_FAILURE_MS = 5_000;
/** How often the channel looks for newly matched coupons. */
const QUEUE_EVERY_MS = 30_000;

/**
 * The bot's two conversations with Telegram that must happen on one instance at a time: reading
 * updates (getUpdates long polling; two callers at once get 409 from Telegram and could handle an
 * update twice) and posting to the channel (Telegram's per-chat limit counts every instance's
 * posts). Time is cut in BOT_LEASE_MS slots; each instance tries to claim each slot in
 * `job_claims`, the same table that runs a scheduled tick once, and the one that gets it does
 * both for the slot. Slots are real time, not the site's clock (FAKE_NOW may freeze that).
 * The update offset lives in the database, so whichever instance holds the next slot goes on
 * where the last stopped. Per-user alerts are not here: they are claimed per delivery by every
 * instance's alert tick (SKIP LOCKED).
 */
export function startTelegramBotWorker(
  services: Services,
  options: { leaseMs?: number; longPollSeconds?: number } = {},
): TelegramBotWorker | null {
  if (!services.telegram) return null;
  const leaseMs = options.leaseMs ?? BOT_LEASE_MS;
  const longPollSeconds = options.longPollSeconds ?? LONG_POLL_SECONDS;
  const logger = services.logger.child({ job: "telegram-bot" });
  const stopping = new AbortController();
  const { signal } = stopping;
  const pause = (ms: number) =>
    sleep(Math.max(0, ms), undefined, { signal }).catch(() => undefined);

  async function pollUntil(end: number) {
    while (!signal.aborted) {
      const seconds = Math.min(longPollSeconds, Math.floor((end - Date.now()) / 1000) - 1);
      if (seconds < 1) return;
      const { failure } = await pollTelegramUpdates(services, { timeoutSeconds: seconds, signal });
      if (failure && !signal.aborted) {
        logger.warn({ failure }, "Telegram getUpdates failed");
        await pause(
          Math.min(
            end - Date.now(),
            (failure.retryAfterSeconds ?? 0) * 1000 || PAUSE_AFTER_FAILURE_MS,
          ),
        );
      }
    }
  }

  async function postUntil(end: number, channel: string) {
    let lastQueued = 0;
    while (!signal.aborted && Date.now() + CHANNEL_POST_GAP_MS < end) {
      if (Date.now() - lastQueued >= QUEUE_EVERY_MS) {
        await queueChannelPosts(services, channel);
        lastQueued = Date.now();
      }
      const round = await postDueChannelPosts(services, { limit: 1 });
      await pause(round.stoppedBy === "telegram" ? PAUSE_AFTER_FAILURE_MS : CHANNEL_POST_GAP_MS);
    }
  }

  async function holdSlot(end: number) {
    const channel = services.config.telegram?.channel;
    await Promise.all([
      pollUntil(end).catch((error: unknown) =>
        logger.error({ err: error }, "Telegram updates failed"),
      ),
      channel
        ? postUntil(end, channel).catch((error: unknown) =>
            logger.error({ err: error }, "Telegram channel posting failed"),
          )
        : null,
    ]);
  }

  const running = (async () => {
    while (!signal.aborted) {
      const slot = Math.floor(Date.now() / leaseMs) * leaseMs;
      const end = slot + leaseMs;
      let held = false;
      try {
        held = await claimScheduledTick(services.db, "telegram-bot", new Date(slot));
      } catch (error) {
        logger.error({ err: error }, "could not claim the Telegram bot's lease");
      }
      if (held) await holdSlot(end);
      await pause(end - Date.now());
    }
  })();

  logger.info(
    {
      bot: services.telegram.describe(),
      channel: services.config.telegram?.channel ?? "none",
      leaseMs,
    },
    "Telegram bot worker started",
  );
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
