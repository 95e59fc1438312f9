import { REVIEW_SIGN_IN_REQUIRED } from "../../core/messages";
import { reviewFormValues, reviewInputSchema } from "../../core/review-input";
import { addReview } from "../../server/domain/reviews";
import { HttpRefusal, jsonErrorResponse, parseInput } from "../../server/web/json-answers";
import type { Route } from "./+types/reviews";

/** POST /reviews (courseId, rating, text): signed-in users only. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    const user = context.identity.user;
    if (!user) throw new HttpRefusal(401, REVIEW_SIGN_IN_REQUIRED);
    const form = await request.formData();
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
      message: "Thank you! Your review has been submitted.",
      ...result,
    });
  } catch (error) {
    return jsonErrorResponse(error, "result");
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
