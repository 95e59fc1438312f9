import { isRouteErrorResponse, useRouteError } from "react-router";
import * as m from "../../core/paraglide/messages";
import { useMessages } from "../lib/i18n";
import { useRootData } from "./use-root-data";

/** What a failed page tells its visitor: only these three cases read differently. */
export type RouteErrorKind = "not-found" | "forbidden" | "failed";

export function routeErrorKind(error: unknown): RouteErrorKind {
  if (!isRouteErrorResponse(error)) return "failed";
  if (error.status === 404) return "not-found";
  if (error.status === 401 || error.status === 403) return "forbidden";
  return "failed";
}

const TITLES = {
  "not-found": m.error_not_found_title,
  forbidden: m.error_forbidden_title,
  failed: m.error_title,
} as const;

const TEXTS = {
  "not-found": m.error_not_found_text,
  forbidden: m.error_forbidden_text,
  failed: m.error_text,
} as const;

/** The title a failed page carries in its <title>, in the page's language. */
export function routeErrorTitle(error: unknown, locale: "en" | "id"): string {
  return TITLES[routeErrorKind(error)]({}, { locale });
}

/**
 * The page every route shows when its loader or rendering fails: one boundary for the whole
 * site, so a missing course, a refused page and a server failure read the same everywhere. A
 * failure carries the request's id, the one thing an operator needs to find it in the log; a
 * missing or refused page offers the way back instead of a reload that would fail again.
 */
export function RouteErrorPage() {
  const { t, href } = useMessages();
  const error = useRouteError();
  const kind = routeErrorKind(error);
  const requestId = useRootData()?.requestId ?? null;
  const details =
    error instanceof Error
      ? `${error.message}${error.stack ? `\n\n${error.stack}` : ""}`
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : String(error);
  const buttonClass = "rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white";
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center" data-error-kind={kind}>
      <h1 className="text-3xl font-bold">{t(TITLES[kind])}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{t(TEXTS[kind])}</p>
      <div className="mt-6 flex justify-center gap-3">
        {kind === "failed" ? (
          <button type="button" className={buttonClass} onClick={() => window.location.reload()}>
            {t(m.error_refresh)}
          </button>
        ) : (
          <a className={buttonClass} href={href("/")}>
            {t(m.error_back_to_courses)}
          </a>
        )}
      </div>
      {kind === "failed" && (
        <>
          {requestId && (
            <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">
              {t(m.error_reference, { id: requestId })}
            </p>
          )}
          <details className="mt-8 text-left">
            <summary className="cursor-pointer font-medium">{t(m.error_details)}</summary>
            <pre className="mt-2 overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-900">
              {details}
            </pre>
          </details>
        </>
      )}
    </section>
  );
}
