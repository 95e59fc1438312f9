import {
  REVIEW_DELETED,
  REVIEW_SIGN_IN_REQUIRED,
  REVIEW_THANKS,
  REVIEW_UPDATED,
} from "../../core/messages";
import type { Locale } from "../../core/locale";
import { reviewFormValues, reviewInputSchema } from "../../core/review-input";
import { addReview, deleteOwnReview, updateOwnReview } from "../../server/domain/catalog/reviews";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { flashCookie, type FlashMessage } from "../../server/web/cookies";
import {
  describeFailure,
  HttpRefusal,
  jsonErrorResponse,
  parseInput,
} from "../../server/web/json-answers";
import { safeRedirectPath } from "../../server/web/redirects";
import type { Route } from "./+types/reviews";
import { methodNotAllowed } from "../../server/web/responses";

/**
 * POST /reviews: signed-in users only; answers in the page's language.
 * - intent=add (or none): courseId, rating, text — a new review;
 * - intent=update: reviewId, rating, text — changes the user's own review;
 * - intent=delete: reviewId — deletes the user's own review.
 * The page's script gets JSON; a form that also sends `redirectTo` (a browser without
 * JavaScript) goes back there with the same message as a flash toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  let locale = answerLocaleOf(request);
  let redirectTo: FormDataEntryValue | null = null;
  try {
    const user = context.identity.user;
    if (!user) throw new HttpRefusal(401, REVIEW_SIGN_IN_REQUIRED);
    const form = await request.formData();
    locale = answerLocaleOf(request, form);
    redirectTo = form.get("redirectTo");
    const { services } = context;
    const intent = form.get("intent") ?? "add";
    const reviewFields = () =>
      parseInput(
        reviewInputSchema,
        reviewFormValues({ rating: form.get("rating"), text: form.get("text") }),
      );
    const reviewId = Number(form.get("reviewId"));
    let message: string;
    let result: object;
    if (intent === "update") {
      result = await updateOwnReview(services, user.id, reviewId, reviewFields());
      message = REVIEW_UPDATED;
    } else if (intent === "delete") {
      result = await deleteOwnReview(services, user.id, reviewId);
      message = REVIEW_DELETED;
    } else {
      const review = reviewFields();
      const courseId = Number(form.get("courseId"));
      result = await addReview(services, user.id, { courseId, ...review });
      message = REVIEW_THANKS;
    }
    if (redirectTo !== null) {
      return redirectWithFlash(request, redirectTo, { type: "success", message }, locale, context);
    }
    return Response.json({ success: true, message: answerMessage(message, locale), ...result });
  } catch (error) {
    const failure = redirectTo === null ? null : describeFailure(error);
    if (redirectTo === null || !failure) return jsonErrorResponse(error, "result", locale);
    return redirectWithFlash(
      request,
      redirectTo,
      { type: "error", message: failure.message },
      locale,
      context,
    );
  }
}

/** Back to the form's page, the outcome shown there as a toast in the page's language. */
function redirectWithFlash(
  request: Request,
  redirectTo: FormDataEntryValue,
  flash: FlashMessage,
  locale: Locale,
  context: Route.ActionArgs["context"],
): Response {
  const headers = new Headers({ Location: safeRedirectPath(redirectTo) });
  const localized = { ...flash, message: answerMessage(flash.message, locale) };
  headers.append("Set-Cookie", flashCookie(localized, context.identity.secureCookies, request));
  return new Response(null, { status: 303, headers });
}

export const loader = methodNotAllowed("POST");
