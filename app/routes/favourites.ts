import { FAVOURITE_ADDED, FAVOURITE_REMOVED } from "../../core/messages";
import { parseRowId } from "../../core/row-id";
import { setFavourite } from "../../server/domain/catalog/favourites";
import { takeRequestFromIp } from "../../server/domain/accounts/request-limits";
import { flashCookie, type FlashMessage } from "../../server/web/cookies";
import { answerLocaleOf } from "../../server/web/answer-language";
import { answerMessage } from "../../server/web/answer-messages";
import { UNREADABLE_FORM_MESSAGE } from "../../server/web/form-bodies";
import { describeFailure, HttpRefusal, jsonErrorResponse } from "../../server/web/json-answers";
import { safeRedirectPath } from "../../server/web/redirects";
import { methodNotAllowed, subjectForWrite } from "../../server/web/responses";
import type { Route } from "./+types/favourites";

/**
 * POST /favourites (courseId, favourite=true|false): the heart toggle, for users and visitors.
 * The page's script asks for JSON; the heart's own form (a browser without JavaScript) also
 * sends `redirectTo` and goes back there, with the same message as a flash toast. The message
 * speaks the page's language: the form's `lang` field, or the script's Accept-Language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) {
    return jsonErrorResponse(
      new HttpRefusal(400, UNREADABLE_FORM_MESSAGE),
      "result",
      answerLocaleOf(request),
    );
  }
  const locale = answerLocaleOf(request, form);
  const redirectTo = form.get("redirectTo");
  const send = redirectTo === null ? answerJson : answerWithRedirect(request, redirectTo, context);
  const answer = (outcome: Outcome) =>
    send({
      ...outcome,
      flash: { ...outcome.flash, message: answerMessage(outcome.flash.message, locale) },
    });
  const field = form.get("courseId");
  const courseId = parseRowId(typeof field === "string" ? field : null);
  if (courseId === null) {
    return answer({ status: 400, flash: { type: "error", message: "Unknown course." } });
  }
  const favourite = form.get("favourite") === "true";
  const { subject, setCookie } = subjectForWrite(context);
  try {
    // A visitor can shed their cookie and its daily cap with it: their writes count per IP too.
    if (!context.identity.user) {
      await takeRequestFromIp(context.services, "write", context.identity.ip);
    }
    const result = await setFavourite(context.services, subject, courseId, favourite);
    const message = result.favourited ? FAVOURITE_ADDED : FAVOURITE_REMOVED;
    return answer({
      status: 200,
      flash: { type: "success", message },
      favourited: result.favourited,
      setCookie,
    });
  } catch (error) {
    if (redirectTo === null) return jsonErrorResponse(error, "result", locale);
    const failure = describeFailure(error);
    if (!failure) throw error;
    return answer({ status: failure.status, flash: { type: "error", message: failure.message } });
  }
}

type Outcome = {
  status: number;
  flash: FlashMessage;
  favourited?: boolean;
  setCookie?: string | null;
};

function answerJson({ status, flash, favourited, setCookie }: Outcome): Response {
  const success = flash.type === "success";
  return Response.json(
    success
      ? { success, favourited, message: flash.message }
      : { success, message: flash.message, error: { message: flash.message } },
    { status, headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

function answerWithRedirect(
  request: Request,
  redirectTo: FormDataEntryValue,
  context: Route.ActionArgs["context"],
) {
  return ({ flash, setCookie }: Outcome): Response => {
    const headers = new Headers({ Location: safeRedirectPath(redirectTo) });
    headers.append("Set-Cookie", flashCookie(flash, context.identity.secureCookies, request));
    if (setCookie) headers.append("Set-Cookie", setCookie);
    return new Response(null, { status: 303, headers });
  };
}

export const loader = methodNotAllowed("POST");
