import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import {
  AI_ERROR_TOAST_MS,
  AI_LIMITS,
  COMPASS_COURSES_PER_SKILL,
  compassCourseSchema,
  learningGuidanceSchema,
  nonBlankStrings,
  readAiObject,
  requestAiTask,
  type CompassCourse,
  type LearningGuidance,
  type SuggestedSkill,
} from "../../core/ai-schemas";
import { coursePath } from "../../core/course-paths";
import { COURSE_LANGUAGE_OF_LOCALE, taxonomyName } from "../../core/taxonomy-names";
import { TRUNCATE, truncate } from "../../core/text";
import { useToast } from "./toast";
import { Modal } from "./ui/modal";
import { LoadingStatus } from "./ui/spinner";
import { answerLanguageHeaders, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { Button } from "./ui/button";

export type AiCompassModalProps = {
  open: boolean;
  onClose: () => void;
  /** A keyword chip was chosen: the course list should search for it. */
  onApplyKeyword: (keyword: string) => void;
};

type Phase = "input" | "loading" | "results";

/**
 * Reads the compass answer. A reply without an advice string cannot be shown; anything else
 * that is slightly off (a skill without keywords) is dropped rather than failing the answer.
 */
export function readGuidance(text: string): LearningGuidance | null {
  const loose = readAiObject(text);
  if (!loose) return null;
  const strict = learningGuidanceSchema.safeParse(loose);
  if (strict.success) return strict.data;
  if (typeof loose.advice !== "string" || loose.advice.trim() === "") return null;
  const skills: SuggestedSkill[] = (
    Array.isArray(loose.suggestedSkills) ? loose.suggestedSkills : []
  )
    .map((skill: unknown) => {
      const entry = (skill ?? {}) as Record<string, unknown>;
      const courses = (Array.isArray(entry.courses) ? entry.courses : [])
        .map((course: unknown) => compassCourseSchema.safeParse(course))
        .flatMap((result) => (result.success ? [result.data] : []))
        .slice(0, COMPASS_COURSES_PER_SKILL);
      return {
        skillName: typeof entry.skillName === "string" ? entry.skillName : "",
        searchKeywords: nonBlankStrings(entry.searchKeywords).slice(0, 3),
        courses,
      };
    })
    .filter((skill) => skill.skillName !== "" && skill.searchKeywords.length > 0)
    .slice(0, 3);
  return {
    advice: loose.advice,
    suggestedSkills: skills,
    genericKeywords: nonBlankStrings(loose.genericKeywords).slice(0, 4),
  };
}

/**
 * AI Learning Compass: goal in; advice, skills in learning order (each with its keyword chips and
 * the courses free today they find) and broader keyword chips out. Its title is the name of the
 * home button that opens it, so the learner meets one name.
 */
export function AiCompassModal({ open, onClose, onApplyKeyword }: AiCompassModalProps) {
  const { t, locale } = useMessages();
  const toast = useToast();
  const [goal, setGoal] = useState("");
  const [phase, setPhase] = useState<Phase>("input");
  const [error, setError] = useState<string | null>(null);
  const [guidance, setGuidance] = useState<LearningGuidance | null>(null);
  const pending = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const goalId = `${id}-goal`;
  const errorId = `${id}-error`;

  useEffect(() => () => pending.current?.abort(), []);

  function fail(message: string) {
    setError(message);
    setPhase("input");
    toast.show(message, "error", AI_ERROR_TOAST_MS);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = goal.trim();
    // The server says the same; answering here saves a round trip.
    if (trimmed === "") {
      setError(t(m.server_ai_goal_required));
      inputRef.current?.focus();
      return;
    }
    if (trimmed.length > AI_LIMITS.goalMaxChars) {
      setError(t(m.server_ai_goal_too_long, { max: AI_LIMITS.goalMaxChars }));
      return;
    }
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setError(null);
    setPhase("loading");
    try {
      const result = await requestAiTask(
        { task: "compass", contents: trimmed },
        { signal: controller.signal, headers: answerLanguageHeaders(locale) },
      );
      if (controller.signal.aborted) return;
      if (!result.ok) {
        fail(result.message ?? t(m.server_ai_compass_failed));
        return;
      }
      const answer = readGuidance(result.text);
      if (!answer) {
        fail(t(m.server_ai_compass_unreadable));
        return;
      }
      setGuidance(answer);
      setPhase("results");
    } catch {
      if (!controller.signal.aborted) fail(t(m.server_ai_compass_failed));
    }
  }

  function close() {
    if (phase === "loading") {
      pending.current?.abort();
      setPhase("input");
    }
    onClose();
  }

  function tryAnother() {
    setPhase("input");
    setError(null);
    // After React has shown the form again.
    setTimeout(() => inputRef.current?.focus(), 0);
  }

  return (
    <Modal open={open} onClose={close} title={t(m.hero_ai_guide)}>
      {phase === "input" && (
        <form onSubmit={submit} noValidate>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t(m.compass_intro)}</p>
          <label htmlFor={goalId} className="block font-semibold">
            {t(m.compass_goal_label)}
          </label>
          <textarea
            ref={inputRef}
            id={goalId}
            name="goal"
            rows={3}
            maxLength={AI_LIMITS.goalMaxChars}
            value={goal}
            onChange={(event) => {
              setGoal(event.target.value);
              if (error) setError(null);
            }}
            placeholder={t(m.compass_goal_placeholder)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-2 w-full rounded-lg border border-slate-300 bg-white p-3 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          />
          {error && (
            <p id={errorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          <div className="mt-4 flex justify-end">
            <Button variant="primary" size="medium" type="submit">
              {t(m.compass_submit)}
            </Button>
          </div>
        </form>
      )}

      {phase === "loading" && <LoadingStatus>{t(m.compass_loading)}</LoadingStatus>}

      {phase === "results" && guidance && (
        <div>
          <p className="leading-relaxed">{guidance.advice}</p>
          {guidance.suggestedSkills.length > 0 && (
            <>
              <h3 className="mt-5 font-bold">{t(m.compass_skills)}</h3>
              <ul className="mt-2 space-y-3">
                {guidance.suggestedSkills.map((skill) => (
                  <li key={skill.skillName}>
                    <p className="font-semibold">{skill.skillName}</p>
                    <KeywordChips keywords={skill.searchKeywords} onApply={onApplyKeyword} />
                    <SkillCourses skillName={skill.skillName} courses={skill.courses ?? []} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {guidance.genericKeywords.length > 0 && (
            <>
              <h3 className="mt-5 font-bold">{t(m.compass_more)}</h3>
              <KeywordChips keywords={guidance.genericKeywords} onApply={onApplyKeyword} />
            </>
          )}
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t(m.compass_choose)}</p>
          <div className="mt-5 flex justify-end">
            <Button variant="secondary" size="medium" onClick={tryAnother}>
              {t(m.compass_try_another)}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function KeywordChips({
  keywords,
  onApply,
}: {
  keywords: string[];
  onApply: (keyword: string) => void;
}) {
  const { t } = useMessages();
  return (
    <ul className="mt-1 flex flex-wrap gap-2">
      {keywords.map((keyword) => (
        <li key={keyword}>
          <button
            type="button"
            onClick={() => onApply(keyword)}
            aria-label={t(m.compass_keyword_label, { keyword })}
            className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 ring-1 ring-brand-100 hover:bg-brand-100 dark:bg-slate-800 dark:text-brand-100 dark:ring-slate-600"
          >
            {keyword}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The courses free today under one skill, each a link to its course page. */
function SkillCourses({ skillName, courses }: { skillName: string; courses: CompassCourse[] }) {
  const { t, href, locale } = useMessages();
  if (courses.length === 0) return null;
  const pageLanguage = COURSE_LANGUAGE_OF_LOCALE[locale];
  return (
    <>
      <p className="mt-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
        {t(m.compass_free_today)}
      </p>
      <ul aria-label={t(m.compass_skill_courses, { skill: skillName })} className="mt-1 space-y-1">
        {courses.map((course) => (
          <li key={course.id} className="text-sm">
            <Link
              to={href(coursePath(course.slug))}
              className="inline-flex min-h-6 items-center text-brand-700 underline underline-offset-2 hover:text-brand-600 dark:text-brand-100"
            >
              {truncate(course.title, TRUNCATE.trendingTitle)}
            </Link>
            {course.language && course.language !== pageLanguage && (
              <span className="ml-1 text-slate-500 dark:text-slate-400">
                {t(m.compass_course_language, { language: taxonomyName(course.language, locale) })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
