import { useEffect, useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import type { SignedInViewer } from "../../core/viewer";
import { CreditExplainer } from "./credit-explainer";
import { useViewer } from "./personal-layer";
import { ANSWER_LANGUAGE_FIELD } from "../../core/locale";
import { byCount, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/** Avatar button with the signed-in address, Dashboard and Sign Out. */
export function AccountMenu({ viewer }: { viewer: SignedInViewer }) {
  const { t, href, locale } = useMessages();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const premium = viewer.status !== "standard";

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        data-replay="account-menu"
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={t(m.account_menu)}
        onClick={() => setOpen((value) => !value)}
        className={`block rounded-full p-0.5 ${premium ? "bg-gradient-to-tr from-amber-400 via-pink-500 to-violet-600" : "bg-slate-200 dark:bg-slate-700"}`}
        data-premium={premium ? "true" : "false"}
      >
        <img
          src={viewer.avatarUrl}
          alt=""
          width={40}
          height={40}
          className="rounded-full bg-white"
        />
      </button>
      {open && (
        <div className="absolute right-0 z-40 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <p
            className="truncate px-3 py-2 text-sm text-slate-600 dark:text-slate-300"
            title={viewer.email}
          >
            {viewer.email}
          </p>
          <Link
            to={href("/dashboard")}
            onClick={() => setOpen(false)}
            className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            {t(m.account_dashboard)}
          </Link>
          {viewer.isOperator && (
            <a
              href="/admin"
              className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              {t(m.account_operator_console)}
            </a>
          )}
          <Form method="post" action="/auth/signout">
            <input type="hidden" name={ANSWER_LANGUAGE_FIELD} value={locale} />
            <button
              type="submit"
              className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
            >
              {t(m.account_sign_out)}
            </button>
          </Form>
        </div>
      )}
    </div>
  );
}

/**
 * The credit badge is a button: credits are spent by opening a course, so a learner should be
 * able to read how they work before spending one. Tapping the badge shows the rules; a tap
 * outside, Escape or the close button hides them. A tap before hydration is replayed. Shown to
 * everyone but premium users (unlimited credits).
 */
export function CreditBadge({ credits }: { credits: number }) {
  const { t } = useMessages();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const signedIn = useViewer()?.signedIn ?? false;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const label = t(byCount(credits, m.credit_badge_one, m.credit_badge_other), { count: credits });
  return (
    <div ref={rootRef} className="relative shrink-0">
      {/* The tap area is 44 px square at least; the visible pill stays small inside it. */}
      <button
        ref={buttonRef}
        type="button"
        data-testid="credit-badge"
        data-replay="credit-badge"
        aria-label={t(byCount(credits, m.credit_badge_label_one, m.credit_badge_label_other), {
          count: credits,
        })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full whitespace-nowrap"
      >
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-bold ${credits > 0 ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100" : "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100"}`}
        >
          {label}
        </span>
      </button>
      {open && (
        <CreditExplainer
          id={panelId}
          credits={credits}
          signedIn={signedIn}
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
