import { useState } from "react";
import { FieldFeedback } from "./field-feedback";
import { Markdown } from "./markdown";
import type { FieldModeration } from "./use-article-moderation";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

const fieldClass =
  "w-full rounded-lg border bg-white px-3 py-2 text-sm dark:bg-slate-900 aria-[invalid=true]:border-red-500 border-slate-300 dark:border-slate-700";

/** The article's Markdown: a Write tab with the text and a Preview tab rendering it. */
export function ArticleContentEditor({
  content,
  onChange,
  error,
  moderation,
}: {
  content: string;
  onChange: (value: string) => void;
  error: string | null;
  moderation: FieldModeration;
}) {
  const { t } = useMessages();
  const [tab, setTab] = useState<"write" | "preview">("write");
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor="article-content" className="font-semibold">
          {t(m.writing_content_label)}
        </label>
        <div className="flex gap-1" role="group" aria-label={t(m.writing_editor_mode)}>
          {(["write", "preview"] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={tab === mode}
              onClick={() => setTab(mode)}
              className={`rounded-lg px-3 py-1 text-sm font-medium ${tab === mode ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100"}`}
            >
              {t(mode === "write" ? m.writing_tab_write : m.writing_tab_preview)}
            </button>
          ))}
        </div>
      </div>
      <textarea
        id="article-content"
        name="content"
        value={content}
        hidden={tab !== "write"}
        onChange={(event) => onChange(event.target.value)}
        rows={14}
        placeholder={t(m.writing_content_placeholder)}
        aria-invalid={Boolean(error)}
        aria-describedby="article-content-feedback"
        className={`mt-1 font-mono ${fieldClass}`}
      />
      {tab === "preview" && (
        <div
          data-testid="article-preview"
          className="mt-1 min-h-72 rounded-lg border border-slate-300 p-4 dark:border-slate-700"
        >
          {content.trim() ? (
            <Markdown content={content} />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t(m.writing_preview_empty)}
            </p>
          )}
        </div>
      )}
      <FieldFeedback id="article-content-feedback" error={error} moderation={moderation} />
    </div>
  );
}
