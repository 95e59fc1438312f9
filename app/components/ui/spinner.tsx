import type { ReactNode } from "react";

/** A spinning ring beside a sentence saying what is being waited for, announced politely. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex items-center gap-3 py-8 text-slate-700 dark:text-slate-200">
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
      />
      {children}
    </div>
  );
}
