import type { ReactNode } from "react";
import { Form } from "react-router";

/** Class names shared by the console's sections. */
export const cardClass =
  "rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";
export const buttonClass =
  "rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
export const fieldClass =
  "rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900";

/** A console form that does one thing (its hidden `intent`), its fields in one wrapping row. */
export function AdminActionForm(props: { intent: string; label: string; children: ReactNode }) {
  return (
    <Form
      method="post"
      className={`${cardClass} flex flex-wrap items-end gap-3`}
      aria-label={props.label}
    >
      <input type="hidden" name="intent" value={props.intent} />
      {props.children}
    </Form>
  );
}

/** What a console form answers: a line shown above the section. */
export type AdminNotice = { ok: boolean; message: string };

/** The answer to the last form: a status line when it worked, an alert when it was refused. */
export function Notice({ notice }: { notice: AdminNotice | undefined }) {
  if (!notice) return null;
  return (
    <p
      role={notice.ok ? "status" : "alert"}
      className={`mt-4 rounded-lg p-3 text-sm ${notice.ok ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-100"}`}
    >
      {notice.message}
    </p>
  );
}

/** The console's card-framed table: header row, rows, and a line when there are none. */
export function AdminTable({
  headers,
  empty,
  children,
  className = "",
}: {
  headers: string[];
  empty: string | null;
  children: ReactNode;
  /** Extra classes for the card (e.g. a section that shows a list instead on phones). */
  className?: string;
}) {
  return (
    <div className={`${cardClass} overflow-x-auto ${className}`}>
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} className="p-2">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty && <p className="p-2 text-sm">{empty}</p>}
    </div>
  );
}
