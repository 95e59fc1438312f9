import type { TrendingTopic } from "../../../core/ai-schemas";
import type { Locale } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
import { displayCasing, pickDistinct, rankPhrases, titlePhrases } from "./catalog-terms";
import type { TrendingCategory, TrendingCourse, TrendingFacts } from "./types";

/**
 * Offline trending topics, computed from our own data: course opens in the last 7 days
 * against the 7 before, and new courses. With no opens at all it is about new courses.
 *
 * The modal lists courses whose titles contain a keyword, so the topic names every keyword it
 * returns: a course listed under "Development: Kotlin & Rust" is about Kotlin or Rust.
 * Its words speak the page's language; category names and course titles stay as listed.
 */

const MAX_KEYWORDS = 3;
const MOST_OPENED_SHOWN = 3;

type Counted = (
  inputs: { count: number; category?: string },
  options: { locale: Locale },
) => string;

/** "**3** course opens": the message for one or for several. */
function counted(
  count: number,
  [one, other]: [Counted, Counted],
  locale: Locale,
  category?: string,
): string {
  return (count === 1 ? one : other)({ count, category }, { locale });
}

const COURSE_OPENS: [Counted, Counted] = [
  m.server_trending_course_opens_one,
  m.server_trending_course_opens_other,
];
const OPENS: [Counted, Counted] = [m.server_trending_opens_one, m.server_trending_opens_other];
const NEW_IN_CATEGORY = [
  m.server_trending_new_in_category_one,
  m.server_trending_new_in_category_other,
] as [Counted, Counted];
const NEW_COURSES: [Counted, Counted] = [
  m.server_trending_new_courses_one,
  m.server_trending_new_courses_other,
];
const FREE_COURSES: [Counted, Counted] = [
  m.server_trending_free_courses_one,
  m.server_trending_free_courses_other,
];

/** A comparison with the week before; none when that week had nothing to compare with. */
function change(now: number, before: number, locale: Locale): string | null {
  if (before === 0) return null;
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return m.server_trending_level({ before }, { locale });
  return percent > 0
    ? m.server_trending_up({ before, percent }, { locale })
    : m.server_trending_down({ before, percent }, { locale });
}

/**
 * Keywords of the courses that are trending, each shared by at least two different titles: a
 * phrase only one title has ("Favicon Grabber") is that title's wording, not a topic, and would
 * list unrelated courses that merely contain it. When the opened courses share none, the
 * category's other recent courses may back up a phrase of theirs; failing that, the most opened
 * course's own subject stands alone. Phrases of courses nobody opened are never the topic.
 */
function keywordsFor(
  courses: TrendingCourse[],
  weight: (course: TrendingCourse) => number,
  background: TrendingCourse[] = [],
): string[] {
  const rank = (entries: TrendingCourse[], weigh: (course: TrendingCourse) => number) => {
    // Duplicate titles (one course under two coupons) are one title, not a shared topic.
    const byTitle = new Map<string, { title: string; weight: number }>();
    for (const course of entries) {
      const key = course.title.toLowerCase();
      const entry = byTitle.get(key) ?? { title: course.title, weight: 0 };
      entry.weight += weigh(course);
      byTitle.set(key, entry);
    }
    return rankPhrases([...byTitle.values()], { minCourses: 2 });
  };
  const titles = [...courses, ...background].map((course) => course.title);
  let ranked = rank(courses, weight);
  if (ranked.length === 0 && background.length > 0) {
    const ids = new Set(courses.map((course) => course.id));
    const own = new Set(courses.flatMap((course) => titlePhrases(course.title)));
    ranked = rank([...courses, ...background.filter((course) => !ids.has(course.id))], (course) =>
      ids.has(course.id) ? weight(course) : 0,
    ).filter((entry) => own.has(entry.phrase));
  }
  if (ranked.length === 0 && courses.length > 0) {
    const [top] = rankPhrases([{ title: courses[0]!.title, weight: 1 }]);
    return top ? [displayCasing(top.phrase, titles)] : [];
  }
  return pickDistinct(ranked, MAX_KEYWORDS).map((phrase) => displayCasing(phrase, titles));
}

function listWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} & ${words.at(-1)}`;
}

const MAX_TOPIC_CHARS = 120;

/** "Development: Kotlin, Rust & Laravel"; a keyword that does not fit the name is dropped. */
function nameTopic(category: string, keywords: string[]): { topic: string; keywords: string[] } {
  let kept = keywords;
  const name = () => (kept.length === 0 ? category : `${category}: ${listWords(kept)}`);
  while (kept.length > 0 && name().length > MAX_TOPIC_CHARS) kept = kept.slice(0, -1);
  return { topic: name().slice(0, MAX_TOPIC_CHARS), keywords: kept };
}

/** The same title twice (two coupons for one course) is listed once. */
function distinctTitles(courses: TrendingCourse[], count: number): TrendingCourse[] {
  const seen = new Set<string>();
  return courses
    .filter((course) => {
      const key = course.title.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, count);
}

function byMomentum(a: TrendingCategory, b: TrendingCategory): number {
  return (
    b.opensThisWeek - b.opensLastWeek - (a.opensThisWeek - a.opensLastWeek) ||
    b.opensThisWeek - a.opensThisWeek ||
    b.newCourses - a.newCourses ||
    a.category.localeCompare(b.category)
  );
}

export function computeTrendingLocally(facts: TrendingFacts, locale: Locale = "en"): TrendingTopic {
  const { totals } = facts;
  const days = facts.windowDays;
  if (totals.listedCourses === 0) {
    return {
      topic: m.server_trending_empty_topic({}, { locale }),
      explanation: m.server_trending_empty({}, { locale }),
      keywords: [],
    };
  }

  if (totals.opensThisWeek > 0) {
    const category = [...facts.categories].filter((c) => c.opensThisWeek > 0).sort(byMomentum)[0]!;
    const opened = facts.courses
      .filter((course) => course.category === category.category && course.opensThisWeek > 0)
      .sort((a, b) => b.opensThisWeek - a.opensThisWeek);
    const keywords = keywordsFor(
      opened,
      (course) => course.opensThisWeek,
      facts.courses.filter((course) => course.category === category.category),
    );
    const categoryChange = change(category.opensThisWeek, category.opensLastWeek, locale);
    const siteChange = change(totals.opensThisWeek, totals.opensLastWeek, locale);
    const categoryOpens = counted(category.opensThisWeek, COURSE_OPENS, locale);
    const lead = { category: category.category, opens: categoryOpens, days };
    // Without opens the week before there is no trend to state: say what happened instead.
    const leadLine =
      categoryChange !== null
        ? m.server_trending_heading({ ...lead, change: categoryChange }, { locale })
        : siteChange !== null
          ? m.server_trending_new_interest(lead, { locale })
          : m.server_trending_most_of_any(lead, { locale });
    const lines = [
      leadLine,
      "",
      m.server_trending_most_opened({}, { locale }),
      ...distinctTitles(opened, MOST_OPENED_SHOWN).map(
        (course) => `- ${course.title} (${counted(course.opensThisWeek, OPENS, locale)})`,
      ),
    ];
    if (category.newCourses > 0) {
      const newCourses = counted(category.newCourses, NEW_IN_CATEGORY, locale, category.category);
      lines.push("", m.server_trending_plenty({ newCourses }, { locale }));
    }
    const siteOpens = counted(totals.opensThisWeek, OPENS, locale);
    lines.push(
      "",
      siteChange !== null
        ? m.server_trending_site_change({ opens: siteOpens, change: siteChange }, { locale })
        : m.server_trending_site_first({ opens: siteOpens }, { locale }),
    );
    return { ...nameTopic(category.category, keywords), explanation: lines.join("\n") };
  }

  if (totals.newCoursesThisWeek > 0) {
    const category = [...facts.categories]
      .filter((c) => c.newCourses > 0)
      .sort(
        (a, b) =>
          b.newCourses - a.newCourses ||
          b.listedCourses - a.listedCourses ||
          a.category.localeCompare(b.category),
      )[0]!;
    const fresh = facts.courses.filter(
      (course) => course.category === category.category && course.isNew,
    );
    const keywords = keywordsFor(fresh, () => 1);
    const themes =
      keywords.length > 0
        ? m.server_trending_themes({ list: keywords.map((k) => `*${k}*`).join(", ") }, { locale })
        : "";
    const note =
      totals.opensLastWeek > 0
        ? m.server_trending_no_opens_week({}, { locale })
        : m.server_trending_no_opens_ever({}, { locale });
    return {
      ...nameTopic(m.server_trending_new_in({ category: category.category }, { locale }), keywords),
      explanation: [
        m.server_trending_based_on_new(
          {
            note,
            newInCategory: counted(category.newCourses, NEW_IN_CATEGORY, locale, category.category),
            days,
            newTotal: counted(totals.newCoursesThisWeek, NEW_COURSES, locale),
            themes,
          },
          { locale },
        ),
        "",
        m.server_trending_coupons_run_out({}, { locale }),
      ].join("\n"),
    };
  }

  const category = [...facts.categories].sort(
    (a, b) => b.listedCourses - a.listedCourses || a.category.localeCompare(b.category),
  )[0]!;
  const keywords = keywordsFor(
    facts.courses.filter((course) => course.category === category.category),
    () => 1,
  );
  return {
    ...nameTopic(category.category, keywords),
    explanation: m.server_trending_quiet(
      {
        days,
        category: category.category,
        courses: counted(category.listedCourses, FREE_COURSES, locale),
      },
      { locale },
    ),
  };
}
