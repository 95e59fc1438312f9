import { pageAnswerHeaders } from "./page-language";

type AlertAnswer = { success?: boolean; message?: string; error?: { message?: string } };

/** On success, the route's whole answer (e.g. the Telegram deep link it made). */
export type AlertFormResult =
  { ok: true; answer: Record<string, unknown> } | { ok: false; message: string };

/**
 * Posts one alert form (/alerts/watches, /alerts/searches, /alerts/email, /alerts/telegram) and reads the answer:
 * the server decides everything (sign-in, the Udemy address, the caps) and its message is what the
 * learner is shown when it refuses.
 */
export async function postAlertForm(
  path: string,
  fields: Record<string, string>,
): Promise<AlertFormResult> {
  try {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const response = await fetch(path, { method: "POST", body, headers: pageAnswerHeaders() });
    const answer = (await response.json().catch(() => ({}))) as AlertAnswer;
    if (response.ok && answer.success) return { ok: true, answer };
    return {
      ok: false,
      message: answer.error?.message ?? answer.message ?? "Could not save. Please try again.",
    };
  } catch {
    return { ok: false, message: "Could not save. Please check your connection." };
  }
}
