import type { FieldModeration } from "./use-article-moderation";

/** A field's error (red) and its AI advisory or check status. */
export function FieldFeedback({
  id,
  error,
  moderation,
}: {
  id: string;
  error: string | null;
  moderation: FieldModeration;
}) {
  return (
    <div id={id} aria-live="polite">
      {error && <p className="mt-1 text-sm text-red-700 dark:text-red-300">{error}</p>}
      {moderation.status === "checking" && (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">Checking with AI...</p>
      )}
      {moderation.status === "advisory" && moderation.advisory && (
        <p
          data-testid={`${id}-advisory`}
          className="mt-1 rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          ⚠ {moderation.advisory}
        </p>
      )}
      {moderation.status === "passed" && (
        <p className="mt-1 text-xs text-emerald-700 dark:text-emerald-300">✓ AI check passed</p>
      )}
    </div>
  );
}
