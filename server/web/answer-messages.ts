import type { Locale } from "../../core/locale";
import * as m from "../../core/paraglide/messages";

/**
 * The server's visitor-facing answers in the request's language, translated at the answer edge
 * by their English text (docs/decisions/0029-server-answers-in-two-languages.md). The domain and
 * the rules keep SPEC's English; each message here is a `server_` message whose English
 * rendering IS the text the domain produces (answer-messages.test.ts holds them equal), so a
 * changed English text fails a test instead of silently losing its translation. A text that is
 * not here (the admin console, the CLI, an API client's technical refusal) stays English.
 */

type AnswerMessage = (inputs: Record<string, string>, options: { locale: Locale }) => string;

/** Messages whose English is a fixed text. */
const EXACT: AnswerMessage[] = [
  m.server_favourite_added,
  m.server_favourite_removed,
  m.server_claim_unknown_state,
  m.server_claim_owned,
  m.server_claim_moved,
  m.server_unknown_course,
  m.server_course_not_found,
  m.server_form_unreadable,
  m.server_request_too_large,
  m.server_review_sign_in_required,
  m.server_review_rating_required,
  m.server_review_text_required,
  m.server_review_thanks,
  m.server_review_already,
  m.server_review_not_found,
  m.server_review_updated,
  m.server_review_deleted,
  m.server_redeem_not_allowed,
  m.server_redeem_unknown,
  m.server_redeem_expired,
  m.server_redeem_used_up,
  m.server_redeem_already,
  m.server_redeem_too_many_attempts,
  m.server_redeem_blank,
  m.server_redeem_premium_forever,
  m.server_out_of_credits,
  m.server_coupon_ended,
  m.server_example_course,
  m.server_account_not_found,
  m.server_app_bonus_sign_in,
  m.server_app_bonus_unlocked,
  m.server_app_bonus_already,
  m.server_app_bonus_app_only,
  m.server_sign_in_failed,
  m.server_sign_in_too_many,
  m.server_sign_in_bad_email,
  m.server_sign_in_registered,
  m.server_sign_in_welcome_back,
  m.server_sign_in_first,
  m.server_signed_out,
  m.server_too_many_requests,
  m.server_storage_full,
  m.server_ai_goal_required,
  m.server_ai_compass_failed,
  m.server_ai_compass_unreadable,
  m.server_ai_trending_failed,
  m.server_ai_trending_malformed,
  m.server_ai_title_check_failed,
  m.server_ai_content_check_failed,
  m.server_ai_image_check_failed,
  m.server_ai_image_unreadable,
  m.server_ai_image_too_large,
  m.server_ai_image_wrong_type,
  m.server_ai_rate_limited,
  m.server_ai_request_too_large,
  m.server_ai_busy,
  m.server_ai_unreachable,
  m.server_push_sign_in_required,
  m.server_push_unavailable,
  m.server_push_subscribed,
  m.server_push_unsubscribed,
  m.server_push_none_on,
  m.server_push_test_sent,
  m.server_alert_sign_in_required,
  m.server_alert_not_udemy_url,
  m.server_alert_search_empty,
  m.server_alert_search_duplicate,
  m.server_alert_search_unknown,
  m.server_alert_bad_hour,
  m.server_alert_email_unavailable,
  m.server_alert_channels_none,
  m.server_alert_channels_unknown,
  m.server_alert_email_needs_digest,
  m.server_alert_push_needs_browser,
  m.server_alert_telegram_needs_link,
  m.server_alert_too_many_changes,
  m.server_alert_send_form,
  m.server_telegram_unavailable,
  m.server_telegram_unreachable,
  m.server_telegram_not_linked,
  m.server_channel_test_email_sent,
  m.server_channel_test_email_refused,
  m.server_channel_test_email_failed,
  m.server_channel_test_telegram_sent,
  m.server_note_turned_off,
] as unknown as AnswerMessage[];

/**
 * Messages with values (counts, limits, a status): the English, with each placeholder standing
 * for any text, is matched as a whole; the values found are given to the translation.
 */
const PATTERNED: [AnswerMessage, string[]][] = [
  [m.server_favourite_limit, ["limit"]],
  [m.server_review_limit, ["limit"]],
  [m.server_review_too_long, ["max"]],
  [m.server_redeem_credits_added, ["credits"]],
  [m.server_redeem_premium_days_one, ["days"]],
  [m.server_redeem_premium_days_other, ["days"]],
  [m.server_sign_in_error, ["message"]],
  [m.server_ai_goal_too_long, ["max"]],
  [m.server_ai_unavailable, ["status"]],
  [m.server_push_limit, ["count"]],
  [m.server_alert_watch_limit, ["max"]],
  [m.server_alert_search_too_long, ["max"]],
  [m.server_alert_search_limit, ["max"]],
  // The notes kept when a channel was switched off, shown on the Alerts tab.
  [m.server_note_email_unsubscribed, ["date"]],
  [m.server_note_email_refused, ["date", "email", "reason"]],
  [m.server_note_telegram_stopped, ["date", "reason"]],
  [m.server_note_push_gone, ["status"]],
  [m.server_note_push_stopped, ["reason"]],
] as unknown as [AnswerMessage, string[]][];

/** The English template of a message: its placeholders left as `{name}`. */
export function englishTemplate(message: AnswerMessage, names: string[]): string {
  return message(Object.fromEntries(names.map((name) => [name, `{${name}}`])), { locale: "en" });
}

const exact = new Map(EXACT.map((message) => [message({}, { locale: "en" }), message]));

const patterns = PATTERNED.map(([message, names]) => {
  const template = englishTemplate(message, names);
  let source = template.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  for (const name of names) source = source.replace(`\\{${name}\\}`, `(?<${name}>.+?)`);
  return { message, pattern: new RegExp(`^${source}$`, "s") };
});

/** Every English text (templates with `{name}`) this module translates, for the tests. */
export function translatedEnglishTexts(): string[] {
  return [...exact.keys(), ...PATTERNED.map(([message, names]) => englishTemplate(message, names))];
}

/**
 * The visitor-facing English `text` in `locale`; English, or a text not in the catalogue, comes
 * back unchanged. A value inside a patterned text is translated too when it is itself a known
 * text (the reason inside "Sign-In Error: …").
 */
export function answerMessage(text: string, locale: Locale): string {
  if (locale === "en") return text;
  const known = exact.get(text);
  if (known) return known({}, { locale });
  for (const { message, pattern } of patterns) {
    const found = pattern.exec(text);
    if (!found?.groups) continue;
    const inputs = Object.fromEntries(
      Object.entries(found.groups).map(([name, value]) => [name, answerMessage(value, locale)]),
    );
    return message(inputs, { locale });
  }
  return text;
}
