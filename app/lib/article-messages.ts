import { AI_MESSAGES } from "../../core/ai-schemas";
import { ARTICLE_LIMITS, ARTICLE_MESSAGES } from "../../core/article-rules";
import type { Locale } from "../../core/locale";
import { formatCount } from "../../core/numbers";
import * as m from "../../core/paraglide/messages";
import { SUBMIT_LABELS } from "./article-form-state";

/**
 * The article rules (core/article-rules.ts), the form's submit labels and the AI checks answer in
 * English: the server enforces the same rules and words them as SPEC.md does. A page in another
 * language shows them through this table, keyed by the English text, so the rules stay one
 * shared, untranslated module and the server's behaviour does not change. A text the table does
 * not know (an AI's reason, a message already in the page's language) is shown as it is.
 */
type Translation = (locale: Locale) => string;

/** The action's answer when the form body could not be read (it has no rule of its own). */
export const FORM_UNREADABLE = "The form could not be read. Please try again.";

const EXACT: Record<string, Translation> = {
  [ARTICLE_MESSAGES.titleRequired]: (locale) => m.writing_rule_title_required({}, { locale }),
  [ARTICLE_MESSAGES.titleTooShort]: (locale) => m.writing_rule_title_too_short({}, { locale }),
  [ARTICLE_MESSAGES.titleTooLong]: (locale) => m.writing_rule_title_too_long({}, { locale }),
  [ARTICLE_MESSAGES.contentRequired]: (locale) => m.writing_rule_content_required({}, { locale }),
  [ARTICLE_MESSAGES.contentTooShort]: (locale) => m.writing_rule_content_too_short({}, { locale }),
  [ARTICLE_MESSAGES.contentTooLong]: (locale) =>
    m.writing_rule_content_too_long({ max: formatCount(ARTICLE_LIMITS.contentMax) }, { locale }),
  [ARTICLE_MESSAGES.authorRequired]: (locale) => m.writing_rule_author_required({}, { locale }),
  [ARTICLE_MESSAGES.authorTooLong]: (locale) =>
    m.writing_rule_author_too_long({ max: ARTICLE_LIMITS.authorMax }, { locale }),
  // The same words as AI_MESSAGES.imageTooLarge.
  [ARTICLE_MESSAGES.imageTooLarge]: (locale) => m.writing_rule_image_too_large({}, { locale }),
  [ARTICLE_MESSAGES.imageWrongType]: (locale) => m.writing_rule_image_wrong_type({}, { locale }),
  [ARTICLE_MESSAGES.imageUnreadable]: (locale) => m.writing_rule_image_unreadable({}, { locale }),
  [ARTICLE_MESSAGES.notEligible]: (locale) => m.writing_rule_not_eligible({}, { locale }),
  [ARTICLE_MESSAGES.signInRequired]: (locale) => m.writing_rule_sign_in_required({}, { locale }),
  [ARTICLE_MESSAGES.cooldownFallback]: (locale) => m.writing_rule_cooldown_fallback({}, { locale }),
  [ARTICLE_MESSAGES.checkingEligibility]: (locale) =>
    m.writing_rule_checking_eligibility({}, { locale }),
  [ARTICLE_MESSAGES.formErrors]: (locale) => m.writing_rule_form_errors({}, { locale }),
  [ARTICLE_MESSAGES.formErrorsShown]: (locale) => m.writing_rule_form_errors_shown({}, { locale }),
  [ARTICLE_MESSAGES.titleWarning]: (locale) => m.writing_rule_title_warning({}, { locale }),
  [ARTICLE_MESSAGES.contentWarning]: (locale) => m.writing_rule_content_warning({}, { locale }),
  [ARTICLE_MESSAGES.imageWarning]: (locale) => m.writing_rule_image_warning({}, { locale }),
  [ARTICLE_MESSAGES.titleProcessing]: (locale) => m.writing_rule_title_processing({}, { locale }),
  [ARTICLE_MESSAGES.contentProcessing]: (locale) =>
    m.writing_rule_content_processing({}, { locale }),
  [ARTICLE_MESSAGES.imageProcessing]: (locale) => m.writing_rule_image_processing({}, { locale }),
  [ARTICLE_MESSAGES.aiUnavailable]: (locale) => m.writing_rule_ai_unavailable({}, { locale }),
  [ARTICLE_MESSAGES.aiUnreadable]: (locale) => m.writing_rule_ai_unreadable({}, { locale }),
  [ARTICLE_MESSAGES.added]: (locale) => m.writing_rule_added({}, { locale }),
  [ARTICLE_MESSAGES.aiNotice]: (locale) => m.writing_rule_ai_notice({}, { locale }),
  [FORM_UNREADABLE]: (locale) => m.writing_rule_form_unreadable({}, { locale }),

  [AI_MESSAGES.titleCheckFailed]: (locale) => m.writing_ai_title_failed({}, { locale }),
  [AI_MESSAGES.contentCheckFailed]: (locale) => m.writing_ai_content_failed({}, { locale }),
  [AI_MESSAGES.imageCheckFailed]: (locale) => m.writing_ai_image_failed({}, { locale }),
  [AI_MESSAGES.checkFailedAdvisory]: (locale) => m.writing_ai_failed_advisory({}, { locale }),
  [AI_MESSAGES.checkUnparseable]: (locale) => m.writing_ai_unparseable({}, { locale }),
  [AI_MESSAGES.imageUnreadable]: (locale) => m.writing_ai_image_unreadable({}, { locale }),
  [AI_MESSAGES.imageWrongType]: (locale) => m.writing_ai_image_wrong_type({}, { locale }),
  [AI_MESSAGES.rateLimited]: (locale) => m.writing_ai_rate_limited({}, { locale }),

  [SUBMIT_LABELS.ready]: (locale) => m.writing_submit_ready({}, { locale }),
  [SUBMIT_LABELS.submitting]: (locale) => m.writing_submit_submitting({}, { locale }),
  [SUBMIT_LABELS.eligibility]: (locale) => m.writing_submit_eligibility({}, { locale }),
  [SUBMIT_LABELS.processing]: (locale) => m.writing_submit_processing({}, { locale }),
  [SUBMIT_LABELS.warnings]: (locale) => m.writing_submit_warnings({}, { locale }),
  [SUBMIT_LABELS.cooldown]: (locale) => m.writing_submit_cooldown({}, { locale }),
  [SUBMIT_LABELS.errors]: (locale) => m.writing_submit_errors({}, { locale }),
};

/** cooldownMessage(ms) of core/article-rules.ts. */
const COOLDOWN = /^Please wait (\d+) minutes? before submitting another article\.$/;
/** The server's refusal of a field by the AI check (server/domain/articles.ts). */
const FIELD_REFUSED =
  /^Your (title|content|image) was not accepted by the AI content check: ([\s\S]*)$/;

const FIELD_NAMES = {
  title: m.writing_rule_field_title,
  content: m.writing_rule_field_content,
  image: m.writing_rule_field_image,
} as const;

/** An article rule's, submit label's or AI check's English text in `locale`. */
export function articleMessage(english: string, locale: Locale): string {
  if (locale === "en") return english;
  const exact = EXACT[english];
  if (exact) return exact(locale);
  const cooldown = COOLDOWN.exec(english);
  if (cooldown) {
    const minutes = Number(cooldown[1]);
    const message = minutes === 1 ? m.writing_rule_cooldown_one : m.writing_rule_cooldown_other;
    return message({ minutes }, { locale });
  }
  const refused = FIELD_REFUSED.exec(english);
  if (refused) {
    const field = FIELD_NAMES[refused[1] as keyof typeof FIELD_NAMES]({}, { locale });
    return m.writing_rule_field_refused({ field, reason: refused[2] ?? "" }, { locale });
  }
  return english;
}

/** Every field error of a refusal in `locale`. */
export function articleFieldMessages<Field extends string>(
  errors: Partial<Record<Field, string>>,
  locale: Locale,
): Partial<Record<Field, string>> {
  const translated: Partial<Record<Field, string>> = {};
  for (const [field, message] of Object.entries(errors) as Array<[Field, string | undefined]>) {
    if (message !== undefined) translated[field] = articleMessage(message, locale);
  }
  return translated;
}
