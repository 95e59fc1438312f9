import { ANONYMOUS_DAILY_CREDITS, DAILY_TOP_UP_CREDITS } from "../../core/rules";
import { TRUNCATE } from "../../core/text";
import { msUntilNextJakartaMidnight } from "../../core/dates";
import { formatSpan } from "../../core/time-left";
import type { ViewerSummary } from "../../core/viewer";
import { ANSWER_LANGUAGE_FIELD, type Locale } from "../../core/locale";
import { byCount } from "./i18n";
import * as m from "../../core/paraglide/messages";

/**
 * The texts and small decisions around spending a credit: what the card says at 0 credits, what
 * the first-open notice says, and the redirect toast. Pure, so the wording is tested once.
 */

/**
 * A course's /go link. /go has one address; on a page in another language than English the link
 * names it (`?lang=id`), so the pages /go may show (out of credits, coupon ended) speak it.
 */
export function goHref(
  courseId: number,
  locale: Locale,
  query: Record<string, string> = {},
): string {
  const params = new URLSearchParams(query);
  if (locale !== "en") params.set(ANSWER_LANGUAGE_FIELD, locale);
  const search = params.toString();
  return search ? `/go/${courseId}?${search}` : `/go/${courseId}`;
}

/** "Redirecting to {title}...": a cut title ends in the same three dots, never in "…...". */
export function redirectToastMessage(title: string, locale: Locale): string {
  const max = TRUNCATE.redirectToastTitle;
  const shown = title.length <= max ? title : title.slice(0, max - 1).trimEnd();
  return m.redirect_toast({ title: shown }, { locale });
}

/**
 * The line under a disabled Out of Credits button: what the learner can do next. A visitor's
 * line is a link to the sign-in; a member's offers a code.
 */
export type OutOfCreditsNextStep = { text: string; offerRedeem: boolean; offerSignIn: boolean };

export function outOfCreditsNextStep(
  viewer: ViewerSummary | null | undefined,
  locale: Locale,
): OutOfCreditsNextStep {
  const credits = DAILY_TOP_UP_CREDITS;
  if (!viewer?.signedIn) {
    return {
      text: m.out_of_credits_sign_in({ credits }, { locale }),
      offerRedeem: false,
      offerSignIn: true,
    };
  }
  return {
    text: m.out_of_credits_tomorrow({ credits }, { locale }),
    offerRedeem: true,
    offerSignIn: false,
  };
}

/** How long until credits reset (midnight Asia/Jakarta), e.g. "5 h 12 min", rounded up. */
export function timeUntilCreditReset(now: Date, locale: Locale): string {
  const minutes = Math.max(1, Math.ceil(msUntilNextJakartaMidnight(now) / 60_000));
  return formatSpan(minutes, locale);
}

/** Where the browser remembers that the visitor has seen the first-open notice. */
export const FIRST_OPEN_NOTICE_KEY = "kk_credit_notice_seen";

/**
 * The first-open notice is for visitors (signed-in users chose an account and saw the balance
 * when they did), only while the open would spend, and only once per browser.
 */
export function needsFirstOpenNotice(
  viewer: ViewerSummary | null | undefined,
  courseId: number,
  seen: boolean,
): boolean {
  if (seen || !viewer || viewer.signedIn) return false;
  if (viewer.creditsRemaining <= 0) return false;
  return !viewer.openedToday.includes(courseId);
}

/** What the first-open notice says: the cost and what will remain. */
export function firstOpenNoticeText(creditsRemaining: number, locale: Locale): string {
  const after = Math.max(0, creditsRemaining - 1);
  return byCount(
    after,
    m.first_open_notice_one,
    m.first_open_notice_other,
  )({ credits: creditsRemaining, daily: ANONYMOUS_DAILY_CREDITS, after }, { locale });
}
