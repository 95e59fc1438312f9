/**
 * What "matches like the home search" means, everywhere a course title is matched against
 * words a learner typed: the home list, a saved search (its feed and its alerts), the AI
 * helpers' keywords and the empty-search suggestions. Every word must appear somewhere in the
 * title, in any order and case ("python django" finds "Django with Python"); only the first
 * MAX_SEARCH_WORDS words count, so a pasted paragraph costs no more than a short search.
 *
 * The SQL side (ILIKE '%word%' over these same words) lives in server/db/like-pattern.ts;
 * search-match.integration.test.ts pins that the two agree.
 */

/** At most this many words of a search count; each must appear in the title. */
export const MAX_SEARCH_WORDS = 8;

/** The words of a search as matching reads them: lower-cased, at most MAX_SEARCH_WORDS. */
export function searchWordsOf(search: string): string[] {
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .slice(0, MAX_SEARCH_WORDS);
}

/** Whether a title holds every counted word of the search (an empty search matches all). */
export function titleMatchesSearch(title: string, search: string): boolean {
  const lowerTitle = title.toLowerCase();
  return searchWordsOf(search).every((word) => lowerTitle.includes(word));
}
