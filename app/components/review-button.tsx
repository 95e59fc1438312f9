import { reviewLimitMessage } from "../../core/messages";
import { DAILY_REVIEW_LIMIT } from "../../core/rules";
import type { ReviewTarget } from "./review-modal";
import { useToast } from "./toast";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/** A course's review control: "Leave a Review", or a disabled "Reviewed" once it is reviewed. */
export function ReviewButton({
  courseId,
  reviewed,
  onClick,
}: {
  courseId: number;
  reviewed: boolean;
  onClick: () => void;
}) {
  const { t } = useMessages();
  if (reviewed) {
    return (
      <button
        type="button"
        disabled
        className="inline-flex min-h-11 items-center rounded-lg bg-slate-200 px-3 text-sm font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300"
      >
        {t(m.review_done)}
      </button>
    );
  }
  return (
    <button
      type="button"
      data-replay={`review-${courseId}`}
      onClick={onClick}
      className="inline-flex min-h-11 items-center rounded-lg border border-brand-600 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-slate-800"
    >
      {t(m.review_leave)}
    </button>
  );
}

/**
 * Opens the review modal for a course, unless today's reviews are used up: the daily cap is
 * checked before the modal opens (the server checks again on submit).
 */
export function useStartReview(
  reviewsLeft: number,
  open: (target: ReviewTarget) => void,
): (target: ReviewTarget) => void {
  const toast = useToast();
  return (target) => {
    if (reviewsLeft <= 0) {
      toast.show(reviewLimitMessage(DAILY_REVIEW_LIMIT), "error");
      return;
    }
    open(target);
  };
}
