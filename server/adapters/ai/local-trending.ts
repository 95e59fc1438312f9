import type { TrendingTopic } from "../../../core/ai-schemas";
import { displayCasing, pickDistinct, rankPhrases } from "./catalog-terms";
import type { TrendingCategory, TrendingCourse, TrendingFacts } from "./types";

/**
 * Offline trending topics, computed from our own data: course opens in the last 7 days
 * against the 7 before, and new courses. With no opens at all it is about new courses.
 */

const MAX_KEYWORDS = 4;

function plural(count: number, word: string): string {
  return `**${count}** ${word}${count === 1 ? "" : "s"}`;
}

function change(now: number, before: number): string {
  if (before === 0) return now > 0 ? "up from none the week before" : "the same as the week before";
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return `level with the week before (**${before}**)`;
  return `${percent > 0 ? "up" : "down"} from **${before}** the week before (${percent > 0 ? "+" : ""}${percent}%)`;
}

function keywordsFor(
  courses: TrendingCourse[],
  weight: (course: TrendingCourse) => number,
): string[] {
  const titles = courses.map((course) => course.title);
  const ranked = rankPhrases(
    courses.map((course) => ({ title: course.title, weight: weight(course) })),
  );
  return pickDistinct(ranked, MAX_KEYWORDS).map((phrase) => displayCasing(phrase, titles));
}

function topicName(category: string, keywords: string[]): string {
  if (keywords.length === 0) return category;
  return `${category}: ${keywords.slice(0, 2).join(" & ")}`.slice(0, 120);
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
    const keywords = keywordsFor(opened, (course) => course.opensThisWeek);
    const lines = [
      `**${category.category}** is where learners are heading: ${plural(category.opensThisWeek, "course open")} in the last ${facts.windowDays} days, ${change(category.opensThisWeek, category.opensLastWeek)}.`,
      "",
      "Most opened this week:",
      ...opened
        .slice(0, 3)
        .map((course) => `- ${course.title} (${plural(course.opensThisWeek, "open")})`),
    ];
    if (category.newCourses > 0) {
      lines.push(
        "",
        `${plural(category.newCourses, `new ${category.category} course`)} arrived this week, so there is plenty to pick from.`,
      );
    }
    lines.push(
      "",
      `Across the site: ${plural(totals.opensThisWeek, "open")} this week, ${change(totals.opensThisWeek, totals.opensLastWeek)}.`,
    );
    return {
      topic: topicName(category.category, keywords),
      explanation: lines.join("\n"),
      keywords,
    };
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
      topic: topicName(`New in ${category.category}`, keywords),
      explanation: [
        `${openNote}, so this is based on what is new: ${plural(category.newCourses, `new ${category.category} course`)} arrived in the last ${facts.windowDays} days, the most of any category (${plural(totals.newCoursesThisWeek, "new course")} overall).${themes}`,
        "",
        "Free coupons run out quickly: open the ones you like before they expire.",
      ].join("\n"),
      keywords,
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
    topic: topicName(category.category, keywords),
    explanation: `Nothing new arrived and nothing was opened in the last ${facts.windowDays} days. **${category.category}** is the largest area of the catalogue with ${plural(category.listedCourses, "free course")} listed right now.`,
    keywords,
  };
}
