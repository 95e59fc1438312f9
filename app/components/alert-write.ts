import { useState } from "react";
import { useRevalidator } from "react-router";
import { postAlertForm } from "../lib/alert-form";
import { useToast } from "./toast";
import { useMessages } from "../lib/i18n";

/** The dashboard Alerts tab's controls: one look for its buttons and fields. */
export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800";
export const primaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
export const inputClass =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-950";

/**
 * Sends one alert form to its route (the server checks everything: the sign-in, the Udemy
 * address, the caps) and says what happened; on success the dashboard's data is read again.
 */
export function useAlertWrite() {
  const { locale } = useMessages();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const send = async (path: string, fields: Record<string, string>, done: string) => {
    if (busy) return false;
    setBusy(true);
    try {
      const result = await postAlertForm(path, fields, locale);
      if (!result.ok) {
        toast.show(result.message, "error");
        return false;
      }
      // A route that says what it did (a test message sent) is quoted; else the caller's words.
      const said = result.answer.message;
      toast.show(typeof said === "string" ? said : done, "success");
      await revalidator.revalidate();
      return true;
    } finally {
      setBusy(false);
    }
  };
  return { send, busy };
}
