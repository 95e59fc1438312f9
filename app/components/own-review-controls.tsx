import { useLocation } from "react-router";
import { ANSWER_LANGUAGE_FIELD } from "../../core/locale";
import { REVIEW_MAX_LENGTH } from "../../core/messages";
import type { ReviewState } from "../../core/personal-layer";
import { byCount, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

export type OwnReview = NonNullable<ReviewState["own"]>;

const BUTTON =
  "inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800";

/**
 * Edit and Delete for the viewer's own review of a course. Plain forms posted to /reviews, so
 * they work without JavaScript too: the server checks the review is theirs, then comes back to
 * this page with the outcome as a toast.
 */
export function OwnReviewControls({ review }: { review: OwnReview }) {
  const { t, locale } = useMessages();
  const location = useLocation();
  const hidden = (intent: "update" | "delete") => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="reviewId" value={review.id} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <input type="hidden" name={ANSWER_LANGUAGE_FIELD} value={locale} />
    </>
  );

  return (
    <div
      className="mt-4 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      data-testid="own-review"
    >
      <p className="text-sm font-semibold">{t(m.review_yours)}</p>
      <div className="mt-2 flex flex-wrap items-start gap-3">
        <details className="min-w-0 flex-1">
          <summary className={`${BUTTON} w-fit list-none`}>{t(m.review_edit)}</summary>
          <form method="post" action="/reviews" className="mt-3 flex flex-col gap-3">
            {hidden("update")}
            <fieldset>
              <legend className="text-sm font-medium">{t(m.review_your_rating)}</legend>
              <div className="mt-1 flex flex-wrap gap-2">
                {[1, 2, 3, 4, 5].map((value) => (
                  <label key={value} className="inline-flex min-h-11 items-center gap-1 px-1">
                    <input
                      type="radio"
                      name="rating"
                      value={value}
                      required
                      defaultChecked={review.rating === value}
                    />
                    <span className="text-sm">
                      {t(byCount(value, m.review_stars_one, m.review_stars_other), {
                        count: value,
                      })}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="text-sm font-medium">
              {t(m.review_your_review)}
              <textarea
                name="text"
                required
                defaultValue={review.text}
                maxLength={REVIEW_MAX_LENGTH}
                rows={4}
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-white p-2 text-sm font-normal dark:border-slate-700 dark:bg-slate-900"
              />
            </label>
            <button
              type="submit"
              className="inline-flex min-h-11 w-fit items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white"
            >
              {t(m.review_save)}
            </button>
          </form>
        </details>
        <form method="post" action="/reviews">
          {hidden("delete")}
          <button type="submit" className={`${BUTTON} text-red-700 dark:text-red-300`}>
            {t(m.review_delete)}
          </button>
        </form>
      </div>
    </div>
  );
}
