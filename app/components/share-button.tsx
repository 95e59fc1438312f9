import { useToast } from "./toast";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/**
 * Share (an article, a course): the device's share sheet where there is one, else the link is
 * copied.
 * Closing the share sheet is not an error; a share sheet that fails falls back to copying.
 * Sharing needs JavaScript: a tap before hydration is replayed once it runs (data-replay).
 */
export function ShareButton({
  title,
  url,
  replayKey,
  className = "bg-brand-600 px-4 text-white hover:bg-brand-700",
}: {
  title: string;
  url: string;
  /** Names the button for the early-tap replay (unique on the page). */
  replayKey: string;
  className?: string;
}) {
  const toast = useToast();
  const { t } = useMessages();

  async function copyLink() {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      toast.show(t(m.share_copied, { title }), "success");
    } catch {
      toast.show(t(m.share_copy_failed), "error");
    }
  }

  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text: title, url });
        toast.show(t(m.share_thanks, { title }), "success");
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    await copyLink();
  }

  return (
    <button
      type="button"
      data-replay={replayKey}
      onClick={() => void share()}
      className={`inline-flex min-h-11 items-center gap-2 rounded-lg font-semibold ${className}`}
    >
      <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
        <path d="M15 13a3 3 0 00-2.4 1.2L7.9 11.8a3 3 0 000-1.6l4.7-2.4A3 3 0 1012 6l-4.7 2.4a3 3 0 100 3.2L12 14a3 3 0 103-1z" />
      </svg>
      {t(m.share)}
    </button>
  );
}
