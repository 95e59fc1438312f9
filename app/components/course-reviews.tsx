import { useState } from "react";
import { formatIndonesianDate } from "../../core/dates";
import { ReviewButton, useStartReview } from "./review-button";
import { OwnReviewControls, type OwnReview } from "./own-review-controls";
import { ReviewModal, type ReviewTarget } from "./review-modal";
import { StarRating } from "./star-rating";
import { useViewer } from "./personal-layer";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

export type CourseReview = { rating: number; date: string; userName: string; review: string };

/**
 * Our own reviews of a course: the average and count, then the reviews newest first by display
 * name and date. A signed-in viewer who has not reviewed the course gets Leave a Review (the
 * daily cap is checked before the form opens; the server checks everything again). A viewer
 * who has reviewed it can edit or delete their own review (and only theirs: the server says
 * which one it is).
 */
export function CourseReviews({
  course,
  reviews,
  reviewed,
  reviewsLeft,
  ownReview,
}: {
  course: { id: number; title: string; averageRating: number; reviewCount: number };
  reviews: CourseReview[];
  reviewed: boolean;
  reviewsLeft: number;
  ownReview: OwnReview | null;
}) {
  const { t } = useMessages();
  const signedIn = useViewer()?.signedIn ?? false;
  const [target, setTarget] = useState<ReviewTarget | null>(null);
  const startReviewOf = useStartReview(reviewsLeft, setTarget);
  const startReview = () => startReviewOf({ courseId: course.id, title: course.title });

  return (
    <section aria-labelledby="reviews-heading" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-xl font-bold">
          {t(m.reviews_heading)}
        </h2>
        {signedIn && (
          <ReviewButton courseId={course.id} reviewed={reviewed} onClick={startReview} />
        )}
      </div>
      <div className="mt-2" data-testid="course-review-summary">
        <StarRating rating={course.averageRating} count={course.reviewCount} />
      </div>
      {signedIn && ownReview && <OwnReviewControls key={ownReview.id} review={ownReview} />}
      {reviews.length > 0 && (
        <ol
          className="mt-4 divide-y divide-slate-200 dark:divide-slate-800"
          data-testid="course-reviews"
        >
          {reviews.map((review, index) => (
            <li key={`${review.userName}-${review.date}-${index}`} className="py-4">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold">{review.userName}</span>
                <time dateTime={review.date} className="text-slate-500 dark:text-slate-400">
                  {formatIndonesianDate(review.date)}
                </time>
              </p>
              <p
                className="mt-1 text-amber-500"
                aria-label={t(m.review_rated, { rating: review.rating })}
                role="img"
              >
                <span aria-hidden="true">
                  {"★".repeat(review.rating)}
                  <span className="text-slate-300 dark:text-slate-600">
                    {"★".repeat(5 - review.rating)}
                  </span>
                </span>
              </p>
              {review.review && (
                <p className="mt-1 whitespace-pre-line text-slate-800 dark:text-slate-200">
                  {review.review}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      {course.reviewCount > reviews.length && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {t(m.reviews_showing, { shown: reviews.length, total: course.reviewCount })}
        </p>
      )}
      <ReviewModal target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
