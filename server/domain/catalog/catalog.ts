import {
  and,
  asc,
  desc,
  eq,
  gt,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { isRowId } from "../../../core/row-id";
import { courseImagePath } from "../../../core/course-images";
import type { CoursePage, PublicCourse } from "../../../core/course";
import { addDays, startOfJakartaDay, toJakartaDay } from "../../../core/dates";
import { COURSES_PAGE_SIZE, type CourseFilters } from "../../../core/course-filters";
import { COURSE_LANGUAGES } from "../../../core/course-filter-options";
import { courses, type CourseRow } from "../../db/schema";
import { everySearchWordIn } from "../../db/like-pattern";
import { learnerFilterConditions } from "./learner-filters";
import { countListedCourses } from "./listed-count";
import { countClaimedListed, notClaimedBy } from "./claims";
import type { Services } from "../../services";


/** The catalogue's public columns: the coupon code and URL are never selected. */
export const publicColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  link: courses.link,
  category: courses.category,
  subCategory: courses.subCategory,
  date: courses.date,
  headline: courses.headline,
  instructor: courses.instructor,
  language: courses.language,
  level: courses.level,
  /** Our copy of the image: `imageUrl` names it on our origin, never Udemy's address. */
  imageKey: courses.imageKey,
  durationMinutes: courses.durationMinutes,
  udemyRating: courses.udemyRating,
  udemyReviews: courses.udemyReviews,
  students: courses.students,
  lastUpdatedOn: courses.lastUpdatedOn,
  qualityScore: courses.qualityScore,
  usesRemaining: courses.usesRemaining,
  expiresAt: courses.expiresAt,
  checkedAt: courses.checkedAt,
  reviewAverage: courses.reviewAverage,
  reviewCount: courses.reviewCount,
  isDemo: courses.isDemo,
};

type PublicColumns = Pick<CourseRow, keyof typeof publicColumns>;

export function toPublicCourse(row: PublicColumns): PublicCourse {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    link: row.link,
    courseType: row.category,
    subCategory: row.subCategory,
    date: row.date,
    headline: row.headline,
    instructor: row.instructor,
    language: row.language,
    level: row.level,
    imageUrl: courseImagePath(row.imageKey),
    durationMinutes: row.durationMinutes,
    udemyRating: row.udemyRating,
    udemyReviews: row.udemyReviews,
    students: row.students,
    lastUpdatedOn: row.lastUpdatedOn,
    qualityScore: row.qualityScore === null ? null : Math.round(row.qualityScore * 100) / 100,
    usesRemaining: row.usesRemaining,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    checkedAt: row.checkedAt ? row.checkedAt.toISOString() : null,
    averageRating: row.reviewAverage === null ? 0 : Math.round(row.reviewAverage * 10) / 10,
    reviewCount: row.reviewCount,
    // Only an example course says so: a live course's answer stays as it was.
    ...(row.isDemo ? { demo: true as const } : {}),
  };
}

/**
 * A course is listed while its coupon is live as of the clock: found on or before today, not
 * past its expiry, not switched off by ingestion. Viewing the site with FAKE_NOW on another day
 * therefore shows that day's coupons.
 */
export function listedCondition(services: Services, now = services.clock.now()): SQL {
  return and(
    eq(courses.active, true),
    lte(courses.date, toJakartaDay(now)),
    or(isNull(courses.expiresAt), gt(courses.expiresAt, now)),
  )!;
}

/** Escapes LIKE wildcards so a search for "100%" means the characters, not a pattern. */

function filterConditions(services: Services, filters: CourseFilters, listed: SQL): SQL[] {
  return [
    listed,
    ...everySearchWordIn(courses.title, filters.search),
    ...learnerFilterConditions(filters, services.clock.today()),
  ];
}

/**
 * The order of a page of courses. Each sort has an index in exactly its order (every key DESC
 * NULLS LAST, or ASC NULLS LAST for expiring), so a page reads its 20 rows off that index: a
 * plain DESC means NULLS FIRST, and such a mismatch made PostgreSQL sort every listed course for
 * each page (85 ms instead of 1 ms over 50 000 courses on PGlite). With `sortTheMatches` the
 * matches are few and found by another index: they are sorted instead of met by walking the
 * sort's index (see listCourses); `+ 0` keeps the order while hiding it from that index.
 */
function orderFor(sort: CourseFilters["sort"], sortTheMatches: boolean) {
  const lead = (column: SQLWrapper, zero: SQL = sql`0`) =>
    sortTheMatches ? sql`${column} + ${zero}` : sql`${column}`;
  const newestFirst = sql`${courses.id} desc nulls last`;
  switch (sort) {
    case "best":
      return [sql`${lead(courses.qualityScore)} desc nulls last`, newestFirst];
    case "rating":
      return [
        sql`${lead(courses.udemyRating)} desc nulls last`,
        sql`${courses.udemyReviews} desc nulls last`,
        newestFirst,
      ];
    case "students":
      return [sql`${lead(courses.students)} desc nulls last`, newestFirst];
    case "expiring":
      return [sql`${lead(courses.expiresAt, sql`interval '0'`)} asc nulls last`, desc(courses.id)];
    case "newest":
      return [sql`${lead(courses.date)} desc nulls last`, newestFirst];
  }
}

/**
 * At most this many matches are sorted rather than met along the order's index. The trigram
 * index finds a search's matches, courses_listed_facts_idx those of chosen filters; PostgreSQL,
 * assuming a title's words and a category independent, may instead walk the listing index newest
 * first and test every course on the way: "design" in Development, 316 matches expected and none
 * there, read all 50 000 (90 ms instead of 10). The count, exact and already known, decides
 * instead of that guess.
 */
const SORTED_MATCHES = 2000;

/**
 * A page of listed courses. For a signed-in learner (`claimant`), the courses they already
 * claimed are left out unless `filters.showClaimed` (claims.ts): that count is theirs alone.
 */
export async function listCourses(
  services: Services,
  filters: CourseFilters,
  claimant: string | null = null,
): Promise<CoursePage> {
  const listedNow = listedCondition(services);
  const listed = and(...filterConditions(services, filters, listedNow));
  const hidesClaimed = claimant !== null && !filters.showClaimed;
  const where = hidesClaimed ? and(listed, notClaimedBy(services, claimant)) : listed;
  const [matching, claimedCount] = await Promise.all([
    countListedCourses(services, filters, listed, listedNow),
    claimant === null ? 0 : countClaimedListed(services, listed, claimant),
  ]);
  // The claimed courses the list hides are among the matches, and already counted apart.
  const total = hidesClaimed ? Math.max(0, matching - claimedCount) : matching;
  const pageCount = Math.max(1, Math.ceil(total / COURSES_PAGE_SIZE));
  // Past the last page: show the last page rather than an empty one.
  const page = Math.min(filters.page, pageCount);
  // No match: no page to read (walking an order's index for none would visit every course).
  const rows =
    total === 0
      ? []
      : await services.db
          .select(publicColumns)
          .from(courses)
          .where(where)
          .orderBy(...orderFor(filters.sort, total <= SORTED_MATCHES))
          .limit(COURSES_PAGE_SIZE)
          .offset((page - 1) * COURSES_PAGE_SIZE);
  return {
    courses: rows.map(toPublicCourse),
    total,
    page,
    pageCount,
    pageSize: COURSES_PAGE_SIZE,
    claimedCount,
  };
}

export type CatalogFacets = { categories: string[]; languages: string[] };

/** Categories and languages of the listed courses, sorted, for the filter bar (cached 1 min). */
export function listCatalogFacets(services: Services): Promise<CatalogFacets> {
  return services.cache.remember(`catalog:facets:${services.clock.today()}`, 60_000, async () => {
    const listed = listedCondition(services);
    const [categoryRows, languageRows] = await Promise.all([
      services.db
        .selectDistinct({ value: courses.category })
        .from(courses)
        .where(listed)
        .orderBy(asc(courses.category)),
      services.db
        .selectDistinct({ value: courses.language })
        .from(courses)
        .where(and(listed, sql`${courses.language} is not null`))
        .orderBy(asc(courses.language)),
    ]);
    // Only languages the filter knows can be chosen (another would be dropped from the URL).
    const known = new Set<string>(COURSE_LANGUAGES);
    return {
      categories: categoryRows.map((row) => row.value),
      languages: languageRows.flatMap((row) =>
        row.value && known.has(row.value) ? [row.value] : [],
      ),
    };
  });
}

export async function findPublicCourse(
  services: Services,
  id: number,
): Promise<PublicCourse | null> {
  // An id no integer column can hold names no course (and would be a database error).
  if (!isRowId(id)) return null;
  const [row] = await services.db.select(publicColumns).from(courses).where(eq(courses.id, id));
  return row ? toPublicCourse(row) : null;
}

/** The course behind a canonical link (reviews, favourites and clicks name courses this way). */
export async function findCourseIdByLink(services: Services, link: string): Promise<number | null> {
  const [row] = await services.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.link, link));
  return row?.id ?? null;
}

/** Up to `limit` listed courses of a category, newest first, for "try one of these instead". */
export async function listLiveCoursesInCategory(
  services: Services,
  category: string,
  options: { excludeId: number; limit: number },
): Promise<PublicCourse[]> {
  const rows = await services.db
    .select(publicColumns)
    .from(courses)
    .where(
      and(
        listedCondition(services),
        eq(courses.category, category),
        sql`${courses.id} <> ${options.excludeId}`,
      ),
    )
    .orderBy(desc(courses.date), desc(courses.id))
    .limit(options.limit);
  return rows.map(toPublicCourse);
}

/** Picks the home page shows beside the hero: few, cheap, and the same for every visitor. */
export const ENDING_TODAY_LIMIT = 4;
/** Short: a pick whose coupon ended must leave the hero soon after it leaves the list. */
const ENDING_TODAY_TTL_MS = 30_000;

/**
 * Up to four listed courses whose coupon ends before midnight Jakarta, soonest first: the
 * ones a visitor has to open today or miss. Public data only, so shared pages may carry them.
 */
export function listCoursesEndingToday(services: Services): Promise<PublicCourse[]> {
  const now = services.clock.now();
  const endOfToday = startOfJakartaDay(addDays(toJakartaDay(now), 1));
  return services.cache.remember(
    `catalog:ending-today:${toJakartaDay(now)}`,
    ENDING_TODAY_TTL_MS,
    async () => {
      const rows = await services.db
        .select(publicColumns)
        .from(courses)
        .where(and(listedCondition(services, now), lte(courses.expiresAt, endOfToday)))
        .orderBy(asc(courses.expiresAt), desc(courses.id))
        .limit(ENDING_TODAY_LIMIT);
      return rows.map(toPublicCourse);
    },
  );
}
