import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { ALERT_TEXTS } from "../../../core/alert-rules";
import { localizedHref } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
import { TELEGRAM_TEXTS } from "../../../core/telegram";
import { users } from "../../db/schema";
import type { Services } from "../../services";
import { ChannelUnavailable, Conflict, NotFound } from "../common/errors";
import { escapeXml } from "../catalog/xml-text";
import { alertLocaleOf } from "./alert-locale";
import { enabledChatOf } from "./telegram-chats";
import { escapeTelegramHtml } from "./telegram-message";

export const CHANNEL_TEST_TEXTS = {
  emailSent: "Test e-mail sent. It may take a minute to arrive; check your spam folder too.",
  emailRefused: "Your e-mail server refused the test e-mail.",
  emailFailed: "The test e-mail could not be sent right now. Please try again in a few minutes.",
  telegramSent: "Test message sent to your Telegram chat.",
  /**
   * The test e-mail's and message's English texts, as messages/alerts/en.json holds them (they
   * are sent from the catalogue, in the user's language; the tests compare English with these).
   */
  subject: "Kursusku: test alert",
  body: "This is a test from Kursusku: your alerts will arrive like this. Nothing else to do.",
} as const;

/**
 * A test e-mail to the signed-in user's address, sent now (not through the queue: the user is
 * waiting for it). Counted by the caller's alert-write limit, so it cannot be used to flood.
 */
export async function sendTestEmail(services: Services, userId: string): Promise<string> {
  const { mailer } = services;
  if (!mailer) throw new Conflict(ALERT_TEXTS.emailUnavailable);
  const [user] = await services.db
    .select({ email: users.email, locale: users.alertLocale })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new NotFound("Account not found.");
  // In the user's alert language, like the digests it stands for.
  const { locale } = user;
  const body = m.alerts_test_body({}, { locale });
  const alertsUrl = `${services.config.publicSiteUrl}${localizedHref(locale, "/dashboard?tab=alerts")}`;
  const outcome = await mailer.send({
    to: user.email,
    subject: m.alerts_test_email_subject({}, { locale }),
    text: `${body}\n\n${alertsUrl}\n`,
    html: `<p>${escapeXml(body)}</p><p><a href="${escapeXml(alertsUrl)}">${escapeXml(m.alerts_test_email_link({}, { locale }))}</a></p>`,
    messageId: `<test-${randomUUID()}@kursusku>`,
    headers: {},
  });
  if (outcome.status === "sent") return CHANNEL_TEST_TEXTS.emailSent;
  if (outcome.status === "refused") throw new Conflict(CHANNEL_TEST_TEXTS.emailRefused);
  throw new ChannelUnavailable(CHANNEL_TEST_TEXTS.emailFailed);
}

/** A test message to the user's linked Telegram chat, sent now. */
export async function sendTestTelegram(services: Services, userId: string): Promise<string> {
  if (!services.telegram) throw new Conflict(TELEGRAM_TEXTS.unavailable);
  const chatId = await enabledChatOf(services, userId);
  if (chatId === null) throw new Conflict(TELEGRAM_TEXTS.notLinked);
  const body = m.alerts_test_body({}, { locale: await alertLocaleOf(services, userId) });
  const answer = await services.telegram.sendMessage(chatId, escapeTelegramHtml(body));
  if (!answer.ok) throw new ChannelUnavailable(TELEGRAM_TEXTS.unreachable);
  return CHANNEL_TEST_TEXTS.telegramSent;
}
