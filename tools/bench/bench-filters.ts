import { listCourses } from "../../server/domain/catalog/catalog";
import { DEFAULT_COURSE_FILTERS, type CourseFilters } from "../../core/course-filters";
import type { Services } from "../../server/services";

/**
 * Filter combinations learners set on the home page, each with a name for the report. The first
 * is the one the page case "/ with three filters" requests.
 */
export const FILTER_COMBINATIONS: Array<{ name: string; filters: Partial<CourseFilters> }> = [
  {
    name: "English + Udemy 4.0+ + beginner",
    filters: { language: "English", udemyRating: "4.0", level: "beginner" },
  },
  { name: "Indonesian", filters: { language: "Indonesian" } },
  { name: "Udemy 4.5+, best first", filters: { udemyRating: "4.5", sort: "best" } },
  { name: "10 000+ students, most students", filters: { minStudents: "10000", sort: "students" } },
  { name: "Development, 3–6 h", filters: { type: "Development", duration: "medium" } },
  { name: "expert, 17 h+", filters: { level: "expert", duration: "extraLong" } },
  { name: "updated within 1 year + certificate", filters: { updated: "1y", certificate: "yes" } },
  { name: "hidden words (2)", filters: { hideWords: ["excel", "python"] } },
  {
    name: "hidden words (5) + instructor + English",
    filters: {
      language: "English",
      hideWords: ["excel", "python", "marketing", "bootcamp", "crash"],
      hideInstructors: ["Maria"],
    },
  },
  { name: "search python + Udemy 4.0+", filters: { search: "python", udemyRating: "4.0" } },
];

/** The query string of the first combination, for the page case of the bench. */
export const THREE_FILTERS_PATH = "/?language=English&udemyRating=4.0&level=beginner";

/** The value below which `share` of the values lie (nearest rank; `share` from 0 to 1). */
export function percentileOf(values: readonly number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(share * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export type FilterTiming = {
  combination: string;
  /** Every remembered count forgotten first: the first visitor of this combination. */
  firstP50Ms: number;
  firstP95Ms: number;
  /** The count remembered (another page of the same combination). */
  repeatP50Ms: number;
  repeatP95Ms: number;
};

export type FilteredListTimes = {
  timings: FilterTiming[];
  /** Over every first visit of every combination. */
  overallFirstP50Ms: number;
  overallFirstP95Ms: number;
  /** A page of the bare list while the courses' facts are loaded anew (listed-count.ts). */
  factsLoadP50Ms: number;
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Server time of the filtered list (listCourses, in-process) over the whole catalogue, per
 * combination: `rounds` first visits (remembered counts forgotten before each) and as many
 * repeats, over pages 1–3. One warm-up call per combination is not counted. `list` is another
 * version of listCourses, to compare two in one run.
 */
export async function measureFilteredListTimes(
  services: Services,
  rounds = 12,
  list: typeof listCourses = listCourses,
): Promise<FilteredListTimes> {
  const timeOnce = async (filters: CourseFilters) => {
    const started = performance.now();
    await list(services, filters);
    return performance.now() - started;
  };
  const timings: FilterTiming[] = [];
  const allFirst: number[] = [];
  for (const combination of FILTER_COMBINATIONS) {
    const base = { ...DEFAULT_COURSE_FILTERS, ...combination.filters };
    await timeOnce(base);
    const first: number[] = [];
    const repeat: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const filters = { ...base, page: 1 + (round % 3) };
      // Any forget drops what was counted per combination (not the courses' facts in memory).
      services.cache.forget("catalog:count");
      first.push(await timeOnce(filters));
      repeat.push(await timeOnce(filters));
    }
    allFirst.push(...first);
    timings.push({
      combination: combination.name,
      firstP50Ms: round1(percentileOf(first, 0.5)),
      firstP95Ms: round1(percentileOf(first, 0.95)),
      repeatP50Ms: round1(percentileOf(repeat, 0.5)),
      repeatP95Ms: round1(percentileOf(repeat, 0.95)),
    });
  }
  // The courses' facts, loaded again after a write to the catalogue or once a minute.
  const factsLoads: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    services.cache.forget("catalog:facts");
    factsLoads.push(await timeOnce(DEFAULT_COURSE_FILTERS));
  }
  return {
    timings,
    factsLoadP50Ms: round1(percentileOf(factsLoads, 0.5)),
    overallFirstP50Ms: round1(percentileOf(allFirst, 0.5)),
    overallFirstP95Ms: round1(percentileOf(allFirst, 0.95)),
  };
}
