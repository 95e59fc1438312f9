import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import type { SignedInViewer } from "../../core/viewer";

/** Avatar button with the signed-in address, Dashboard and Sign Out. */
export function AccountMenu({ viewer }: { viewer: SignedInViewer }) {
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
        aria-label="Account menu"
        onClick={() => setOpen((value) => !value)}
        className={`block rounded-full p-0.5 ${premium ? "bg-gradient-to-tr from-amber-400 via-pink-500 to-violet-600" : "bg-slate-200 dark:bg-slate-700"}`}
        data-premium={premium ? "true" : "false"}
      >
        <img
          src={viewer.avatarUrl}
          alt=""
          width={32}
          height={32}
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
            to="/dashboard"
            onClick={() => setOpen(false)}
            className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            Dashboard
          </Link>
          <Form method="post" action="/auth/signout">
            <button
              type="submit"
              className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
            >
              Sign Out
            </button>
          </Form>
        </div>
      )}
    </div>
  );
}

/** Remaining credits for everyone but premium users. */
export function CreditBadge({ credits }: { credits: number }) {
  return (
    <span
      className={`rounded-full px-2.5 py-1 text-xs font-bold ${credits > 0 ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100" : "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100"}`}
      data-testid="credit-badge"
      aria-label={`${credits} credit${credits === 1 ? "" : "s"} left`}
    >
      {credits} credit{credits === 1 ? "" : "s"}
    </span>
  );
}
