import { lazy, Suspense, useEffect, useState } from "react";
import {
  nonBlankStrings,
  readAiObject,
  relatedCourseSchema,
  requestAiTask,
  TRENDING_RELATED_COURSES,
  type RelatedCourse,
} from "../../core/ai-schemas";
import { TRUNCATE, truncate } from "../../core/text";
import { useCourseOpener } from "./course-opener";
import { Modal } from "./ui/modal";
import { LoadingStatus } from "./ui/spinner";
import type { Locale } from "../../core/locale";
import { answerLanguageHeaders, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { Button } from "./ui/button";

// The markdown renderer is only needed once an answer arrives: keep it out of the home bundle.
const Markdown = lazy(() => import("./markdown").then((module) => ({ default: module.Markdown })));

export type TrendingModalProps = { open: boolean; onClose: () => void };

export type TrendingAnswer = {
  topic: string;
  explanation: string;
  keywords: string[];
  relatedCourses: RelatedCourse[];
};

type TrendingResult = { ok: true; answer: TrendingAnswer } | { ok: false; message: string };
type Outcome = TrendingResult & { opening: number };

/**
 * Reads the trending answer; null when it lacks a topic or explanation ("format was
 * incorrect"). Related courses are kept only when their title contains a keyword.
 */
export function readTrending(text: string): TrendingAnswer | null {
  const value = readAiObject(text);
  if (!value) return null;
  if (typeof value.topic !== "string" || typeof value.explanation !== "string") return null;
  const keywords = nonBlankStrings(value.keywords);
  const lowered = keywords.map((keyword) => keyword.toLowerCase());
  const relatedCourses = (Array.isArray(value.relatedCourses) ? value.relatedCourses : [])
    .map((course: unknown) => relatedCourseSchema.safeParse(course))
    .flatMap((result) => (result.success ? [result.data] : []))
    .filter((course) => lowered.some((keyword) => course.title.toLowerCase().includes(keyword)))
    .slice(0, TRENDING_RELATED_COURSES);
  return { topic: value.topic, explanation: value.explanation, keywords, relatedCourses };
}

async function fetchTrending(signal: AbortSignal, locale: Locale): Promise<TrendingResult> {
  try {
    const result = await requestAiTask(
      { task: "trending", contents: "" },
      { signal, headers: answerLanguageHeaders(locale) },
    );
    if (!result.ok)
      return { ok: false, message: result.message ?? m.server_ai_trending_failed({}, { locale }) };
    const answer = readTrending(result.text);
    return answer
      ? { ok: true, answer }
      : { ok: false, message: m.server_ai_trending_malformed({}, { locale }) };
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, message: m.server_ai_trending_failed({}, { locale }) };
  }
}

/** Markdown characters shown as plain text for the moment the renderer loads. */
function plainText(markdown: string): string {
  return markdown.replace(/[*_`#>]/g, "");
}

/** Trending topic modal: fetches when opened; topic, explanation and related courses. */
export function TrendingModal({ open, onClose }: TrendingModalProps) {
  const { t, locale } = useMessages();
  const openCourse = useCourseOpener();
  // Every opening (and every "Try Again") asks afresh; the server caches the answer for an hour.
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening((count) => count + 1);
  }

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetchTrending(controller.signal, locale).then(
      (result) => setOutcome({ opening, ...result }),
      () => undefined,
    );
    return () => controller.abort();
  }, [open, opening, locale]);

  const current = outcome?.opening === opening ? outcome : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t(m.trending_title)}
      footer={
        <Button variant="primary" size="small" onClick={onClose}>
          {t(m.close)}
        </Button>
      }
    >
      {!current && <LoadingStatus>{t(m.trending_loading)}</LoadingStatus>}

      {current && !current.ok && (
        <div>
          <p
            role="alert"
            className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {current.message}
          </p>
          <button
            type="button"
            onClick={() => setOpening((count) => count + 1)}
            className="mt-4 rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600"
          >
            {t(m.trending_try_again)}
          </button>
        </div>
      )}

      {current?.ok && (
        <div>
          <h3 className="text-lg font-bold">{current.answer.topic}</h3>
          <Suspense
            fallback={
              <p className="mt-2 whitespace-pre-line">{plainText(current.answer.explanation)}</p>
            }
          >
            <Markdown content={current.answer.explanation} className="mt-2 text-sm" />
          </Suspense>
          {current.answer.relatedCourses.length > 0 && (
            <>
              <h4 className="mt-4 font-semibold">{t(m.trending_related)}</h4>
              <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
                {current.answer.relatedCourses.map((course) => (
                  <li key={course.id} className="flex items-center justify-between gap-3 py-2">
                    <span className="text-sm" title={course.title}>
                      {truncate(course.title, TRUNCATE.trendingTitle)}
                    </span>
                    <a
                      href={`/go/${course.id}`}
                      target="_blank"
                      rel="nofollow noopener"
                      onClick={(event) => openCourse(event, { id: course.id, title: course.title })}
                      aria-label={t(m.trending_view_label, {
                        title: truncate(course.title, TRUNCATE.ariaTitle),
                      })}
                      className="shrink-0 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
                    >
                      {t(m.trending_view)}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
