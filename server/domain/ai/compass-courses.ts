import {
  COMPASS_COURSES_PER_SKILL,
  type CompassCourse,
  type SuggestedSkill,
} from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import { titleMatchesSearch } from "../../../core/search-match";
import { COURSE_LANGUAGE_OF_LOCALE } from "../../../core/taxonomy-names";
import type { CatalogueCourse } from "../../adapters/ai/types";

/**
 * The courses free today under each skill of a compass answer, whichever provider suggested the
 * skills: a skill's keywords find them as the home search would (core/search-match.ts).
 */

/** A listed course as the compass reads it: what the AI sees, with its page and language. */
export type ListedCourse = CatalogueCourse & { slug: string; language: string | null };

/**
 * Up to COMPASS_COURSES_PER_SKILL courses per skill, in the learner's language first when there
 * are any, taking each keyword in turn (a skill "Statistics and SQL" shows both), newest first
 * within a keyword. A course shown under one skill is not repeated under a later one.
 */
export function attachCourses(
  skills: SuggestedSkill[],
  catalogue: ListedCourse[],
  locale: Locale,
): SuggestedSkill[] {
  const learnerLanguage = COURSE_LANGUAGE_OF_LOCALE[locale].toLowerCase();
  const inLearnerLanguage = (course: ListedCourse) =>
    course.language?.toLowerCase() === learnerLanguage;
  const shown = new Set<number>();

  return skills.map((skill) => {
    const byKeyword = skill.searchKeywords.map((keyword) =>
      catalogue.filter((course) => titleMatchesSearch(course.title, keyword)),
    );
    const picked: ListedCourse[] = [];
    const takeInTurn = (accept: (course: ListedCourse) => boolean) => {
      const queues = byKeyword.map((courses) => courses.filter(accept));
      while (picked.length < COMPASS_COURSES_PER_SKILL && queues.some((q) => q.length > 0)) {
        for (const queue of queues) {
          if (picked.length >= COMPASS_COURSES_PER_SKILL) break;
          let next = queue.shift();
          while (next && shown.has(next.id)) next = queue.shift();
          if (next) {
            picked.push(next);
            shown.add(next.id);
          }
        }
      }
    };
    takeInTurn(inLearnerLanguage);
    takeInTurn((course) => !inLearnerLanguage(course));
    const courses: CompassCourse[] = picked.map(({ id, slug, title, language }) => ({
      id,
      slug,
      title,
      language,
    }));
    return { ...skill, courses };
  });
}
