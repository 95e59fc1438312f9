import { ARTICLE_MESSAGES, cooldownMessage } from "../../core/article-rules";

/** The article form's submit button label and the toasts of a blocked submit, from its state. */

export type ModeratedField = "title" | "content" | "image";
/** idle: nothing to check; pending: waiting for the debounce; checking: the AI is answering. */
export type ModerationStatus = "idle" | "pending" | "checking" | "passed" | "advisory";

export type ArticleFormState = {
  submitting: boolean;
  eligibilityLoading: boolean;
  coolingDown: boolean;
  /** Errors shown at the fields (validation, image size/type, the server's refusals). */
  hasErrors: boolean;
  moderation: Record<ModeratedField, ModerationStatus>;
};

export const SUBMIT_LABELS = {
  ready: "Submit Article",
  submitting: "Submitting Article...",
  eligibility: "Checking Eligibility...",
  processing: "Processing Input...",
  warnings: "Address Warnings",
  cooldown: "Submission Cooldown",
  errors: "Fix Form Errors",
} as const;

const MODERATED_FIELDS: ModeratedField[] = ["title", "content", "image"];

function isProcessing(status: ModerationStatus): boolean {
  return status === "pending" || status === "checking";
}

/** The label, in its order of precedence; the button is enabled only when ready. */
export function submitButtonLabel(state: ArticleFormState): string {
  if (state.submitting) return SUBMIT_LABELS.submitting;
  if (state.eligibilityLoading) return SUBMIT_LABELS.eligibility;
  if (MODERATED_FIELDS.some((field) => isProcessing(state.moderation[field]))) {
    return SUBMIT_LABELS.processing;
  }
  if (MODERATED_FIELDS.some((field) => state.moderation[field] === "advisory")) {
    return SUBMIT_LABELS.warnings;
  }
  if (state.coolingDown) return SUBMIT_LABELS.cooldown;
  if (state.hasErrors) return SUBMIT_LABELS.errors;
  return SUBMIT_LABELS.ready;
}

export type SubmitBlock = { message: string; type: "info" | "error" };

const WARNING_MESSAGES: Record<ModeratedField, string> = {
  title: ARTICLE_MESSAGES.titleWarning,
  content: ARTICLE_MESSAGES.contentWarning,
  image: ARTICLE_MESSAGES.imageWarning,
};
const PROCESSING_MESSAGES: Record<ModeratedField, string> = {
  title: ARTICLE_MESSAGES.titleProcessing,
  content: ARTICLE_MESSAGES.contentProcessing,
  image: ARTICLE_MESSAGES.imageProcessing,
};

/**
 * Why a submit attempt is refused in the browser, or null. Validation of
 * untouched fields comes after this (its toast is "Please correct the form errors.").
 */
export function submitBlock(
  state: Omit<ArticleFormState, "submitting">,
  cooldownRemaining: number | null,
): SubmitBlock | null {
  if (state.eligibilityLoading)
    return { message: ARTICLE_MESSAGES.checkingEligibility, type: "info" };
  if (state.coolingDown) return { message: cooldownMessage(cooldownRemaining), type: "error" };
  if (state.hasErrors) return { message: ARTICLE_MESSAGES.formErrorsShown, type: "error" };
  for (const field of MODERATED_FIELDS) {
    if (state.moderation[field] === "advisory") {
      return { message: WARNING_MESSAGES[field], type: "error" };
    }
  }
  for (const field of MODERATED_FIELDS) {
    if (isProcessing(state.moderation[field])) {
      return { message: PROCESSING_MESSAGES[field], type: "info" };
    }
  }
  return null;
}
