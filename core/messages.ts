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
export const reviewTooLongMessage = (max: number) =>
  `Reviews can be at most ${max} characters long.`;
export const REVIEW_THANKS = "Thank you! Your review has been submitted.";
export const REVIEW_UPDATED = "Your review has been updated.";
export const REVIEW_DELETED = "Your review has been deleted.";
export const SIGNED_OUT = "You have been signed out.";
export const APP_BONUS_SIGN_IN = "Please sign in to claim your app bonus.";
export const APP_BONUS_UNLOCKED = "You've unlocked 1 hour of free premium access!";
export const GOOGLE_SIGN_IN_FAILED = "Google Sign-In failed. Please try again.";
export const SIGNED_IN_NEW = "Account registered! Welcome to Kursusku.";
export const SIGNED_IN_AGAIN = "Welcome back!";
export const signInErrorMessage = (reason: string) => `Sign-In Error: ${reason}`;
export const REDEEM_NOT_ALLOWED = "Please enter a code. You must be logged in to redeem.";
export const REDEEM_SIGN_IN_PROMPT =
  "Please sign in using the Google button in the header to enter a code. Your rewards will be bound to your account.";
