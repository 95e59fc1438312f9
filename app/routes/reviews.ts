import { REVIEW_SIGN_IN_REQUIRED, REVIEW_THANKS } from "../../core/messages";
import { reviewFormValues, reviewInputSchema } from "../../core/review-input";
import { addReview } from "../../server/domain/reviews";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { HttpRefusal, jsonErrorResponse, parseInput } from "../../server/web/json-answers";
import type { Route } from "./+types/reviews";
import { methodNotAllowed } from "../../server/web/responses";

/** POST /reviews (courseId, rating, text): signed-in users only; answers in the page's language. */
export async function action({ request, context }: Route.ActionArgs) {
  let locale = answerLocaleOf(request);
  try {
    const user = context.identity.user;
    if (!user) throw new HttpRefusal(401, REVIEW_SIGN_IN_REQUIRED);
    const form = await request.formData();
    locale = answerLocaleOf(request, form);
    const review = parseInput(
      reviewInputSchema,
      reviewFormValues({ rating: form.get("rating"), text: form.get("text") }),
    );
    const result = await addReview(context.services, user.id, {
      courseId: Number(form.get("courseId")),
      ...review,
    });
    return Response.json({
      success: true,
      message: answerMessage(REVIEW_THANKS, locale),
      ...result,
    });
  } catch (error) {
    return jsonErrorResponse(error, "result", locale);
  }
}

export const loader = methodNotAllowed("POST");
