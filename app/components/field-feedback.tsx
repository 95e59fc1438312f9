import type { FieldModeration } from "./use-article-moderation";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

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
  const { t } = useMessages();
  return (
    <div id={id} aria-live="polite">
      {error && <p className="mt-1 text-sm text-red-700 dark:text-red-300">{error}</p>}
      {moderation.status === "checking" && (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {t(m.writing_ai_checking)}
        </p>
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
        <p className="mt-1 text-xs text-emerald-700 dark:text-emerald-300">
          ✓ {t(m.writing_ai_passed)}
        </p>
      )}
    </div>
  );
}
