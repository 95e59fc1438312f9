import { eq } from "drizzle-orm";
import type { AlertChannel } from "../../../core/alert-rules";
import { reachableChannels, type ChannelFacts } from "../../../core/alert-reach";
import { alertChannels } from "../../db/schema";
import type { Services } from "../../services";
import { listPushSubscriptions } from "./push-subscriptions";
import { readTelegramChannel } from "./telegram-chats";

/** What decides which of a user's channels can reach them now (see core/alert-reach.ts). */
export async function readChannelFacts(services: Services, userId: string): Promise<ChannelFacts> {
  const [[email], browsers, telegram] = await Promise.all([
    services.db
      .select({ enabled: alertChannels.emailEnabled })
      .from(alertChannels)
      .where(eq(alertChannels.userId, userId)),
    listPushSubscriptions(services, userId),
    readTelegramChannel(services, userId),
  ]);
  return {
    email: { available: services.config.alerts.smtpUrl !== null, enabled: email?.enabled ?? false },
    browsers: browsers.map((browser) => ({ offNote: browser.disabledAt ? "off" : null })),
    telegram,
  };
}

/** The channels a new alert of the user starts on: those that reach them now (maybe none). */
export async function channelsReachingUser(
  services: Services,
  userId: string,
): Promise<AlertChannel[]> {
  return reachableChannels(await readChannelFacts(services, userId));
}
