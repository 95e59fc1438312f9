import { useState } from "react";
import { useRevalidator } from "react-router";
import { formatJakartaInstant } from "../../core/dates";
import type { MyAlerts } from "../../core/my-alerts";
import { PUSH_SUBSCRIPTIONS_PATH, PUSH_TEST_PATH } from "../../core/push-paths";
import { buttonClass } from "./alert-write";
import { useToast } from "./toast";
import * as m from "../../core/paraglide/messages";
import { answerLanguageHeaders, useMessages } from "../lib/i18n";

/**
 * The browsers that took the user's push alerts: when each was added, and for one we stopped
 * sending to, why (the user sees it rather than wondering why pushes stopped). Each can be
 * removed from any device.
 */
export function AlertBrowsers({ browsers }: { browsers: MyAlerts["browsers"] }) {
  const { t, locale } = useMessages();
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
        headers: { ...(init.headers as Record<string, string>), ...answerLanguageHeaders(locale) },
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      if (response.ok) toast.show(done ?? answer.message ?? failed, "success");
      else toast.show(answer.message ?? t(m.account_failed_try_again, { failed }), "error");
      await revalidator.revalidate();
    } catch {
      toast.show(t(m.account_failed_offline, { failed }), "error");
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
      t(m.account_browser_removed),
      t(m.account_remove_failed),
    );
  const sendTest = () =>
    call(PUSH_TEST_PATH, { method: "POST" }, null, t(m.account_push_test_failed));
  return (
    <div className="mt-3">
      <p className="text-sm font-medium">{t(m.account_browsers_heading)}</p>
      {browsers.some((browser) => browser.offNote === null) && (
        <button
          type="button"
          className={`${buttonClass} mt-1`}
          disabled={busy}
          onClick={() => void sendTest()}
        >
          {t(m.account_push_test)}
        </button>
      )}
      <ul className="mt-1 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {browsers.map((browser) => (
          <li key={browser.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {browser.service} · {t(m.account_browser_added)}{" "}
              <time dateTime={browser.addedAt}>
                {formatJakartaInstant(new Date(browser.addedAt))}
              </time>
              {browser.offNote ? (
                <span className="block text-amber-800 dark:text-amber-200">
                  {t(m.account_browser_off, { note: browser.offNote })}
                </span>
              ) : (
                <span className="block text-slate-500 dark:text-slate-400">
                  {t(m.account_browser_on)}
                </span>
              )}
            </span>
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              onClick={() => void remove(browser.id)}
            >
              {t(m.account_remove)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
