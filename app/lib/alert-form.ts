import { ANSWER_LANGUAGE_FIELD, type Locale } from "../../core/locale";
import * as m from "../../core/paraglide/messages";
import { answerLanguageHeaders } from "./i18n";

type AlertAnswer = { success?: boolean; message?: string; error?: { message?: string } };

/** On success, the route's whole answer (e.g. the Telegram deep link it made). */
export type AlertFormResult =
  { ok: true; answer: Record<string, unknown> } | { ok: false; message: string };

/**
 * Posts one alert form (/alerts/watches, /alerts/searches, /alerts/email, /alerts/telegram) and reads the answer:
 * the server decides everything (sign-in, the Udemy address, the caps) and its message is what the
 * learner is shown when it refuses. The form says the page's language, so refusals come back in it.
 */
export async function postAlertForm(
  path: string,
  fields: Record<string, string>,
  locale: Locale,
): Promise<AlertFormResult> {
  try {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    body.set(ANSWER_LANGUAGE_FIELD, locale);
    const response = await fetch(path, {
      method: "POST",
      body,
      headers: answerLanguageHeaders(locale),
    });
    const answer = (await response.json().catch(() => ({}))) as AlertAnswer;
    if (response.ok && answer.success) return { ok: true, answer };
    return {
      ok: false,
      message: answer.error?.message ?? answer.message ?? m.account_save_failed({}, { locale }),
    };
  } catch {
    return { ok: false, message: m.account_save_offline({}, { locale }) };
  }
}
