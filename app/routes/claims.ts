import { CLAIM_TEXTS } from "../../core/claims";
import { parseRowId } from "../../core/row-id";
import { markCourseOwned, moveClaimedCourse } from "../../server/domain/catalog/claims";
import { Unauthorized } from "../../server/domain/common/errors";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { claimedHintFor } from "../../server/web/claimed-lists";
import { flashCookie, type FlashMessage } from "../../server/web/cookies";
import { UNREADABLE_FORM_MESSAGE } from "../../server/web/form-bodies";
import { describeFailure } from "../../server/web/json-answers";
import { safeRedirectPath } from "../../server/web/redirects";
import { methodNotAllowed } from "../../server/web/responses";
import type { Route } from "./+types/claims";

/**
 * POST /claims: the learning list's one-tap buttons, native forms that work before (and without)
 * JavaScript. `intent=own` (courseId): "I already own this"; `intent=move` (courseId, state):
 * Claimed, Learning or Done. Signed-in learners only. A form's post goes back to `redirectTo`
 * with the result as a flash message in the page's language; without `redirectTo` the answer is
 * JSON with its status (400 for a bad state or course id, 401 signed out, 404 unknown course).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const locale = answerLocaleOf(request, form);
  const redirectTo = form?.get("redirectTo") ?? null;
  const back = (status: number, flash: FlashMessage, extraCookie: string | null = null) => {
    const message = answerMessage(flash.message, locale);
    const headers = new Headers();
    if (extraCookie) headers.append("Set-Cookie", extraCookie);
    // A script (or an API-minded client) gets the status and the message as JSON.
    if (redirectTo === null)
      return Response.json({ success: status === 200, message }, { status, headers });
    headers.set("Location", safeRedirectPath(redirectTo));
    headers.append(
      "Set-Cookie",
      flashCookie({ ...flash, message }, context.identity.secureCookies, request),
    );
    return new Response(null, { status: 303, headers });
  };
  if (!form) return back(400, { type: "error", message: UNREADABLE_FORM_MESSAGE });
  const user = context.identity.user;
  try {
    if (!user) throw new Unauthorized("Please sign in first.");
    const field = form.get("courseId");
    const courseId = parseRowId(typeof field === "string" ? field : null);
    if (courseId === null) return back(400, { type: "error", message: "Course not found." });
    const intent = form.get("intent");
    if (intent === "own") await markCourseOwned(context.services, user.id, courseId);
    else await moveClaimedCourse(context.services, user.id, courseId, form.get("state"));
    const hint = claimedHintFor(request.headers.get("cookie"), context.identity.secureCookies);
    const message = intent === "own" ? CLAIM_TEXTS.owned : CLAIM_TEXTS.moved;
    return back(200, { type: "success", message }, hint);
  } catch (error) {
    const failure = describeFailure(error);
    if (!failure) throw error;
    return back(failure.status, { type: "error", message: failure.message });
  }
}

export const loader = methodNotAllowed("POST");
