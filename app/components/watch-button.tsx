import { useState } from "react";
import { postAlertForm } from "../lib/alert-form";
import { useToast } from "./toast";

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
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const watch = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await postAlertForm("/alerts/watches", { courseId: String(courseId) });
      if (!result.ok) {
        toast.show(result.message, "error");
        return;
      }
      toast.show(
        "We will tell you when this course is free. Manage alerts on your dashboard.",
        "success",
      );
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
      Notify me when free
    </button>
  );
}
