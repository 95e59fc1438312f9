import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AI_LIMITS, AI_MESSAGES } from "../../core/ai-schemas";
import { ALERT_TEXTS, MAX_SAVED_SEARCHES, MAX_WATCHED_COURSES } from "../../core/alert-rules";
import { CLAIM_TEXTS } from "../../core/claims";
import { MAX_SEARCH_LENGTH } from "../../core/course-filters";
import * as rules from "../../core/messages";
import * as m from "../../core/paraglide/messages";
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, PUSH_MESSAGES } from "../../core/push";
import { DAILY_FAVOURITE_LIMIT, DAILY_REVIEW_LIMIT } from "../../core/rules";
import { TELEGRAM_TEXTS } from "../../core/telegram";
import { TOO_MANY_API_REQUESTS } from "../api/router";
import { APP_PREMIUM_ALREADY_CLAIMED } from "../domain/accounts/accounts";
import { CHANNEL_TEST_TEXTS } from "../domain/alerts/channel-tests";
import { AI_SERVICE_MESSAGES } from "../domain/ai/call-provider";
import { CouponEnded, ExampleCourse, OutOfCredits } from "../domain/common/errors";
import {
  creditsRedeemedMessage,
  premiumDaysRedeemedMessage,
  REDEEM_MESSAGES,
} from "../domain/accounts/redeem";
import { ALREADY_REVIEWED, REVIEW_NOT_FOUND } from "../domain/catalog/reviews";
import { TOO_MANY_SIGN_INS_MESSAGE } from "../domain/accounts/sign-in-limits";
import { SEND_AS_FORM_MESSAGE } from "./alert-requests";
import { emailRefusedNote } from "../domain/alerts/email-digest";
import { TURNED_OFF_NOTE } from "../domain/alerts/my-alerts";
import { telegramStoppedNote } from "../domain/alerts/telegram-chats";
import { unsubscribedNote } from "../domain/alerts/unsubscribe-tokens";
import { pushGoneNote, pushStoppedNote } from "../domain/alerts/push-subscriptions";
import { answerMessage, translatedEnglishTexts } from "./answer-messages";
import { BODY_TOO_LARGE_MESSAGE, UNREADABLE_FORM_MESSAGE } from "./form-bodies";
import { STORAGE_FULL_MESSAGE } from "../write-failures";

type Message = (inputs: Record<string, unknown>, options: { locale: "en" | "id" }) => string;

/** A text written inline where it is thrown: the source file must still say it word for word. */
function inline(file: string, text: string): string {
  expect(readFileSync(new URL(`../../${file}`, import.meta.url), "utf8")).toContain(
    JSON.stringify(text),
  );
  return text;
}

/**
 * Each translated message, with the English the domain or the rules actually produce (for
 * patterned ones, produced with the same values). If a domain text changes, its row fails.
 */
const PRODUCED: [unknown, Record<string, unknown>, string][] = [
  [m.server_favourite_added, {}, rules.FAVOURITE_ADDED],
  [m.server_favourite_removed, {}, rules.FAVOURITE_REMOVED],
  [m.server_claim_unknown_state, {}, CLAIM_TEXTS.unknownState],
  [m.server_claim_owned, {}, CLAIM_TEXTS.owned],
  [m.server_claim_moved, {}, CLAIM_TEXTS.moved],
  [
    m.server_favourite_limit,
    { limit: DAILY_FAVOURITE_LIMIT },
    rules.favouriteLimitMessage(DAILY_FAVOURITE_LIMIT),
  ],
  [m.server_unknown_course, {}, ALERT_TEXTS.courseUnknown],
  [
    m.server_course_not_found,
    {},
    inline("server/domain/catalog/favourites.ts", "Course not found."),
  ],
  [m.server_form_unreadable, {}, UNREADABLE_FORM_MESSAGE],
  [m.server_review_sign_in_required, {}, rules.REVIEW_SIGN_IN_REQUIRED],
  [m.server_review_rating_required, {}, rules.REVIEW_RATING_REQUIRED],
  [m.server_review_text_required, {}, rules.REVIEW_TEXT_REQUIRED],
  [
    m.server_review_too_long,
    { max: rules.REVIEW_MAX_LENGTH },
    rules.reviewTooLongMessage(rules.REVIEW_MAX_LENGTH),
  ],
  [m.server_review_thanks, {}, rules.REVIEW_THANKS],
  [m.server_review_already, {}, ALREADY_REVIEWED],
  [m.server_review_not_found, {}, REVIEW_NOT_FOUND],
  [m.server_review_updated, {}, rules.REVIEW_UPDATED],
  [m.server_review_deleted, {}, rules.REVIEW_DELETED],
  [
    m.server_review_limit,
    { limit: DAILY_REVIEW_LIMIT },
    rules.reviewLimitMessage(DAILY_REVIEW_LIMIT),
  ],
  [m.server_redeem_not_allowed, {}, rules.REDEEM_NOT_ALLOWED],
  [m.server_redeem_unknown, {}, REDEEM_MESSAGES.unknown],
  [m.server_redeem_expired, {}, REDEEM_MESSAGES.expired],
  [m.server_redeem_used_up, {}, REDEEM_MESSAGES.usedUp],
  [m.server_redeem_already, {}, REDEEM_MESSAGES.alreadyRedeemed],
  [m.server_redeem_too_many_attempts, {}, REDEEM_MESSAGES.tooManyAttempts],
  [m.server_redeem_blank, {}, REDEEM_MESSAGES.blank],
  [m.server_redeem_credits_added, { credits: 25 }, creditsRedeemedMessage(25)],
  [m.server_redeem_premium_forever, {}, REDEEM_MESSAGES.premiumForever],
  [m.server_redeem_premium_days_one, { days: 1 }, premiumDaysRedeemedMessage(1)],
  [m.server_redeem_premium_days_other, { days: 30 }, premiumDaysRedeemedMessage(30)],
  [m.server_out_of_credits, {}, new OutOfCredits().message],
  [m.server_coupon_ended, {}, new CouponEnded({ id: 1, title: "t", category: "c" }).message],
  [m.server_example_course, {}, new ExampleCourse({ id: 1, title: "t" }).message],
  [
    m.server_account_not_found,
    {},
    inline("server/domain/accounts/user-openings.ts", "Account not found."),
  ],
  [m.server_app_bonus_sign_in, {}, rules.APP_BONUS_SIGN_IN],
  [m.server_app_bonus_unlocked, {}, rules.APP_BONUS_UNLOCKED],
  [m.server_app_bonus_already, {}, APP_PREMIUM_ALREADY_CLAIMED],
  [
    m.server_app_bonus_app_only,
    {},
    inline("server/domain/accounts/accounts.ts", "Only app users can claim the free app premium."),
  ],
  [m.server_sign_in_failed, {}, rules.GOOGLE_SIGN_IN_FAILED],
  [m.server_sign_in_too_many, {}, TOO_MANY_SIGN_INS_MESSAGE],
  [
    m.server_sign_in_bad_email,
    {},
    inline("server/domain/accounts/accounts.ts", "Please enter a valid e-mail address."),
  ],
  [m.server_sign_in_registered, {}, rules.SIGNED_IN_NEW],
  [m.server_sign_in_welcome_back, {}, rules.SIGNED_IN_AGAIN],
  [m.server_sign_in_error, { message: "boom" }, rules.signInErrorMessage("boom")],
  [m.server_sign_in_first, {}, inline("server/api/api-callers.ts", "Please sign in first.")],
  [m.server_signed_out, {}, rules.SIGNED_OUT],
  [m.server_too_many_requests, {}, TOO_MANY_API_REQUESTS],
  [m.server_storage_full, {}, STORAGE_FULL_MESSAGE],
  [m.server_request_too_large, {}, BODY_TOO_LARGE_MESSAGE],
  [m.server_ai_goal_required, {}, AI_MESSAGES.goalRequired],
  [m.server_ai_goal_too_long, { max: AI_LIMITS.goalMaxChars }, AI_MESSAGES.goalTooLong],
  [m.server_ai_compass_failed, {}, AI_MESSAGES.compassFailed],
  [m.server_ai_compass_unreadable, {}, AI_MESSAGES.compassUnreadable],
  [m.server_ai_trending_failed, {}, AI_MESSAGES.trendingFailed],
  [m.server_ai_trending_malformed, {}, AI_MESSAGES.trendingMalformed],
  [m.server_ai_title_check_failed, {}, AI_MESSAGES.titleCheckFailed],
  [m.server_ai_content_check_failed, {}, AI_MESSAGES.contentCheckFailed],
  [m.server_ai_image_check_failed, {}, AI_MESSAGES.imageCheckFailed],
  [m.server_ai_image_unreadable, {}, AI_MESSAGES.imageUnreadable],
  [m.server_ai_image_too_large, {}, AI_MESSAGES.imageTooLarge],
  [m.server_ai_image_wrong_type, {}, AI_MESSAGES.imageWrongType],
  [m.server_ai_rate_limited, {}, AI_MESSAGES.rateLimited],
  [
    m.server_ai_request_too_large,
    {},
    inline("app/routes/api-ai.ts", "The request is too large. Images may be at most 2MB."),
  ],
  [m.server_ai_busy, {}, AI_SERVICE_MESSAGES.busy],
  [m.server_ai_unreachable, {}, AI_SERVICE_MESSAGES.unreachable],
  [m.server_ai_unavailable, { status: 503 }, AI_SERVICE_MESSAGES.unavailable(503)],
  [m.server_push_sign_in_required, {}, PUSH_MESSAGES.signInRequired],
  [m.server_push_unavailable, {}, PUSH_MESSAGES.unavailable],
  [m.server_push_limit, { count: MAX_PUSH_SUBSCRIPTIONS_PER_USER }, PUSH_MESSAGES.limit],
  [m.server_push_subscribed, {}, PUSH_MESSAGES.subscribed],
  [m.server_push_unsubscribed, {}, PUSH_MESSAGES.unsubscribed],
  [m.server_push_none_on, {}, PUSH_MESSAGES.noneOn],
  [m.server_push_test_sent, {}, PUSH_MESSAGES.testSent],
  [m.server_alert_sign_in_required, {}, ALERT_TEXTS.signInRequired],
  [m.server_alert_not_udemy_url, {}, ALERT_TEXTS.notUdemyCourseUrl],
  [m.server_alert_watch_limit, { max: MAX_WATCHED_COURSES }, ALERT_TEXTS.watchLimit],
  [m.server_alert_search_too_long, { max: MAX_SEARCH_LENGTH }, ALERT_TEXTS.searchTooLong],
  [m.server_alert_search_empty, {}, ALERT_TEXTS.searchEmpty],
  [m.server_alert_search_limit, { max: MAX_SAVED_SEARCHES }, ALERT_TEXTS.searchLimit],
  [m.server_alert_search_duplicate, {}, ALERT_TEXTS.searchDuplicate],
  [m.server_alert_search_unknown, {}, ALERT_TEXTS.searchUnknown],
  [m.server_alert_bad_hour, {}, ALERT_TEXTS.badHour],
  [m.server_alert_email_unavailable, {}, ALERT_TEXTS.emailUnavailable],
  [m.server_alert_channels_none, {}, ALERT_TEXTS.channelsNone],
  [m.server_alert_channels_unknown, {}, ALERT_TEXTS.channelsUnknown],
  [m.server_alert_email_needs_digest, {}, ALERT_TEXTS.emailNeedsDigest],
  [m.server_alert_push_needs_browser, {}, ALERT_TEXTS.pushNeedsBrowser],
  [m.server_alert_telegram_needs_link, {}, ALERT_TEXTS.telegramNeedsLink],
  [
    m.server_alert_too_many_changes,
    {},
    inline("server/domain/alerts/my-alerts.ts", "Too many alert changes. Please wait a minute."),
  ],
  [m.server_alert_send_form, {}, SEND_AS_FORM_MESSAGE],
  [m.server_telegram_unavailable, {}, TELEGRAM_TEXTS.unavailable],
  [m.server_telegram_unreachable, {}, TELEGRAM_TEXTS.unreachable],
  [m.server_telegram_not_linked, {}, TELEGRAM_TEXTS.notLinked],
  [m.server_channel_test_email_sent, {}, CHANNEL_TEST_TEXTS.emailSent],
  [m.server_channel_test_email_refused, {}, CHANNEL_TEST_TEXTS.emailRefused],
  [m.server_channel_test_email_failed, {}, CHANNEL_TEST_TEXTS.emailFailed],
  [m.server_channel_test_telegram_sent, {}, CHANNEL_TEST_TEXTS.telegramSent],
  [m.server_note_turned_off, {}, TURNED_OFF_NOTE],
  [m.server_note_email_unsubscribed, { date: "2026-11-24" }, unsubscribedNote("2026-11-24")],
  [
    m.server_note_email_refused,
    { date: "2026-11-24", email: "a@example.com", reason: "550 no such user" },
    emailRefusedNote("2026-11-24", "a@example.com", "550 no such user"),
  ],
  [
    m.server_note_telegram_stopped,
    { date: "2026-11-24", reason: "Forbidden: bot was blocked by the user" },
    telegramStoppedNote("2026-11-24", "Forbidden: bot was blocked by the user"),
  ],
  [m.server_note_push_gone, { status: "410" }, pushGoneNote(410)],
  [m.server_note_push_stopped, { reason: "HTTP 400" }, pushStoppedNote("HTTP 400")],
];

describe("server answers in the request's language", () => {
  it.each(
    PRODUCED.map(([message, inputs, english]) => [english, message as Message, inputs] as const),
  )(
    "%s — the catalogue's English is the domain's text, and it has its Indonesian",
    (english, message, inputs) => {
      expect(message(inputs, { locale: "en" })).toBe(english);
      const indonesian = message(inputs, { locale: "id" });
      expect(indonesian).not.toBe(english);
      expect(answerMessage(english, "id")).toBe(indonesian);
      expect(answerMessage(english, "en")).toBe(english);
    },
  );

  it("translates exactly the texts listed above (none forgotten in the test)", () => {
    expect(translatedEnglishTexts()).toHaveLength(PRODUCED.length);
  });

  it("leaves any other text (admin, CLI, API clients' technical refusals) in English", () => {
    expect(answerMessage("No such code.", "id")).toBe("No such code.");
    expect(answerMessage("--uses must be a positive whole number.", "id")).toBe(
      "--uses must be a positive whole number.",
    );
  });

  it("translates a known reason inside a patterned text", () => {
    expect(answerMessage(rules.signInErrorMessage(TOO_MANY_SIGN_INS_MESSAGE), "id")).toBe(
      "Gagal masuk: Terlalu banyak percobaan masuk. Coba lagi sebentar lagi.",
    );
  });

  it("matches a patterned text only as a whole", () => {
    const text = `${rules.favouriteLimitMessage(30)} Extra.`;
    expect(answerMessage(text, "id")).toBe(text);
  });
});
