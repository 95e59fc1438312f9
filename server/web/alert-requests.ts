import { ALERT_TEXTS } from "../../core/alert-rules";
import type { UserRow } from "../db/schema";
import { HttpRefusal } from "./json-answers";

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
