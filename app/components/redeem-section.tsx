import { useState } from "react";
import { useRevalidator } from "react-router";
import { formatJakartaInstant } from "../../core/dates";
import type { RedemptionItem } from "../../core/personal-layer";
import { answerLanguageHeaders, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

type RedeemAnswer = {
  success?: boolean;
  message?: string;
  details?: {
    type: string;
    creditsAdded: number;
    leftRedeem: number;
    newLimit: number | "unlimited";
  };
  error?: { message?: string };
};

/** Redeem section: code input, Unlock / Verifying..., result panel, redeemed codes. */
export function RedeemSection({
  signedIn,
  redemptions,
}: {
  signedIn: boolean;
  redemptions: RedemptionItem[];
}) {
  const { t, locale } = useMessages();
  const revalidator = useRevalidator();
  const [code, setCode] = useState("");
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<{ success: boolean; message: string } | null>(null);
  const blank = code.trim() === "";
  const disabled = checking || blank || !signedIn;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    setChecking(true);
    setResult(null);
    try {
      const body = new FormData();
      body.set("code", code);
      const response = await fetch("/redeem", {
        method: "POST",
        body,
        headers: answerLanguageHeaders(locale),
      });
      const answer = (await response.json().catch(() => ({}))) as RedeemAnswer;
      if (answer.success) {
        setResult({ success: true, message: answer.message ?? t(m.redeem_success_fallback) });
        setCode("");
        await revalidator.revalidate();
      } else {
        setResult({
          success: false,
          message: answer.message ?? answer.error?.message ?? t(m.redeem_unknown_error),
        });
      }
    } catch (error) {
      setResult({
        success: false,
        message: t(m.redeem_network_error, { message: (error as Error).message }),
      });
    } finally {
      setChecking(false);
    }
  };

  return (
    <section
      id="redeem-section"
      aria-labelledby="redeem-heading"
      className="mx-auto max-w-3xl scroll-mt-20 px-4 py-10"
    >
      <h2 id="redeem-heading" className="text-2xl font-bold md:text-3xl">
        {t(m.redeem_heading)}
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t(m.redeem_intro)}</p>
      {!signedIn && (
        <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t(m.redeem_sign_in_prompt)}
        </p>
      )}
      <form
        onSubmit={(event) => void submit(event)}
        className="mt-4 flex flex-col gap-2 sm:flex-row"
      >
        <label htmlFor="redeem-code" className="sr-only">
          {t(m.redeem_code_label)}
        </label>
        <input
          id="redeem-code"
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setResult(null);
          }}
          disabled={!signedIn}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          placeholder={t(m.redeem_placeholder)}
          aria-describedby="redeem-hint"
          className="min-h-11 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono uppercase dark:border-slate-700 dark:bg-slate-900"
        />
        <button
          type="submit"
          disabled={disabled}
          className="min-h-11 rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {checking ? t(m.redeem_verifying) : t(m.redeem_unlock)}
        </button>
      </form>
      <p id="redeem-hint" className="mt-1 min-h-5 text-sm text-slate-500 dark:text-slate-400">
        {disabled && !checking ? t(m.redeem_not_allowed) : ""}
      </p>
      {result && (
        <div
          role={result.success ? "status" : "alert"}
          className={`mt-3 rounded-xl border p-4 ${result.success ? "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100" : "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"}`}
        >
          {result.message}
        </div>
      )}
      {signedIn && (
        <div className="mt-6">
          <h3 className="text-lg font-semibold">{t(m.redeem_history_heading)}</h3>
          {redemptions.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {t(m.redeem_history_empty)}
            </p>
          ) : (
            <ul className="mt-2 max-h-60 divide-y divide-slate-200 overflow-y-auto rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
              {redemptions.map((item) => (
                <li
                  key={`${item.code}-${item.timestamp}`}
                  className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm"
                >
                  <span className="font-mono">{item.code}</span>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs capitalize dark:bg-slate-800">
                    {item.type}
                  </span>
                  <time dateTime={item.timestamp} className="text-slate-500 dark:text-slate-400">
                    {formatJakartaInstant(new Date(item.timestamp))}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
