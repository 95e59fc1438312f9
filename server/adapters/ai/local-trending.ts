import type { TrendingTopic } from "../../../core/ai-schemas";
import { displayCasing, pickDistinct, rankPhrases, titlePhrases } from "./catalog-terms";
import type { TrendingCategory, TrendingCourse, TrendingFacts } from "./types";

/**
 * Offline trending topics, computed from our own data: course opens in the last 7 days
 * against the 7 before, and new courses. With no opens at all it is about new courses.
 *
 * The modal lists courses whose titles contain a keyword, so the topic names every keyword it
 * returns: a course listed under "Development: Kotlin & Rust" is about Kotlin or Rust.
 */

const MAX_KEYWORDS = 3;
const MOST_OPENED_SHOWN = 3;

function plural(count: number, word: string): string {
  return `**${count}** ${word}${count === 1 ? "" : "s"}`;
}

/** A comparison with the week before; none when that week had nothing to compare with. */
function change(now: number, before: number): string | null {
  if (before === 0) return null;
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return `level with the week before (**${before}**)`;
  return `${percent > 0 ? "up" : "down"} from **${before}** the week before (${percent > 0 ? "+" : ""}${percent}%)`;
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

export function computeTrendingLocally(facts: TrendingFacts): TrendingTopic {
  const { totals } = facts;
  if (totals.listedCourses === 0) {
    return {
      topic: "No trending topics yet",
      explanation:
        "There are no free courses listed right now, so nothing is trending yet. New coupons arrive every day: please check back soon.",
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
    const categoryChange = change(category.opensThisWeek, category.opensLastWeek);
    const siteChange = change(totals.opensThisWeek, totals.opensLastWeek);
    // Without opens the week before there is no trend to state: say what happened instead.
    const lead =
      categoryChange !== null
        ? `**${category.category}** is where learners are heading: ${plural(category.opensThisWeek, "course open")} in the last ${facts.windowDays} days, ${categoryChange}.`
        : siteChange !== null
          ? `**${category.category}** is drawing new interest: ${plural(category.opensThisWeek, "course open")} in the last ${facts.windowDays} days, where the week before had none in this category.`
          : `**${category.category}** is where learners are heading: ${plural(category.opensThisWeek, "course open")} in the last ${facts.windowDays} days, the most of any category.`;
    const lines = [
      lead,
      "",
      "Most opened this week:",
      ...distinctTitles(opened, MOST_OPENED_SHOWN).map(
        (course) => `- ${course.title} (${plural(course.opensThisWeek, "open")})`,
      ),
    ];
    if (category.newCourses > 0) {
      lines.push(
        "",
        `${plural(category.newCourses, `new ${category.category} course`)} arrived this week, so there is plenty to pick from.`,
      );
    }
    lines.push(
      "",
      siteChange !== null
        ? `Across the site: ${plural(totals.opensThisWeek, "open")} this week, ${siteChange}.`
        : `Across the site: ${plural(totals.opensThisWeek, "open")} this week. Nothing was opened the week before, so there is no earlier week to compare with yet.`,
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
        ? ` Popular themes among them: ${keywords.map((k) => `*${k}*`).join(", ")}.`
        : "";
    const openNote =
      totals.opensLastWeek > 0
        ? "No courses were opened in the last 7 days"
        : "No course opens have been recorded in the last 14 days";
    return {
      ...nameTopic(`New in ${category.category}`, keywords),
      explanation: [
        `${openNote}, so this is based on what is new: ${plural(category.newCourses, `new ${category.category} course`)} arrived in the last ${facts.windowDays} days, the most of any category (${plural(totals.newCoursesThisWeek, "new course")} overall).${themes}`,
        "",
        "Free coupons run out quickly: open the ones you like before they expire.",
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
    explanation: `Nothing new arrived and nothing was opened in the last ${facts.windowDays} days. **${category.category}** is the largest area of the catalogue with ${plural(category.listedCourses, "free course")} listed right now.`,
  };
}
