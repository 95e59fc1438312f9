import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { TELEGRAM_LINK_TTL_MINUTES, type TelegramChannel } from "../../core/telegram";
import { postAlertForm } from "../lib/alert-form";
import { useToast } from "./toast";
import * as m from "../../core/paraglide/messages";
import { useMessages } from "../lib/i18n";

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-100 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800";
const primaryClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";

/** While a deep link waits to be opened, the dashboard looks this often whether the chat is linked. */
const CHECK_LINKED_EVERY_MS = 4_000;

/** `checkUntil` is by this browser's clock, which need not agree with the server's. */
type DeepLink = { url: string; checkUntil: number };

/**
 * The Alerts tab's Telegram part. "Link Telegram" asks the server for a one-time deep link to our
 * bot; opening it and pressing Start in Telegram links that chat (the server's bot reads the
 * /start). Until the chat is linked (or the link expires) the tab re-reads the alerts, so it shows
 * "Linked" on its own. A chat that blocked the bot shows the server's note and can be linked anew.
 */
export function TelegramLink({ telegram }: { telegram: TelegramChannel }) {
  const { t, locale } = useMessages();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<DeepLink | null>(null);
  const waiting = link !== null && !telegram.enabled;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (link.checkUntil <= Date.now()) setLink(null);
      else if (revalidator.state === "idle") void revalidator.revalidate();
    }, CHECK_LINKED_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, link, revalidator]);

  async function send(intent: "link" | "unlink" | "test") {
    if (busy) return;
    setBusy(true);
    try {
      const result = await postAlertForm("/alerts/telegram", { intent }, locale);
      if (!result.ok) return toast.show(result.message, "error");
      if (intent === "test") {
        toast.show(String(result.answer.message ?? t(m.account_telegram_test_done)), "success");
      } else if (intent === "link") {
        const { url } = result.answer.link as { url: string };
        setLink({ url, checkUntil: Date.now() + TELEGRAM_LINK_TTL_MINUTES * 60_000 });
      } else {
        setLink(null);
        toast.show(t(m.account_telegram_unlinked), "success");
        await revalidator.revalidate();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <p className="font-medium">{t(m.account_telegram_title)}</p>
      {!telegram.available ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t(m.account_telegram_unavailable)}
        </p>
      ) : (
        <>
          {telegram.note && (
            <p role="status" className="mt-1 text-sm text-amber-800 dark:text-amber-200">
              {telegram.note}
            </p>
          )}
          <p
            className="mt-1 text-sm text-slate-600 dark:text-slate-300"
            data-testid="telegram-state"
          >
            {telegram.enabled ? t(m.account_telegram_linked) : t(m.account_telegram_not_linked)}
          </p>
          {link && !telegram.enabled && (
            <p className="mt-2 text-sm">
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className={primaryClass}
                data-testid="telegram-deep-link"
              >
                {t(m.account_telegram_open)}
              </a>
              <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                {t(m.account_telegram_link_note, { minutes: TELEGRAM_LINK_TTL_MINUTES })}
              </span>
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            {!telegram.enabled && !link && (
              <button
                type="button"
                className={primaryClass}
                disabled={busy}
                onClick={() => void send("link")}
              >
                {telegram.linked ? t(m.account_telegram_link_again) : t(m.account_telegram_link)}
              </button>
            )}
            {telegram.linked && (
              <button
                type="button"
                className={buttonClass}
                disabled={busy}
                onClick={() => void send("unlink")}
              >
                {t(m.account_telegram_unlink)}
              </button>
            )}
            {telegram.enabled && (
              <button
                type="button"
                className={buttonClass}
                disabled={busy}
                onClick={() => void send("test")}
              >
                {t(m.account_telegram_test)}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
