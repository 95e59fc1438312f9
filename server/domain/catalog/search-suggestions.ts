import { courseListHref, type CourseFilters } from "../../../core/course-filters";
import { titleMatchesSearch } from "../../../core/search-match";
import { translateSearchWords, type SearchSuggestion } from "../../../core/search-words";
import {
  displayCasing,
  findWholeWords,
  pickDistinct,
  rankPhrases,
  repeatsKeyword,
  STOPWORDS,
} from "../../adapters/ai/catalog-terms";
import type { CatalogueCourse } from "../../adapters/ai/types";
import type { Services } from "../../services";
import { loadCatalogueSnapshot } from "../ai/catalog-facts";

/**
 * What to offer when a search finds nothing: the English topic of Indonesian words ("belajar
 * python" → "python"), the categories nearest the words, and popular searches there. Every
 * suggestion is a plain link that carries only a search or a category, and is checked against
 * the listed catalogue, so following it lists at least one course whatever other filters the
 * visitor had on. Nothing here depends on who is asking: the shared page can hold it.
 */

const MAX_SUGGESTIONS = 5;
const MAX_TOPICS = 2;
const MAX_CATEGORIES = 2;
/** Searches of nonsense get the largest categories, so the list is never empty. */
const FALLBACK_CATEGORIES = 4;
const POPULAR_CACHE_MS = 10 * 60 * 1000;
const COURSES_SECTION = "#courses-section";

/**
 * Words that say what the learner wants: not function words, not digits, at least three
 * letters (a two-letter word matches inside too many titles to point anywhere).
 */
function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 3 && !STOPWORDS.has(word) && !/^\d+$/.test(word));
}

function findsCourses(catalogue: CatalogueCourse[], search: string): boolean {
  return catalogue.some((course) => titleMatchesSearch(course.title, search));
}

/**
 * Topics worth a search of their own, most specific first: the English words the Indonesian
 * ones stand for, the whole search without its wrapping words, then its single words.
 */
function topicCandidates(search: string): string[] {
  const { topic, translatedTopics } = translateSearchWords(search);
  const original = search.trim().toLowerCase().replace(/\s+/g, " ");
  const candidates = [...translatedTopics, topic, ...contentWords(topic)];
  return [...new Set(candidates)].filter((candidate) => candidate !== "" && candidate !== original);
}

/**
 * The categories closest to the words: the longest phrase of them that a category's name, a
 * sub-category's name or a title holds decides ("graphic design" is in Design's "Graphic Design
 * & Illustration"; "machine learning" in Development titles beats "learning" in "Language
 * Learning"), then how many titles hold any of them. Only categories as close as the closest
 * are returned: a weaker second one would be a guess.
 */
function nearestCategories(catalogue: CatalogueCourse[], words: string[]): string[] {
  if (words.length === 0) return [];
  const phrases = [...new Set(words)];
  const scores = new Map<string, { closest: number; titles: number }>();
  for (const course of catalogue) {
    const text = `${course.category} | ${course.subCategory ?? ""} | ${course.title}`.toLowerCase();
    let closest = 0;
    for (const phrase of phrases) {
      if (findWholeWords(text, phrase) !== -1) {
        closest = Math.max(closest, phrase.split(" ").length);
      }
    }
    if (closest === 0) continue;
    const entry = scores.get(course.category) ?? { closest: 0, titles: 0 };
    entry.closest = Math.max(entry.closest, closest);
    entry.titles += 1;
    scores.set(course.category, entry);
  }
  const ranked = [...scores.entries()].sort(
    ([a, x], [b, y]) => y.closest - x.closest || y.titles - x.titles || a.localeCompare(b),
  );
  const best = ranked[0]?.[1].closest ?? 0;
  return ranked.filter(([, score]) => score.closest === best).map(([category]) => category);
}

function largestCategories(catalogue: CatalogueCourse[], count: number): string[] {
  const sizes = new Map<string, number>();
  for (const course of catalogue) sizes.set(course.category, (sizes.get(course.category) ?? 0) + 1);
  return [...sizes.entries()]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, count)
    .map(([category]) => category);
}

/**
 * "Popular searches" are the topic phrases the most listed titles of a category share: what the
 * catalogue holds plenty of today, so each one lists several courses. Our click data would say
 * what people opened, but it is thin on a new site and tells nothing about courses that
 * arrived this morning; the titles are always there.
 */
function popularSearches(
  services: Services,
  catalogue: CatalogueCourse[],
  category: string,
): Promise<string[]> {
  // "catalog:" keys are dropped by every import, with the snapshot they come from.
  const key = `catalog:popular-searches:${services.clock.today()}:${category}`;
  return services.cache.remember(key, POPULAR_CACHE_MS, async () => {
    const titles = catalogue
      .filter((course) => course.category === category)
      .map((course) => course.title);
    const ranked = rankPhrases(
      titles.map((title) => ({ title, weight: 1 })),
      { minCourses: 3 },
    );
    return pickDistinct(ranked, 8).map((phrase) => displayCasing(phrase, titles));
  });
}

function categoryLink(category: string): SearchSuggestion {
  return {
    kind: "category",
    label: category,
    href: `${courseListHref({ type: category })}${COURSES_SECTION}`,
  };
}

function searchLink(kind: "topic" | "popular", search: string): SearchSuggestion {
  return { kind, label: search, href: `${courseListHref({ search })}${COURSES_SECTION}` };
}

/** Up to 5 suggestions for a search that found nothing; none when there was no search. */
export async function suggestForEmptySearch(
  services: Services,
  filters: Pick<CourseFilters, "search">,
): Promise<SearchSuggestion[]> {
  const search = filters.search.trim();
  if (search === "") return [];
  const catalogue = await loadCatalogueSnapshot(services);
  if (catalogue.length === 0) return [];

  const topics: string[] = [];
  for (const candidate of topicCandidates(search)) {
    if (topics.length >= MAX_TOPICS) break;
    if (repeatsKeyword(candidate, topics) || !findsCourses(catalogue, candidate)) continue;
    topics.push(candidate);
  }

  const { topic } = translateSearchWords(search);
  const words = [...new Set([...topics, topic, ...contentWords(topic)])].filter(Boolean);
  const categories = nearestCategories(catalogue, words).slice(0, MAX_CATEGORIES);
  if (topics.length === 0 && categories.length === 0) {
    return largestCategories(catalogue, FALLBACK_CATEGORIES).map(categoryLink);
  }

  // A topic that is a category's name ("Design") says less than the category's link.
  const categoryNames = new Set(categories.map((category) => category.toLowerCase()));
  const ownTopics = topics.filter((phrase) => !categoryNames.has(phrase));
  const titles = catalogue.map((course) => course.title);
  const suggestions: SearchSuggestion[] = [
    ...ownTopics.map((phrase) => searchLink("topic", displayCasing(phrase, titles))),
    ...categories.map(categoryLink),
  ];
  const shown = [...topics];
  for (const category of categories) {
    for (const phrase of await popularSearches(services, catalogue, category)) {
      if (suggestions.length >= MAX_SUGGESTIONS) break;
      if (repeatsKeyword(phrase, shown)) continue;
      shown.push(phrase.toLowerCase());
      suggestions.push(searchLink("popular", phrase));
    }
  }
  return suggestions.slice(0, MAX_SUGGESTIONS);
}
