import { useState } from "react";
import { useRevalidator } from "react-router";
import { REVIEW_MAX_LENGTH } from "../../core/messages";
import { answerLanguageHeaders, byCount, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { useToast } from "./toast";
import { Modal } from "./ui/modal";

export type ReviewTarget = { courseId: number; title: string | null };

type ReviewAnswer = { success?: boolean; message?: string; error?: { message?: string } };

/** Review modal. Mounted with a fresh key per opening, so rating, text and error reset. */
export function ReviewModal({
  target,
  onClose,
}: {
  target: ReviewTarget | null;
  onClose: () => void;
}) {
  const { t } = useMessages();
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={t(m.review_title, { title: target?.title ?? t(m.review_this_course) })}
    >
      {target && <ReviewForm key={target.courseId} target={target} onDone={onClose} />}
    </Modal>
  );
}

function ReviewForm({ target, onDone }: { target: ReviewTarget; onDone: () => void }) {
  const { t, locale } = useMessages();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const ready = rating > 0 && text.trim() !== "";
  // While Submit Review is disabled, the first missing piece is named under it (and read with it).
  const missing =
    rating === 0
      ? t(m.review_rating_required)
      : text.trim() === ""
        ? t(m.review_text_required)
        : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (rating === 0) return setError(t(m.review_rating_required));
    if (text.trim() === "") return setError(t(m.review_text_required));
    setSending(true);
    setError(null);
    try {
      const body = new FormData();
      body.set("courseId", String(target.courseId));
      body.set("rating", String(rating));
      body.set("text", text);
      const response = await fetch("/reviews", {
        method: "POST",
        body,
        headers: answerLanguageHeaders(locale),
      });
      const answer = (await response.json().catch(() => ({}))) as ReviewAnswer;
      if (!response.ok || !answer.success) {
        const message = answer.error?.message ?? answer.message ?? response.statusText;
        setError(message);
        toast.show(t(m.review_failed, { message }), "error");
        return;
      }
      toast.show(answer.message ?? t(m.review_thanks), "success");
      await revalidator.revalidate();
      onDone();
    } catch (failure) {
      setError((failure as Error).message);
      toast.show(t(m.review_failed, { message: (failure as Error).message }), "error");
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <fieldset>
        <legend className="text-sm font-medium">{t(m.review_your_rating)}</legend>
        <div className="mt-1 flex gap-2">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg hover:bg-amber-50 dark:hover:bg-slate-800"
            >
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`text-3xl leading-none peer-focus-visible:outline peer-focus-visible:outline-2 ${value <= rating ? "text-amber-500" : "text-slate-300 dark:text-slate-600"}`}
              >
                ★
              </span>
              <span className="sr-only">
                {t(byCount(value, m.review_stars_one, m.review_stars_other), { count: value })}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="review-text" className="text-sm font-medium">
          {t(m.review_your_review)}
        </label>
        <textarea
          id="review-text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={REVIEW_MAX_LENGTH}
          rows={4}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <p className="text-right text-xs text-slate-500 dark:text-slate-400">
          {text.length}/{REVIEW_MAX_LENGTH}
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {missing && !error && (
          <p id="review-missing" className="text-sm text-slate-600 dark:text-slate-300">
            {missing}
          </p>
        )}
        <button
          type="submit"
          disabled={!ready || sending}
          aria-describedby={missing && !error ? "review-missing" : undefined}
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60"
        >
          {sending ? t(m.review_submitting) : t(m.review_submit)}
        </button>
      </div>
    </form>
  );
}
