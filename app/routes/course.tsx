import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import {
  findCourseBySlug,
  listCoursePageReviews,
  listSimilarCourses,
} from "../../server/domain/catalog/course-page";
import { listCourseMarks, reviewStateOf } from "../../server/domain/accounts/personal-layer";
import { findCouponHistory } from "../../server/domain/catalog/coupon-history";
import { CouponHistory } from "../components/coupon-history";
import { CouponStatus } from "../components/coupon-status";
import { CourseCard } from "../components/course-card";
import { CourseImage } from "../components/course-image";
import { CourseReviews } from "../components/course-reviews";
import { FavouriteButton } from "../components/favourite-button";
import { OwnCourseButton } from "../components/claim-forms";
import { ShareButton } from "../components/share-button";
import { usePersonalLayer, useViewer } from "../components/personal-layer";
import { WatchButton } from "../components/watch-button";
import { useRootData } from "../components/use-root-data";
import { ViewCourseButton } from "../components/view-course-button";
import { courseListHref } from "../../core/course-filters";
import { coursePath, parseCourseSlug } from "../../core/course-paths";
import { formatIndonesianDate, formatJakartaDayAndTime } from "../../core/dates";
import { formatRating } from "../../core/numbers";
import { taxonomyName } from "../../core/taxonomy-names";
import { isOutOfCredits } from "../../core/viewer";
import { formatCount, formatDuration, formatLevel } from "../lib/course-facts";
import { formatListPrice } from "../lib/course-price";
import {
  courseBreadcrumbJsonLd,
  courseJsonLd,
  courseMetaDescription,
  courseShareImage,
  courseSummary,
} from "../lib/course-seo";
import { absoluteUrl, pageMeta, siteUrlFromMatches } from "../lib/seo";
import type { Route } from "./+types/course";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { localeOfPath, localizedHref } from "../../core/locale";

/**
 * GET /course/:slug — a course's own page, listed or not: a course whose coupon ended keeps its
 * facts, reviews and coupon history and says the coupon has ended (indexed while it has a coupon
 * history to tell; a course never listed is not). A slug no
 * course has is 404; another spelling of a course's slug (capitals, an encoded character, a
 * trailing slash) is a permanent redirect to its one address.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = context;
  const slug = parseCourseSlug(params.slug);
  const course = slug === null ? null : await findCourseBySlug(services, slug);
  if (!course) throw data(null, { status: 404 });
  // The course's one address in the page's language.
  const path = localizedHref(localeOfPath(new URL(request.url).pathname), coursePath(course.slug));
  if (new URL(request.url).pathname !== path) throw redirect(path, 301);

  const [reviews, similar, couponHistory] = await Promise.all([
    listCoursePageReviews(services, course),
    listSimilarCourses(services, course),
    findCouponHistory(services, course.id),
  ]);
  const courseIds = [course.id, ...similar.map((item) => item.id)];
  if (context.sharedRender) {
    context.sharedRender.courseIds.push(...courseIds);
    context.sharedRender.reviewCourseId = course.id;
  }
  const user = context.identity.user;
  const [{ visitedCourseIds, favouriteCourseIds }, review] = await Promise.all([
    listCourseMarks(services, context.identity, courseIds),
    user
      ? reviewStateOf(services, user.id, course.id)
      : { reviewed: false, reviewsLeft: 0, own: null },
  ]);
  const { description, ...facts } = course;
  return {
    course: { ...facts, descriptionHtml: description.html },
    summary: courseSummary(course, description.text),
    reviews: reviews.map(({ rating, date, userName, review }) => ({
      rating,
      date,
      userName,
      review,
    })),
    similar,
    couponHistory,
    today: services.clock.today(),
    now: services.clock.now().toISOString(),
    visitedCourseIds,
    favouriteCourseIds,
    ...review,
    sharedRender: Boolean(context.sharedRender),
  };
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  if (!data) return [];
  const siteUrl = siteUrlFromMatches(matches);
  const { course, summary } = data;
  return pageMeta({
    locale: localeOfPath(location.pathname),
    title: course.title,
    description: courseMetaDescription(summary),
    siteUrl,
    path: coursePath(course.slug),
    image: courseShareImage(course, siteUrl),
    // An ended course's page still says how often and how long it was free; a course that was
    // never listed (a watched stub) has nothing worth a search result.
    noIndex: !course.listed && !data.couponHistory.summary,
    jsonLd: [courseJsonLd(course, summary, siteUrl), courseBreadcrumbJsonLd(course, siteUrl)],
  });
};

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, similar, today } = loaderData;
  const now = new Date(loaderData.now);
  const { t, href, locale } = useMessages();
  const viewer = useViewer();
  const siteUrl = useRootData()?.siteUrl ?? "";
  const layer = usePersonalLayer(loaderData.sharedRender);
  const visited = new Set(layer?.visitedCourseIds ?? loaderData.visitedCourseIds);
  const favourites = new Set(layer?.favouriteCourseIds ?? loaderData.favouriteCourseIds);
  const review = layer ? layer.review : loaderData;
  const facts: Array<[string, ReactNode]> = [];
  if (course.language)
    facts.push([t(m.course_fact_language), taxonomyName(course.language, locale)]);
  const level = formatLevel(course.level, locale);
  if (level) facts.push([t(m.course_fact_level), level]);
  const length = formatDuration(course.durationMinutes, locale);
  if (length) facts.push([t(m.course_fact_length), length]);
  if (course.udemyRating !== null) {
    const reviews =
      course.udemyReviews !== null
        ? ` ${t(m.course_fact_udemy_reviews, { count: formatCount(course.udemyReviews, locale) })}`
        : "";
    facts.push([
      t(m.course_fact_udemy_rating),
      `${formatRating(course.udemyRating, locale)}★${reviews}`,
    ]);
  }
  if (course.students !== null)
    facts.push([t(m.course_fact_students), formatCount(course.students, locale)]);
  if (course.lastUpdatedOn)
    facts.push([
      t(m.course_fact_last_updated),
      <time key="updated" dateTime={course.lastUpdatedOn}>
        {formatIndonesianDate(course.lastUpdatedOn)}
      </time>,
    ]);
  if (course.listPrice) {
    // An absolute end ("until 28 Nov 14.05 WIB"), not only a countdown that reads like a clock.
    const freeUntil =
      course.listed && course.expiresAt
        ? t(m.course_free_until, {
            end: formatJakartaDayAndTime(new Date(course.expiresAt), locale),
          })
        : null;
    facts.push([
      t(m.course_fact_list_price),
      <span key="price" data-testid="course-list-price">
        <span className={course.listed ? "line-through" : undefined}>
          {formatListPrice(course.listPrice, locale)}
        </span>
        {freeUntil && (
          <span className="block font-medium text-emerald-700 dark:text-emerald-300">
            {freeUntil}
          </span>
        )}
      </span>,
    ]);
  }
  facts.push([
    t(m.card_added),
    <time key="added" dateTime={course.date}>
      {formatIndonesianDate(course.date)}
    </time>,
  ]);

  return (
    // Keyed by course: moving to a similar course starts its page afresh (modal, heart, clock).
    <article key={course.id} className="mx-auto max-w-6xl px-4 pt-4 pb-12 md:pt-8">
      <nav
        aria-label={t(m.course_breadcrumb)}
        className="text-sm text-slate-600 dark:text-slate-300"
      >
        <ol className="flex flex-wrap items-center gap-x-1">
          <li>
            <Link
              to={href("/")}
              className="inline-flex min-h-11 min-w-11 items-center hover:underline"
            >
              {t(m.course_home)}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li>
            <Link
              to={href(courseListHref({ type: course.courseType }))}
              className="inline-flex min-h-11 min-w-11 items-center hover:underline"
            >
              {taxonomyName(course.courseType, locale)}
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li aria-current="page" className="min-w-0 truncate">
            {course.title}
          </li>
        </ol>
      </nav>

      <div className="mt-2 grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:gap-10">
        <div className="min-w-0">
          <CourseImage
            course={course}
            width={750}
            height={422}
            sizes="(min-width: 1152px) 640px, (min-width: 768px) 58vw, 100vw"
            priority
            className="w-full rounded-xl"
          />
        </div>

        <div className="min-w-0">
          <p className="flex flex-wrap gap-1.5 text-xs font-semibold">
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-brand-700 dark:bg-slate-800 dark:text-brand-100">
              {taxonomyName(course.courseType, locale)}
            </span>
            {course.subCategory && (
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                {taxonomyName(course.subCategory, locale)}
              </span>
            )}
          </p>
          <h1 className="mt-2 text-2xl leading-tight font-bold md:text-3xl">{course.title}</h1>
          {course.headline && (
            <p className="mt-2 text-slate-700 dark:text-slate-200">{course.headline}</p>
          )}
          {course.instructor && (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {t(m.course_by)} <span className="font-medium">{course.instructor}</span>
            </p>
          )}

          <dl
            className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
            data-testid="course-facts"
          >
            {facts.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="text-slate-600 dark:text-slate-300">{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>

          <div className="mt-5 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            {course.listed ? (
              <>
                <CouponStatus
                  expiresAt={course.expiresAt}
                  usesRemaining={course.usesRemaining}
                  checkedAt={course.checkedAt}
                  serverNow={loaderData.now}
                />
                <div className="mt-4">
                  <ViewCourseButton course={course} />
                </div>
              </>
            ) : (
              <div data-testid="coupon-ended">
                <p className="text-lg font-semibold">{t(m.course_coupon_ended)}</p>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  {t(m.course_coupon_ended_hint)}
                </p>
                <div className="mt-3">
                  <WatchButton courseId={course.id} />
                </div>
              </div>
            )}
            <div className="mt-3 flex flex-wrap items-center gap-2">
              {/* The heart pulls itself 8 px out (up, down, right) to sit in a card's corner. */}
              {/* A div: the heart is a <form>, which HTML does not allow inside a <span>. */}
              <div className="inline-flex py-2 pr-2">
                <FavouriteButton
                  courseId={course.id}
                  title={course.title}
                  initial={favourites.has(course.id)}
                  className="rounded-lg"
                />
              </div>
              <ShareButton
                replayKey="course-share"
                title={course.title}
                url={absoluteUrl(siteUrl, href(coursePath(course.slug)))}
                className="border border-slate-300 px-4 text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
              />
              <OwnCourseButton courseId={course.id} title={course.title} />
            </div>
          </div>
          <CouponHistory
            entries={loaderData.couponHistory.entries}
            summary={loaderData.couponHistory.summary}
          />
        </div>
      </div>

      {course.objectives.length > 0 && (
        <section aria-labelledby="learn-heading" className="mt-10 max-w-3xl">
          <h2 id="learn-heading" className="text-xl font-bold">
            {t(m.course_learn)}
          </h2>
          <ul
            className="mt-3 grid list-disc gap-x-8 gap-y-1 pl-6 text-slate-800 sm:grid-cols-2 dark:text-slate-200"
            data-testid="course-objectives"
          >
            {course.objectives.map((objective, index) => (
              <li key={index}>{objective}</li>
            ))}
          </ul>
        </section>
      )}

      {course.descriptionHtml && (
        <section aria-labelledby="about-heading" className="mt-10 max-w-3xl">
          <h2 id="about-heading" className="text-xl font-bold">
            {t(m.course_about)}
          </h2>
          <div
            className="course-description mt-3 space-y-3 text-slate-800 dark:text-slate-200 [&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-brand-100 [&_h3]:mt-4 [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
            // Sanitised on the server to a small safe subset (server/domain/course-description.ts).
            dangerouslySetInnerHTML={{ __html: course.descriptionHtml }}
          />
        </section>
      )}

      <div className="max-w-3xl">
        <CourseReviews
          course={course}
          reviews={loaderData.reviews}
          reviewed={review?.reviewed ?? false}
          reviewsLeft={review?.reviewsLeft ?? 0}
          ownReview={review?.own ?? null}
        />
      </div>

      {similar.length > 0 && (
        <section aria-labelledby="similar-heading" className="mt-12">
          <h2 id="similar-heading" className="text-xl font-bold">
            {t(m.course_similar)}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {similar.map((item) => (
              <li key={item.id}>
                <CourseCard
                  course={item}
                  today={today}
                  now={now}
                  visited={visited.has(item.id)}
                  outOfCredits={isOutOfCredits(viewer)}
                  favourited={favourites.has(item.id)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
