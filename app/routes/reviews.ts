import { addReview } from "../../server/domain/reviews";
import { domainErrorResponse } from "../../server/web/responses";
import { REVIEW_SIGN_IN_REQUIRED } from "../../core/messages";
import type { Route } from "./+types/reviews";

/** POST /reviews (courseId, rating, text): signed-in users only. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.identity.user;
  if (!user) {
    return Response.json(
      {
        success: false,
        message: REVIEW_SIGN_IN_REQUIRED,
        error: { message: REVIEW_SIGN_IN_REQUIRED },
      },
      { status: 401 },
    );
  }
  const form = await request.formData();
  try {
    const result = await addReview(context.services, user.id, {
      courseId: Number(form.get("courseId")),
      rating: form.get("rating"),
      text: form.get("text"),
    });
    return Response.json({
      success: true,
      message: "Thank you! Your review has been submitted.",
      ...result,
    });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
