import { useState } from "react";
import { useRevalidator } from "react-router";
import { formatJakartaInstant } from "../../core/dates";
import type { MyAlerts } from "../../core/my-alerts";
import { PUSH_SUBSCRIPTIONS_PATH, PUSH_TEST_PATH } from "../../core/push";
import { buttonClass } from "./alert-write";
import { useToast } from "./toast";

/**
 * The browsers that took the user's push alerts: when each was added, and for one we stopped
 * sending to, why (the user sees it rather than wondering why pushes stopped). Each can be
 * removed from any device.
 */
export function AlertBrowsers({ browsers }: { browsers: MyAlerts["browsers"] }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  if (browsers.length === 0) return null;
  const remove = async (id: number) => {
    setBusy(true);
    try {
      const response = await fetch(PUSH_SUBSCRIPTIONS_PATH, {
        method: "DELETE",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ id }),
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      if (response.ok) toast.show("Browser removed: it gets no more push alerts.", "success");
      else toast.show(answer.message ?? "Could not remove it. Please try again.", "error");
      await revalidator.revalidate();
    } catch {
      toast.show("Could not remove it. Please check your connection.", "error");
    } finally {
      setBusy(false);
    }
  };
  const sendTest = async () => {
    setBusy(true);
    try {
      const response = await fetch(PUSH_TEST_PATH, { method: "POST" });
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      toast.show(
        answer.message ?? "Could not send the test. Please try again.",
        response.ok ? "success" : "error",
      );
      await revalidator.revalidate();
    } catch {
      toast.show("Could not send the test. Please check your connection.", "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-3">
      <p className="text-sm font-medium">Browsers with push alerts</p>
      {browsers.some((browser) => browser.offNote === null) && (
        <button
          type="button"
          className={`${buttonClass} mt-1`}
          disabled={busy}
          onClick={() => void sendTest()}
        >
          Send a test notification
        </button>
      )}
      <ul className="mt-1 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {browsers.map((browser) => (
          <li key={browser.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {browser.service} · added{" "}
              <time dateTime={browser.addedAt}>
                {formatJakartaInstant(new Date(browser.addedAt))}
              </time>
              {browser.offNote ? (
                <span className="block text-amber-800 dark:text-amber-200">
                  Off: {browser.offNote}
                </span>
              ) : (
                <span className="block text-slate-500 dark:text-slate-400">Takes push alerts.</span>
              )}
            </span>
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              onClick={() => void remove(browser.id)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
