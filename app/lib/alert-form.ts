type AlertAnswer = { success?: boolean; message?: string; error?: { message?: string } };

export type AlertFormResult = { ok: true } | { ok: false; message: string };

/**
 * Posts one alert form (/alerts/watches, /alerts/searches, /alerts/email) and reads the answer:
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
    const response = await fetch(path, { method: "POST", body });
    const answer = (await response.json().catch(() => ({}))) as AlertAnswer;
    if (response.ok && answer.success) return { ok: true };
    return {
      ok: false,
      message: answer.error?.message ?? answer.message ?? "Could not save. Please try again.",
    };
  } catch {
    return { ok: false, message: "Could not save. Please check your connection." };
  }
}
