import { lazy, Suspense, useMemo, useState } from "react";
import { data, redirect, useNavigate, useNavigation } from "react-router";
import {
  listCatalogFacets,
  listCourses,
  listCoursesEndingToday,
} from "../../server/domain/catalog/catalog";
import { listCourseMarks } from "../../server/domain/accounts/personal-layer";
import { getLiveUpdateCursor } from "../../server/domain/catalog/live-updates";
import { listRedemptions } from "../../server/domain/accounts/redeem";
import { catalogueRefreshedAt } from "../../server/domain/ingest/ingest-runs";
import { suggestForEmptySearch } from "../../server/domain/catalog/search-suggestions";
import { flashCookie } from "../../server/web/cookies";
import { saveExclusions } from "../../server/web/saved-exclusions";
import { ClaimedSwitch } from "../components/claimed-switch";
import { CouponBanner } from "../components/coupon-banner";
import { CourseFilterBar } from "../components/course-filter-bar";
import { CourseResults } from "../components/course-results";
import { Hero } from "../components/hero";
import { LiveUpdates } from "../components/live-updates";
import { MountOnceOpened } from "../components/mount-once-opened";
import { RedeemSection } from "../components/redeem-section";
import { SaveSearchButton } from "../components/save-search-button";
import { TimeAgo } from "../components/time-ago";
import { usePersonalLayer, useViewer } from "../components/personal-layer";
import type { PublicCourse } from "../../core/course";
import { withOwnCourseList } from "../../core/own-course-list";
import type { RedemptionItem } from "../../core/personal-layer";
import { COUPON_BANNER_COOKIE, isCouponBannerDismissed } from "../../core/coupon-banner";
import { preferenceCookie } from "../../core/preference-cookie";
import {
  courseListHref,
  hasActiveCourseFilters,
  parseCourseFilters,
} from "../../core/course-filters";
import { courseListJsonLd } from "../lib/course-list-seo";
import { pageMeta, siteUrlFromMatches } from "../lib/seo";
import { localeOfPath, localizedHref, readLanguagePreference } from "../../core/locale";
import { formatCount } from "../../core/numbers";
import { isOutOfCredits } from "../../core/viewer";
import { byCount, useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import type { Locale } from "../../core/locale";
import type { Route } from "./+types/home";

// The AI dialogs validate replies with zod and render markdown. Loaded when first opened, they
// cost the first paint and the hydration nothing (zod alone is 26 kB gzip).
const AiCompassModal = lazy(() =>
  import("../components/ai-compass-modal").then((module) => ({ default: module.AiCompassModal })),
);
const TrendingModal = lazy(() =>
  import("../components/trending-modal").then((module) => ({ default: module.TrendingModal })),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const url = new URL(request.url);
  // A visitor who chose Indonesian with the switch gets it on their next visit to `/` (only
  // there: every other address, and anyone who did not choose, gets the language asked for).
  if (url.pathname === "/" && readLanguagePreference(request.headers.get("cookie")) === "id")
    throw redirect(localizedHref("id", `/${url.search}`));
  const filters = parseCourseFilters(url.searchParams);
  const base = {
    filters,
    today: services.clock.today(),
    now: services.clock.now().toISOString(),
    bannerDismissed: isCouponBannerDismissed(request.headers.get("cookie")),
    sharedRender: Boolean(context.sharedRender),
  };
  try {
    const [page, facets, liveCursor, endingToday, refreshedAt] = await Promise.all([
      // A signed-in learner's list leaves out what they already claimed (claimed-lists.ts).
      listCourses(services, filters, context.identity.user?.id ?? null),
      listCatalogFacets(services),
      getLiveUpdateCursor(services),
      listCoursesEndingToday(services),
      catalogueRefreshedAt(services),
    ]);
    const searchSuggestions =
      page.total === 0 ? await suggestForEmptySearch(services, filters) : [];
    const pageIds = page.courses.map((course) => course.id);
    if (context.sharedRender) {
      context.sharedRender.courseIds.push(...pageIds);
      context.sharedRender.showsRedemptions = true;
      context.sharedRender.courseList = { filters };
    }
    const user = context.identity.user;
    const [{ visitedCourseIds, favouriteCourseIds }, redemptions] = await Promise.all([
      listCourseMarks(services, context.identity, pageIds),
      user ? listRedemptions(services, user.id) : [],
    ]);
    return {
      ...base,
      page,
      facets,
      endingToday,
      refreshedAt,
      visitedCourseIds,
      favouriteCourseIds,
      redemptions,
      searchSuggestions,
      liveUpdates: { ...liveCursor, intervalMs: services.config.pollIntervalMs },
      error: false,
    };
  } catch (error) {
    services.logger.error({ err: error, requestId: context.requestId }, "course list failed");
    return data(
      {
        ...base,
        page: null,
        facets: { categories: [], languages: [] },
        endingToday: [] as PublicCourse[],
        refreshedAt: null,
        visitedCourseIds: [] as number[],
        favouriteCourseIds: [] as number[],
        redemptions: [] as RedemptionItem[],
        searchSuggestions: [],
        liveUpdates: null,
        // Shown in the page's language (home_load_error); the flag says only that it failed.
        error: true,
      },
      { status: 503 },
    );
  }
}

/** Without JavaScript, dismissing the coupon banner posts here; so does "Remember exclusions". */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = localeOfPath(new URL(request.url).pathname);
  if (form.get("intent") === "save-exclusions")
    return saveExclusionsAnswer(request, context, form, locale);
  if (form.get("intent") !== "dismiss-coupon-banner") return data({ ok: false }, { status: 400 });
  return redirect(localizedHref(locale, "/"), {
    headers: {
      "Set-Cookie": preferenceCookie(COUPON_BANNER_COOKIE, "dismissed", {
        secure: context.identity.secureCookies,
        httpOnly: true,
      }),
    },
  });
}

/** Back to the list with the saved exclusions applied, and a toast saying what happened. */
async function saveExclusionsAnswer(
  request: Request,
  context: Route.ActionArgs["context"],
  form: FormData,
  locale: Locale,
) {
  const user = context.identity.user;
  const outcome = await saveExclusions(context.services, user ? user.id : null, form);
  const headers = new Headers();
  for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
  const message = outcome.saved ? m.filter_hide_saved : m.filter_hide_refused;
  headers.append(
    "Set-Cookie",
    flashCookie(
      { type: outcome.saved ? "success" : "error", message: message({}, { locale }) },
      context.identity.secureCookies,
      request,
    ),
  );
  return redirect(localizedHref(locale, `${outcome.target}#courses-section`), {
    status: 303,
    headers,
  });
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  const siteUrl = siteUrlFromMatches(matches);
  const filters = data?.filters;
  const courses = data?.page?.courses ?? [];
  const locale = localeOfPath(location.pathname);
  return pageMeta({
    locale,
    title: m.home_meta_title({}, { locale }),
    description: m.home_meta_description({}, { locale }),
    siteUrl,
    path: filters ? courseListHref(filters) : "/",
    jsonLd: [courseListJsonLd(courses, locale)],
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { filters, facets, today, error, bannerDismissed } = loaderData;
  const { t, href, locale } = useMessages();
  const layer = usePersonalLayer(loaderData.sharedRender);
  // A learner with claimed courses sees their own list: the shared one without those courses.
  const sharedPage = loaderData.page;
  const page = useMemo(
    () => sharedPage && withOwnCourseList(sharedPage, layer?.courseList ?? null),
    [sharedPage, layer],
  );
  const visited = new Set(layer?.visitedCourseIds ?? loaderData.visitedCourseIds);
  const favourites = new Set(layer?.favouriteCourseIds ?? loaderData.favouriteCourseIds);
  const viewer = useViewer();
  const outOfCredits = isOutOfCredits(viewer);
  const now = new Date(loaderData.now);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const loading = navigation.state === "loading" && navigation.location.pathname === href("/");
  const [openModal, setOpenModal] = useState<"guide" | "trending" | null>(null);
  const filtersActive = hasActiveCourseFilters(filters);
  // Courses announced by the poller since this page's data arrived, shown on top of
  // the first unfiltered page; new loader data replaces them (it already holds them).
  const [fresh, setFresh] = useState<{ page: typeof page; courses: PublicCourse[] }>({
    page,
    courses: [],
  });
  const showsNewest = page?.page === 1 && !filtersActive && filters.sort === "newest";
  const freshCourses =
    page && showsNewest && fresh.page === page
      ? fresh.courses.filter((course) => !page.courses.some((shown) => shown.id === course.id))
      : [];
  const shownCourses = page ? [...freshCourses, ...page.courses] : [];

  return (
    <>
      <Hero
        onOpenGuide={() => setOpenModal("guide")}
        onOpenTrending={() => setOpenModal("trending")}
        endingToday={loaderData.endingToday}
        categories={facets.categories}
        now={now}
      />

      <section
        id="courses-section"
        aria-labelledby="courses-heading"
        className="mx-auto max-w-7xl scroll-mt-20 px-4 pt-5 pb-10 md:pt-10"
      >
        <div className="mb-3 flex flex-wrap items-end justify-between gap-2 md:mb-6">
          <h2 id="courses-heading" className="text-2xl font-bold md:text-3xl">
            {t(m.home_heading)}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            {/* A search or a filter can become an alert for signed-in users. */}
            {filtersActive && viewer?.signedIn && <SaveSearchButton filters={filters} />}
            {page && <ClaimedSwitch filters={filters} claimedCount={page.claimedCount} />}
            {page && (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t(byCount(page.total, m.home_course_count_one, m.home_course_count_other), {
                  count: formatCount(page.total, locale),
                })}
              </p>
            )}
            {/* When the last run read a source: a catalogue that only shows the demo has none. */}
            {loaderData.refreshedAt && (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                <TimeAgo
                  at={loaderData.refreshedAt}
                  serverNow={loaderData.now}
                  words={(ago) => t(m.home_catalogue_refreshed, { ago })}
                  testId="catalogue-refreshed"
                />
              </p>
            )}
          </div>
        </div>

        {!bannerDismissed && <CouponBanner />}

        <CourseFilterBar
          filters={filters}
          categories={facets.categories}
          languages={facets.languages}
        />

        <div
          aria-live="polite"
          className="mt-2 min-h-6 text-sm text-slate-600 md:mt-4 dark:text-slate-300"
        >
          {loading ? t(m.home_loading) : null}
        </div>

        {error && (
          <div
            role="alert"
            className="mt-4 rounded-xl border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {t(m.home_load_error)}
          </div>
        )}

        {loaderData.liveUpdates && (
          <LiveUpdates
            courseSince={loaderData.liveUpdates.courseSince}
            articleSince={loaderData.liveUpdates.articleSince}
            intervalMs={loaderData.liveUpdates.intervalMs}
            onNewCourses={(courses) =>
              setFresh((current) => ({
                page,
                courses: [...courses, ...(current.page === page ? current.courses : [])],
              }))
            }
          />
        )}

        {page && (
          <CourseResults
            page={page}
            courses={shownCourses}
            filters={filters}
            filtersActive={filtersActive}
            searchSuggestions={loaderData.searchSuggestions}
            loading={loading}
            today={today}
            now={now}
            visited={visited}
            favourites={favourites}
            outOfCredits={outOfCredits}
          />
        )}
      </section>

      <RedeemSection
        signedIn={viewer?.signedIn ?? false}
        redemptions={layer?.redemptions ?? loaderData.redemptions}
      />

      <MountOnceOpened open={openModal === "guide"}>
        <Suspense fallback={null}>
          <AiCompassModal
            open={openModal === "guide"}
            onClose={() => setOpenModal(null)}
            onApplyKeyword={(keyword) => {
              setOpenModal(null);
              void navigate(href(`${courseListHref({ search: keyword })}#courses-section`));
            }}
          />
        </Suspense>
      </MountOnceOpened>
      <MountOnceOpened open={openModal === "trending"}>
        <Suspense fallback={null}>
          <TrendingModal open={openModal === "trending"} onClose={() => setOpenModal(null)} />
        </Suspense>
      </MountOnceOpened>
    </>
  );
}
