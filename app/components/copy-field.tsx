import { useId, useRef } from "react";
import { useToast } from "./toast";

/**
 * An address to copy: shown in a read-only field (selectable by hand, also without JavaScript)
 * with a button that copies it. When the browser refuses the clipboard, the text is selected so
 * the learner can copy it themselves. A tap before hydration is replayed once it runs.
 */
export function CopyField({
  value,
  label,
  copyLabel,
  copiedText,
  failedText,
  className = "",
}: {
  value: string;
  label: string;
  copyLabel: string;
  copiedText: string;
  failedText: string;
  className?: string;
}) {
  const toast = useToast();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(value);
      toast.show(copiedText, "success");
    } catch {
      field.current?.select();
      toast.show(failedText, "error");
    }
  }

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={id}
          ref={field}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 basis-64 rounded-lg border border-slate-300 bg-white px-3 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <button
          type="button"
          data-replay="copy-field"
          onClick={() => void copy()}
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
        >
          {copyLabel}
        </button>
      </div>
    </div>
  );
}
