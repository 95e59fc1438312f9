import { useState } from "react";
import { postAlertForm } from "../lib/alert-form";
import { useToast } from "./toast";
import * as m from "../../core/paraglide/messages";
import { useMessages } from "../lib/i18n";

/**
 * "Notify me when free": watches the course for its next free coupon (an alert on the
 * dashboard). The server decides everything — signed in, the cap on watched courses — and the
 * toast says what it answered.
 */
export function WatchButton({
  courseId,
  className = "",
}: {
  courseId: number;
  className?: string;
}) {
  const { t, locale } = useMessages();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const watch = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await postAlertForm("/alerts/watches", { courseId: String(courseId) }, locale);
      if (!result.ok) {
        toast.show(result.message, "error");
        return;
      }
      toast.show(t(m.account_watch_started), "success");
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      data-replay={`watch-${courseId}`}
      disabled={busy}
      onClick={() => void watch()}
      className={`inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800 ${className}`}
    >
      {t(m.account_notify_when_free)}
    </button>
  );
}
