import { moderationVerdictSchema, type ModerationVerdict } from "../../../core/ai-schemas";
import { formatJakartaInstant } from "../../../core/dates";

/** The parts of an article the AI checks judge, in the order the console lists them. */
const PARTS = [
  ["title", "Title"],
  ["content", "Content"],
  ["image", "Image"],
] as const;

export type VerdictLine = { part: string; verdict: ModerationVerdict };

/** What an article's stored moderation says, read defensively: the column is free JSON. */
export function readModeration(stored: unknown): {
  lines: VerdictLine[];
  provider: string | null;
  checkedAt: string | null;
} {
  const record = (stored ?? {}) as Record<string, unknown>;
  const lines = PARTS.flatMap(([key, part]) => {
    const verdict = moderationVerdictSchema.safeParse(record[key]);
    return verdict.success ? [{ part, verdict: verdict.data }] : [];
  });
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  return { lines, provider: text(record.provider), checkedAt: text(record.checkedAt) };
}

/**
 * An article's AI verdicts as the operator reads them: each checked part, safe or unsafe, and
 * the reason as the checker wrote it (in the writer's language). No image line when there was
 * no image; a dash when the article was never checked.
 */
export function ModerationVerdicts({ stored }: { stored: unknown }) {
  const { lines, provider, checkedAt } = readModeration(stored);
  if (lines.length === 0) return <span>—</span>;
  const checkedOn = checkedAt ? new Date(checkedAt) : null;
  return (
    <div className="max-w-xs text-xs">
      <ul className="space-y-1">
        {lines.map(({ part, verdict }) => (
          <li key={part}>
            <span className="font-semibold">{part}:</span>{" "}
            <span
              className={
                verdict.isSafe
                  ? "text-emerald-700 dark:text-emerald-300"
                  : "font-semibold text-red-700 dark:text-red-300"
              }
            >
              {verdict.isSafe ? "safe" : "unsafe"}
            </span>{" "}
            — {verdict.reason}
          </li>
        ))}
      </ul>
      {(provider || checkedOn) && (
        <p className="mt-1 text-slate-500 dark:text-slate-400">
          Checked{provider ? ` by ${provider}` : ""}
          {checkedOn && !Number.isNaN(checkedOn.getTime())
            ? `, ${formatJakartaInstant(checkedOn)}`
            : ""}
        </p>
      )}
    </div>
  );
}
