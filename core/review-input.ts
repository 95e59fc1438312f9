import { z } from "./zod";
import {
  REVIEW_MAX_LENGTH,
  REVIEW_RATING_REQUIRED,
  REVIEW_TEXT_REQUIRED,
  reviewTooLongMessage,
} from "./messages";

/**
 * A review as the user writes it: a whole-number rating of 1 to 5 stars (a form's "4" counts)
 * and a non-blank text of at most REVIEW_MAX_LENGTH characters once trimmed. The review form
 * and the API's addReview both validate with this schema at the edge; the domain then receives
 * the typed result.
 */
export const reviewInputSchema = z.object({
  rating: z.coerce
    .number({ error: REVIEW_RATING_REQUIRED })
    .int(REVIEW_RATING_REQUIRED)
    .min(1, REVIEW_RATING_REQUIRED)
    .max(5, REVIEW_RATING_REQUIRED),
  text: z
    .string({ error: REVIEW_TEXT_REQUIRED })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, REVIEW_TEXT_REQUIRED)
        .max(REVIEW_MAX_LENGTH, reviewTooLongMessage(REVIEW_MAX_LENGTH)),
    ),
});

/** What a client sends: anything, a missing field being undefined or null. */
export type ReviewFormInput = { rating: unknown; text: unknown };
/** What the domain receives: a checked rating of 1 to 5 and a trimmed, non-blank text. */
export type ReviewFields = z.output<typeof reviewInputSchema>;

/** The raw fields as the schema reads them: null (an absent form field) counts as missing. */
export function reviewFormValues(input: ReviewFormInput): { rating: unknown; text: unknown } {
  return { rating: input.rating ?? undefined, text: input.text ?? undefined };
}
