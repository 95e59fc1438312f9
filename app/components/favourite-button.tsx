import { useState } from "react";
import { useLocation } from "react-router";
import { ANSWER_LANGUAGE_FIELD } from "../../core/locale";
import { TRUNCATE, truncate } from "../../core/text";
import { useToast } from "./toast";
import { useLayerPending, useViewer } from "./personal-layer";
import { answerLanguageHeaders, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

type FavouriteAnswer = {
  success?: boolean;
  message?: string;
  favourited?: boolean;
  error?: { message?: string };
};

/**
 * The heart toggle: flips at once (optimistic), the server decides (daily cap), and a refusal
 * flips it back with the server's message. It is a real form, so it also works before the
 * JavaScript runs: without JavaScript it posts and comes back to this page with the message;
 * with it, a tap before hydration is replayed once the page is interactive (data-replay).
 */
export function FavouriteButton({
  courseId,
  title,
  initial,
  onChange,
  className = "",
}: {
  courseId: number;
  title: string;
  initial: boolean;
  onChange?: (favourited: boolean) => void;
  className?: string;
}) {
  const { t, locale } = useMessages();
  const toast = useToast();
  const [favourited, setFavourited] = useState(initial);
  const [busy, setBusy] = useState(false);
  // Signing in or out under a mounted card switches whose favourites these are, and new data
  // (a revalidation, the personal layer) says what the heart is now: start over from the newest
  // answer. Except for a tap made while the layer was pending: the layer was read when the page
  // loaded, before that tap, so the tap is newer than the layer and stays.
  const viewer = useViewer();
  const layerPending = useLayerPending();
  const shownFor = `${layerPending ? "pending" : viewer?.signedIn ? viewer.userId : ""} ${initial}`;
  const [shownForBefore, setShownForBefore] = useState(shownFor);
  const [tappedWhilePending, setTappedWhilePending] = useState(false);
  if (shownFor !== shownForBefore) {
    setShownForBefore(shownFor);
    setTappedWhilePending(false);
    if (!(tappedWhilePending && !layerPending)) setFavourited(initial);
  }
  const shortTitle = truncate(title, TRUNCATE.ariaTitle);
  const location = useLocation();

  const toggle = async () => {
    if (busy) return;
    const next = !favourited;
    setFavourited(next);
    if (layerPending) setTappedWhilePending(true);
    setBusy(true);
    try {
      const body = new FormData();
      body.set("courseId", String(courseId));
      body.set("favourite", String(next));
      const response = await fetch("/favourites", {
        method: "POST",
        body,
        headers: answerLanguageHeaders(locale),
      });
      const answer = (await response.json().catch(() => ({}))) as FavouriteAnswer;
      if (!response.ok || !answer.success) {
        setFavourited(!next);
        const fallback =
          response.status === 429 ? t(m.favourite_limit_fallback) : t(m.favourite_failed);
        toast.show(answer.error?.message ?? answer.message ?? fallback, "error");
        return;
      }
      toast.show(answer.message ?? "", "success");
      onChange?.(next);
    } catch {
      setFavourited(!next);
      toast.show(t(m.favourite_offline), "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" action="/favourites" className="contents">
      <input type="hidden" name="courseId" value={courseId} />
      <input type="hidden" name="favourite" value={String(!favourited)} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <input type="hidden" name={ANSWER_LANGUAGE_FIELD} value={locale} />
      <button
        type="submit"
        data-replay={`favourite-${courseId}`}
        aria-pressed={favourited}
        aria-label={
          favourited
            ? t(m.favourite_remove, { title: shortTitle })
            : t(m.favourite_add, { title: shortTitle })
        }
        onClick={(event) => {
          event.preventDefault();
          void toggle();
        }}
        className={`-my-2 -mr-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-rose-50 dark:hover:bg-rose-950 ${favourited ? "text-rose-600" : "text-slate-400 hover:text-rose-600"} ${className}`}
      >
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill={favourited ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.4 5 6.9 5c2 0 3.6 1.1 5.1 3 1.5-1.9 3.1-3 5.1-3 3.5 0 5.8 3.4 4.4 6.8C19.5 16.4 12 21 12 21z" />
        </svg>
      </button>
    </form>
  );
}
