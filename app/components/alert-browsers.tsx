import { useState } from "react";
import { useRevalidator } from "react-router";
import { formatJakartaInstant } from "../../core/dates";
import type { MyAlerts } from "../../core/my-alerts";
import { PUSH_SUBSCRIPTIONS_PATH, PUSH_TEST_PATH } from "../../core/push";
import { buttonClass } from "./alert-write";
import { useToast } from "./toast";
import { pageAnswerHeaders } from "../lib/page-language";

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
  /**
   * One call to the push routes: the toast says what the server answered (or `done` when it
   * answers without words), and the list is read again.
   */
  const call = async (path: string, init: RequestInit, done: string | null, failed: string) => {
    setBusy(true);
    try {
      const response = await fetch(path, {
        ...init,
        headers: { ...pageAnswerHeaders(), ...(init.headers as Record<string, string>) },
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      if (response.ok) toast.show(done ?? answer.message ?? failed, "success");
      else toast.show(answer.message ?? `${failed} Please try again.`, "error");
      await revalidator.revalidate();
    } catch {
      toast.show(`${failed} Please check your connection.`, "error");
    } finally {
      setBusy(false);
    }
  };
  const remove = (id: number) =>
    call(
      PUSH_SUBSCRIPTIONS_PATH,
      {
        method: "DELETE",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ id }),
      },
      "Browser removed: it gets no more push alerts.",
      "Could not remove it.",
    );
  const sendTest = () => call(PUSH_TEST_PATH, { method: "POST" }, null, "Could not send the test.");
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
