import { useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { listHistory } from "../../server/domain/accounts/credits";
import { listFavourites, type FavouriteCourse } from "../../server/domain/catalog/favourites";
import { listReviewedCourseIds, reviewsLeftToday } from "../../server/domain/catalog/reviews";
import { listMyAlerts } from "../../server/domain/alerts/my-alerts";
import { listEndingSoon } from "../../server/domain/alerts/ending-soon";
import { EndingSoon } from "../components/ending-soon";
import { LearningListPanel } from "../components/learning-list";
import { readLearningList } from "../../server/domain/catalog/claims";
import type { LearningList } from "../../core/claims";
import { AlertsPanel } from "../components/alerts-panel";
import { PushToggle } from "../components/push-toggle";
import { FavouriteButton } from "../components/favourite-button";
import { WatchButton } from "../components/watch-button";
import { ReviewButton, useStartReview } from "../components/review-button";
import { ReviewModal, type ReviewTarget } from "../components/review-modal";
import { useCourseOpener } from "../components/course-opener";
import { ExampleCourseLabel } from "../components/demo-notices";
import { useViewer } from "../components/personal-layer";
import { formatIndonesianDate, formatJakartaInstant } from "../../core/dates";
import { DAILY_TOP_UP_CREDITS } from "../../core/rules";
import { breadcrumbJsonLd, pageMeta, siteUrlFromMatches } from "../lib/seo";
import { TRUNCATE, truncate } from "../../core/text";
import type { SignedInViewer } from "../../core/viewer";
import { formatCount } from "../../core/numbers";
import { localeOfPath, type Locale } from "../../core/locale";
import type { MyAlerts } from "../../core/my-alerts";
import { answerMessage } from "../../server/web/answer-messages";
import * as m from "../../core/paraglide/messages";
import { useMessages } from "../lib/i18n";
import { accountStatusLabel, averageRatingText } from "../lib/account-labels";
import type { Route } from "./+types/dashboard";

const TABS = ["profile", "history", "favorites", "learning", "alerts"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, identity } = context;
  const requested = new URL(request.url).searchParams.get("tab");
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : "profile";
  if (!identity.user)
    return {
      tab,
      history: [],
      favorites: [],
      reviewedCourseIds: [],
      reviewsLeft: 0,
      alerts: null,
      endingSoon: [],
      learning: { courses: [], saved: [] } as LearningList,
    };
  const userId = identity.user.id;
  const [history, favorites, reviewedCourseIds, reviewsLeft, alerts, endingSoon, learning] =
    await Promise.all([
      listHistory(services, userId),
      listFavourites(services, userId),
      listReviewedCourseIds(services, userId),
      reviewsLeftToday(services, userId),
      tab === "alerts" ? listMyAlerts(services, userId) : null,
      listEndingSoon(services, userId),
      readLearningList(services, userId),
    ]);
  const locale = localeOfPath(new URL(request.url).pathname);
  return {
    tab,
    history,
    favorites,
    reviewedCourseIds,
    reviewsLeft,
    alerts: alerts && notesInLanguage(alerts, locale),
    endingSoon,
    learning,
  };
}

/** The notes kept when a channel was switched off are English; shown in the page's language. */
function notesInLanguage(alerts: MyAlerts, locale: Locale): MyAlerts {
  const note = (text: string | null) => text && answerMessage(text, locale);
  return {
    ...alerts,
    email: { ...alerts.email, note: note(alerts.email.note) },
    telegram: { ...alerts.telegram, note: note(alerts.telegram.note) },
    browsers: alerts.browsers.map((browser) => ({ ...browser, offNote: note(browser.offNote) })),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const siteUrl = siteUrlFromMatches(matches);
  const locale = localeOfPath(location.pathname);
  const title = m.account_meta_title({}, { locale });
  return pageMeta({
    locale,
    title,
    description: m.account_meta_description({}, { locale }),
    siteUrl,
    path: "/dashboard",
    noIndex: true,
    jsonLd: [breadcrumbJsonLd(siteUrl, [{ name: title, path: "/dashboard" }])],
  });
};

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useMessages();
  const viewer = useViewer();
  const { tab, history, favorites } = loaderData;
  return (
    <section
      id="account-section"
      aria-labelledby="dashboard-heading"
      className="mx-auto max-w-4xl px-4 py-10"
    >
      <h1 id="dashboard-heading" className="text-3xl font-bold">
        {t(m.account_heading)}
      </h1>
      {!viewer?.signedIn ? (
        <p className="mt-6 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          {t(m.account_sign_in_required)}
        </p>
      ) : (
        <>
          <EndingSoon courses={loaderData.endingSoon} />
          <Form
            method="get"
            className="mt-6 flex flex-wrap gap-2"
            aria-label={t(m.account_tabs_label)}
          >
            <TabButton tab="profile" active={tab} label={t(m.account_tab_profile)} />
            <TabButton
              tab="history"
              active={tab}
              label={t(m.account_tab_history, { count: formatCount(history.length) })}
            />
            <TabButton
              tab="favorites"
              active={tab}
              label={t(m.account_tab_favorites, { count: formatCount(favorites.length) })}
            />
            <TabButton
              tab="learning"
              active={tab}
              label={t(m.account_tab_learning, {
                count: formatCount(loaderData.learning.courses.length),
              })}
            />
            <TabButton tab="alerts" active={tab} label={t(m.account_tab_alerts)} />
          </Form>
          <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
            {tab === "profile" && <ProfilePanel viewer={viewer} />}
            {tab === "history" && (
              <HistoryPanel
                history={history}
                reviewed={new Set(loaderData.reviewedCourseIds)}
                reviewsLeft={loaderData.reviewsLeft}
              />
            )}
            {tab === "favorites" && <FavoritesPanel favorites={favorites} />}
            {tab === "learning" && <LearningListPanel list={loaderData.learning} />}
            {tab === "alerts" && loaderData.alerts && (
              <AlertsPanel
                alerts={loaderData.alerts}
                pushControl={<PushToggle className="mt-2 min-h-11" />}
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}

function TabButton({ tab, active, label }: { tab: Tab; active: Tab; label: string }) {
  const pressed = tab === active;
  return (
    <button
      type="submit"
      name="tab"
      value={tab}
      aria-pressed={pressed}
      className={`inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold ${pressed ? "bg-brand-600 text-white" : "border border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"}`}
    >
      {label}
    </button>
  );
}

function ProfilePanel({ viewer }: { viewer: SignedInViewer }) {
  const { t, locale } = useMessages();
  const rows: Array<[string, string]> = [
    [t(m.account_email), viewer.email],
    [t(m.account_joined), formatJakartaInstant(new Date(viewer.joinedAt))],
    [t(m.account_status), accountStatusLabel(viewer.status, locale)],
    [
      t(m.account_credit_balance),
      viewer.creditsRemaining === null
        ? t(m.account_unlimited)
        : formatCount(viewer.creditsRemaining),
    ],
  ];
  if (viewer.creditsRemaining !== null) {
    rows.push([
      t(m.account_credit_info),
      t(m.account_credit_info_text, { credits: DAILY_TOP_UP_CREDITS }),
    ]);
  }
  return (
    <>
      <h2 className="text-xl font-semibold">{t(m.account_overview)}</h2>
      <dl className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-1 py-3 sm:grid-cols-3">
            <dt className="font-medium text-slate-600 dark:text-slate-300">{term}</dt>
            <dd className="sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function HistoryPanel({
  history,
  reviewed,
  reviewsLeft,
}: {
  history: Array<{ courseId: number; title: string; visitedAt: string; demo: boolean }>;
  reviewed: Set<number>;
  reviewsLeft: number;
}) {
  const { t, href } = useMessages();
  const open = useCourseOpener();
  const [reviewTarget, setReviewTarget] = useState<ReviewTarget | null>(null);
  const startReviewOf = useStartReview(reviewsLeft, setReviewTarget);
  const startReview = (courseId: number, title: string) =>
    startReviewOf({ courseId, title: title || null });
  return (
    <>
      <h2 className="text-xl font-semibold">{t(m.account_history_heading)}</h2>
      {history.length === 0 ? (
        <p className="mt-4 text-slate-600 dark:text-slate-300">{t(m.account_history_empty)}</p>
      ) : (
        <ul className="mt-4 max-h-[30rem] divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800">
          {history.map((entry) => (
            <li
              key={`${entry.courseId}-${entry.visitedAt}`}
              className="flex flex-wrap items-center justify-between gap-2 py-3"
            >
              <div>
                <a
                  href={`/go/${entry.courseId}`}
                  target="_blank"
                  rel="nofollow noopener"
                  title={entry.title}
                  onClick={(event) => open(event, { id: entry.courseId, title: entry.title })}
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-brand-100"
                >
                  {truncate(entry.title, TRUNCATE.historyTitle)}
                </a>
                {entry.demo && <ExampleCourseLabel />}
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  <time dateTime={entry.visitedAt}>
                    {formatJakartaInstant(new Date(entry.visitedAt))}
                  </time>
                </p>
              </div>
              <ReviewButton
                courseId={entry.courseId}
                reviewed={reviewed.has(entry.courseId)}
                onClick={() => startReview(entry.courseId, entry.title)}
              />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-sm">
        <Link
          to={href("/")}
          className="inline-flex min-h-11 items-center text-brand-700 hover:underline dark:text-brand-100"
        >
          {t(m.account_browse_more)}
        </Link>
      </p>
      <ReviewModal target={reviewTarget} onClose={() => setReviewTarget(null)} />
    </>
  );
}

function FavoritesPanel({ favorites }: { favorites: FavouriteCourse[] }) {
  const { t, locale } = useMessages();
  const open = useCourseOpener();
  const revalidator = useRevalidator();
  return (
    <>
      <h2 className="text-xl font-semibold">{t(m.account_favorites_heading)}</h2>
      {favorites.length === 0 ? (
        <p className="mt-4 text-slate-600 dark:text-slate-300">{t(m.account_favorites_empty)}</p>
      ) : (
        <ul className="mt-4 max-h-[30rem] divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800">
          {favorites.map((course) => (
            <li key={course.courseId} className="flex items-start justify-between gap-3 py-3">
              <div>
                <a
                  href={`/go/${course.courseId}`}
                  target="_blank"
                  rel="nofollow noopener"
                  title={course.title}
                  onClick={(event) => open(event, { id: course.courseId, title: course.title })}
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline dark:text-brand-100"
                >
                  {truncate(course.title, TRUNCATE.favouriteTitle)}
                </a>
                {course.demo && <ExampleCourseLabel />}
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  <span title={course.courseType}>
                    {truncate(course.courseType, TRUNCATE.favouriteType)}
                  </span>{" "}
                  · <time dateTime={course.date}>{formatIndonesianDate(course.date)}</time>
                </p>
                {course.reviewCount > 0 && (
                  <p className="text-xs text-slate-600 dark:text-slate-300">
                    {averageRatingText(course.averageRating, course.reviewCount, locale)}
                  </p>
                )}
                {/* An example course never had a coupon to end, nor one to watch for. */}
                {!course.listed && !course.demo && (
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <span className="text-xs font-semibold text-amber-800 dark:text-amber-200">
                      {t(m.account_coupon_ended)}
                    </span>
                    <WatchButton courseId={course.courseId} />
                  </div>
                )}
              </div>
              <FavouriteButton
                courseId={course.courseId}
                title={course.title}
                initial
                onChange={() => void revalidator.revalidate()}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
