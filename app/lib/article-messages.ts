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

/** A message without inputs, as a translation. */
function fixed(message: (inputs: object, options: { locale: Locale }) => string): Translation {
  return (locale) => message({}, { locale });
}

/** The action's answer when the form body could not be read (it has no rule of its own). */
export const FORM_UNREADABLE = "The form could not be read. Please try again.";

const EXACT: Record<string, Translation> = {
  [ARTICLE_MESSAGES.titleRequired]: fixed(m.writing_rule_title_required),
  [ARTICLE_MESSAGES.titleTooShort]: fixed(m.writing_rule_title_too_short),
  [ARTICLE_MESSAGES.titleTooLong]: fixed(m.writing_rule_title_too_long),
  [ARTICLE_MESSAGES.contentRequired]: fixed(m.writing_rule_content_required),
  [ARTICLE_MESSAGES.contentTooShort]: fixed(m.writing_rule_content_too_short),
  [ARTICLE_MESSAGES.contentTooLong]: (locale) =>
    m.writing_rule_content_too_long(
      { max: formatCount(ARTICLE_LIMITS.contentMax, locale) },
      { locale },
    ),
  [ARTICLE_MESSAGES.authorRequired]: fixed(m.writing_rule_author_required),
  [ARTICLE_MESSAGES.authorTooLong]: (locale) =>
    m.writing_rule_author_too_long({ max: ARTICLE_LIMITS.authorMax }, { locale }),
  // The same words as AI_MESSAGES.imageTooLarge.
  [ARTICLE_MESSAGES.imageTooLarge]: fixed(m.writing_rule_image_too_large),
  [ARTICLE_MESSAGES.imageWrongType]: fixed(m.writing_rule_image_wrong_type),
  [ARTICLE_MESSAGES.imageUnreadable]: fixed(m.writing_rule_image_unreadable),
  [ARTICLE_MESSAGES.notEligible]: fixed(m.writing_rule_not_eligible),
  [ARTICLE_MESSAGES.signInRequired]: fixed(m.writing_rule_sign_in_required),
  [ARTICLE_MESSAGES.cooldownFallback]: fixed(m.writing_rule_cooldown_fallback),
  [ARTICLE_MESSAGES.checkingEligibility]: fixed(m.writing_rule_checking_eligibility),
  [ARTICLE_MESSAGES.formErrors]: fixed(m.writing_rule_form_errors),
  [ARTICLE_MESSAGES.formErrorsShown]: fixed(m.writing_rule_form_errors_shown),
  [ARTICLE_MESSAGES.titleWarning]: fixed(m.writing_rule_title_warning),
  [ARTICLE_MESSAGES.contentWarning]: fixed(m.writing_rule_content_warning),
  [ARTICLE_MESSAGES.imageWarning]: fixed(m.writing_rule_image_warning),
  [ARTICLE_MESSAGES.titleProcessing]: fixed(m.writing_rule_title_processing),
  [ARTICLE_MESSAGES.contentProcessing]: fixed(m.writing_rule_content_processing),
  [ARTICLE_MESSAGES.imageProcessing]: fixed(m.writing_rule_image_processing),
  [ARTICLE_MESSAGES.aiUnavailable]: fixed(m.writing_rule_ai_unavailable),
  [ARTICLE_MESSAGES.aiUnreadable]: fixed(m.writing_rule_ai_unreadable),
  [ARTICLE_MESSAGES.added]: fixed(m.writing_rule_added),
  [ARTICLE_MESSAGES.aiNotice]: fixed(m.writing_rule_ai_notice),
  [FORM_UNREADABLE]: fixed(m.writing_rule_form_unreadable),

  [AI_MESSAGES.titleCheckFailed]: fixed(m.writing_ai_title_failed),
  [AI_MESSAGES.contentCheckFailed]: fixed(m.writing_ai_content_failed),
  [AI_MESSAGES.imageCheckFailed]: fixed(m.writing_ai_image_failed),
  [AI_MESSAGES.checkFailedAdvisory]: fixed(m.writing_ai_failed_advisory),
  [AI_MESSAGES.checkUnparseable]: fixed(m.writing_ai_unparseable),
  [AI_MESSAGES.imageUnreadable]: fixed(m.writing_ai_image_unreadable),
  [AI_MESSAGES.imageWrongType]: fixed(m.writing_ai_image_wrong_type),
  [AI_MESSAGES.rateLimited]: fixed(m.writing_ai_rate_limited),

  [SUBMIT_LABELS.ready]: fixed(m.writing_submit_ready),
  [SUBMIT_LABELS.submitting]: fixed(m.writing_submit_submitting),
  [SUBMIT_LABELS.eligibility]: fixed(m.writing_submit_eligibility),
  [SUBMIT_LABELS.processing]: fixed(m.writing_submit_processing),
  [SUBMIT_LABELS.warnings]: fixed(m.writing_submit_warnings),
  [SUBMIT_LABELS.cooldown]: fixed(m.writing_submit_cooldown),
  [SUBMIT_LABELS.errors]: fixed(m.writing_submit_errors),
};

/** cooldownMessage(ms) of core/article-rules.ts. */
const COOLDOWN = /^Please wait (\d+) minutes? before submitting another article\.$/;
/** The server's refusal of a field by the AI check (server/domain/articles/articles.ts). */
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
