import { ALERT_TEXTS } from "../../core/alert-rules";
import type { UserRow } from "../db/schema";
import { rememberAlertLocale } from "../domain/alerts/alert-locale";
import { takeAlertWriteLimit } from "../domain/alerts/my-alerts";
import type { Services } from "../services";
import { answerLocaleOf } from "./answer-language";
import { HttpRefusal, jsonErrorResponse } from "./json-answers";

/** The signed-in user of an alert request, or a 401 refusal. */
export const SEND_AS_FORM_MESSAGE = "Send the fields as a form.";

export function alertUser(user: UserRow | null): UserRow {
  if (!user) throw new HttpRefusal(401, ALERT_TEXTS.signInRequired);
  return user;
}

/** A form field as text; absent or a file reads as undefined. */
export function formText(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** The request's form, or a 400 refusal when the body cannot be read as one. */
export async function readAlertForm(request: Request): Promise<FormData> {
  const form = await request.formData().catch(() => null);
  if (!form) throw new HttpRefusal(400, SEND_AS_FORM_MESSAGE);
  return form;
}

/**
 * One alert form's answer: the signed-in user within their write limit, their form read, the
 * form's language remembered as the one their alerts speak from now on; then `answer` runs, and
 * any refusal becomes a JSON error in the request's language.
 */
export async function answerAlertForm(
  request: Request,
  context: { services: Services; identity: { user: UserRow | null } },
  answer: (user: UserRow, form: FormData) => Promise<Response>,
): Promise<Response> {
  try {
    const user = alertUser(context.identity.user);
    await takeAlertWriteLimit(context.services, user.id);
    const form = await readAlertForm(request);
    await rememberAlertLocale(context.services, user.id, answerLocaleOf(request, form));
    return await answer(user, form);
  } catch (error) {
    return jsonErrorResponse(error, "result", answerLocaleOf(request));
  }
}
