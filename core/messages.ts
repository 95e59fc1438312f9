/** User-facing texts that the server and the browser must word identically. */
export const favouriteLimitMessage = (limit: number) =>
  `You have reached the daily limit of ${limit} course favourites. Please try again tomorrow.`;
export const reviewLimitMessage = (limit: number) =>
  `You have reached the daily limit of ${limit} reviews. Please try again tomorrow.`;
export const FAVOURITE_LIMIT_FALLBACK = "Daily favorite limit reached.";
export const REVIEW_LIMIT_FALLBACK = "Daily review limit reached.";
export const FAVOURITE_ADDED = "Course added to favorites!";
export const FAVOURITE_REMOVED = "Course removed from favorites";
export const REVIEW_SIGN_IN_REQUIRED = "Please sign in to leave a review.";
export const REVIEW_RATING_REQUIRED = "Please select a rating.";
export const REVIEW_TEXT_REQUIRED = "Please write a review.";
export const REVIEW_MAX_LENGTH = 2000;
export const REDEEM_NOT_ALLOWED = "Please enter a code. You must be logged in to redeem.";
export const REDEEM_SIGN_IN_PROMPT =
  "Please sign in using the Google button in the header to enter a code. Your rewards will be bound to your account.";
