import { isbot } from "isbot";
import { data, redirect } from "react-router";
import { findPublicCourse, listLiveCoursesInCategory } from "../../server/domain/catalog/catalog";
import {
  openCourse,
  quoteCourseOpening,
  type CourseOpener,
  type CourseOpeningQuote,
} from "../../server/domain/accounts/credits";
import {
  CouponEnded,
  ExampleCourse,
  NotFound,
  OutOfCredits,
} from "../../server/domain/common/errors";
import { answerLocale } from "../../server/web/answer-language";
import { createAnonymousCookie } from "../../server/web/cookies";
import { judgeNavigation, type NavigationRefusal } from "../../server/web/navigation-gate";
import type { RequestContext } from "../../server/load-context";
import { CouponEndedPage, type EndedCourse } from "../components/coupon-ended";
import { localizedHref, type Locale } from "../../core/locale";
import * as m from "../../core/paraglide/messages";
import { parseRowId } from "../../core/row-id";
import { goHref } from "../lib/course-opening";
import { signInHref } from "../lib/sign-in-href";
import { coursePath } from "../../core/course-paths";
import { goPageLocale } from "../lib/go-language";
import type { Route } from "./+types/go";
import { buttonClass } from "../components/ui/button";

const noStore = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * What the page shows, and in which language: /go has one address, so the language comes with
 * the data (goPageLocale), not from the address as on the site's pages.
 */
type GoView = { locale: Locale } & (
  | { view: "out-of-credits"; signedIn: boolean; coursePath: string | null }
  | { view: "confirm"; courseId: number; quote: CourseOpeningQuote }
  | { view: "refused"; refusal: NavigationRefusal }
  | { view: "ended"; signedIn: boolean; course: EndedCourse; alternatives: EndedCourse[] }
  | { view: "example"; title: string }
);

/** Live courses offered instead of one whose coupon has just run out. */
const ALTERNATIVES_SHOWN = 5;

/**
 * GET /go/:courseId — the only way to a coupon: spends a credit on the server
 * (free for a re-open the same day, premium, or an expired coupon), records the visit and the
 * click, and redirects to the coupon URL. Crawlers spend nothing and get no coupon.
 *
 * Only a top-level navigation spends: an <img> or other subresource, HEAD, prefetch and
 * prerender are refused, and a navigation started by another site gets a confirmation page
 * whose button is a same-origin navigation back here.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, identity } = context;
  const courseId = parseRowId(params.courseId);
  if (courseId === null) throw data(null, { status: 404, headers: noStore });

  if (isbot(request.headers.get("user-agent"))) {
    const course = await findPublicCourse(services, courseId);
    // A demo course's link is made up: a crawler has nothing to follow.
    if (!course || course.demo) throw data(null, { status: 404, headers: noStore });
    return redirect(course.link, { headers: noStore });
  }

  const locale = goPageLocale({ url: request.url, referer: request.headers.get("referer") }, () =>
    answerLocale({ acceptLanguage: request.headers.get("accept-language") }),
  );
  const verdict = judgeNavigation(request);
  if (verdict.kind === "refuse") {
    const headers = new Headers(noStore);
    if (verdict.status === 405) headers.set("Allow", "GET");
    return data<GoView>(
      { locale, view: "refused", refusal: verdict.refusal },
      { status: verdict.status, headers },
    );
  }

  const headers = new Headers(noStore);
  const opener = openerOf(context, headers);
  try {
    if (verdict.kind === "confirm") {
      // The cookie for a new anonymous visitor waits for the real open.
      const quote = await quoteCourseOpening(services, opener, courseId);
      return data<GoView>({ locale, view: "confirm", courseId, quote }, { headers: noStore });
    }
    // Refused already before React Router (server/web/course-opening.ts): shown, not tried again.
    if (context.courseOpening?.courseId === courseId) throw context.courseOpening.error;
    const opened = await openCourse(services, opener, courseId);
    return redirect(opened.location, { headers });
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404, headers: noStore });
    if (error instanceof ExampleCourse) {
      return data<GoView>({ locale, view: "example", title: error.course.title }, { headers });
    }
    if (error instanceof CouponEnded) {
      const alternatives = await listLiveCoursesInCategory(services, error.course.category, {
        excludeId: error.course.id,
        limit: ALTERNATIVES_SHOWN,
      });
      return data<GoView>(
        {
          locale,
          view: "ended",
          signedIn: identity.user !== null,
          course: error.course,
          alternatives: alternatives.map((course) => ({
            id: course.id,
            title: course.title,
            category: course.courseType,
            usesRemaining: course.usesRemaining,
          })),
        },
        { status: error.status, headers },
      );
    }
    if (error instanceof OutOfCredits) {
      const course = identity.user ? null : await findPublicCourse(services, courseId);
      return data<GoView>(
        {
          locale,
          view: "out-of-credits",
          signedIn: identity.user !== null,
          coursePath: course ? localizedHref(locale, coursePath(course.slug)) : null,
        },
        // The status each refusal carries is the domain's (errors.ts), the same as the API's.
        { status: error.status, headers },
      );
    }
    throw error;
  }
}

/** The signed-in user, else the anonymous visitor (a new one gets its cookie in `headers`). */
function openerOf(context: RequestContext, headers: Headers): CourseOpener {
  const { services, identity } = context;
  if (identity.user) return { kind: "user", userId: identity.user.id };
  let anonymousId = identity.anonymousId;
  if (!anonymousId) {
    const cookie = createAnonymousCookie(services.sessionSecret, identity.secureCookies);
    anonymousId = cookie.id;
    headers.append("Set-Cookie", cookie.header);
  }
  return { kind: "anonymous", anonymousId, ip: identity.ip };
}

/** The loader's headers (no-store, Allow, the anonymous cookie) on the rendered page too. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const TITLES: Record<GoView["view"], (inputs: object, options: { locale: Locale }) => string> = {
  "out-of-credits": m.credit_limit_title,
  confirm: m.writing_go_confirm_title,
  refused: m.writing_go_refused_title,
  ended: m.writing_go_ended_title,
  example: m.demo_go_title,
};

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: `${TITLES[data?.view ?? "out-of-credits"]({}, { locale: data?.locale ?? "en" })} | Kursusku`,
  },
  { name: "robots", content: "noindex" },
];

export default function GoPage({ loaderData }: Route.ComponentProps) {
  const { locale } = loaderData;
  switch (loaderData.view) {
    case "confirm":
      return (
        <ConfirmOpening courseId={loaderData.courseId} quote={loaderData.quote} locale={locale} />
      );
    case "refused":
      return <Refused refusal={loaderData.refusal} locale={locale} />;
    case "example":
      return <ExampleCoursePage title={loaderData.title} locale={locale} />;
    case "ended":
      return (
        <CouponEndedPage
          course={loaderData.course}
          alternatives={loaderData.alternatives}
          signedIn={loaderData.signedIn}
          locale={locale}
        />
      );
    default:
      return (
        <CreditLimitReached
          signedIn={loaderData.signedIn}
          coursePath={loaderData.coursePath}
          locale={locale}
        />
      );
  }
}

/** Why judgeNavigation (server/web/navigation-gate.ts) refused, in the page's language. */
const REFUSALS: Record<NavigationRefusal, typeof m.writing_go_refused_get_only> = {
  "get-only": m.writing_go_refused_get_only,
  prefetch: m.writing_go_refused_prefetch,
  "click-only": m.writing_go_refused_click_only,
};

/**
 * A link from another site: one more tap. A plain <a> (not React Router's <Link>, which would
 * fetch data in the background) makes the top-level, same-origin navigation that may spend; a
 * form would not do, as the policy's form-action 'self' blocks its redirect to the coupon.
 * `confirm=1` only marks the tap in logs: a same-origin navigation opens anyway, and another
 * site linking to it still gets this page.
 */
function ConfirmOpening({
  courseId,
  quote,
  locale,
}: {
  courseId: number;
  quote: CourseOpeningQuote;
  locale: Locale;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{m.writing_go_confirm_title({}, { locale })}</h1>
      <p className="mt-4 text-lg font-semibold" data-testid="go-course-title">
        {quote.title}
      </p>
      <p className="mt-2 text-slate-700 dark:text-slate-200" data-testid="go-course-cost">
        {(quote.cost === 0 ? m.writing_go_cost_free : m.writing_go_cost_one)({}, { locale })}
      </p>
      <a
        href={goHref(courseId, locale, { confirm: "1" })}
        rel="nofollow"
        className={buttonClass("primary", "large", "mt-8 inline-block")}
      >
        {m.writing_go_open({}, { locale })}
      </a>
      <br />
      <a
        href={localizedHref(locale, "/")}
        className="mt-4 inline-block text-sm text-brand-600 underline dark:text-brand-100"
      >
        {m.error_back_to_courses({}, { locale })}
      </a>
    </section>
  );
}

/** A demo course has no real coupon: the page says so instead of sending anyone anywhere. */
function ExampleCoursePage({ title, locale }: { title: string; locale: Locale }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="go-example">
      <h1 className="text-3xl font-bold">{m.demo_go_title({}, { locale })}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-200">
        {m.demo_go_text({ title }, { locale })}
      </p>
      <a
        href={localizedHref(locale, "/")}
        className={buttonClass("primary", "large", "mt-8 inline-block")}
      >
        {m.error_back_to_courses({}, { locale })}
      </a>
    </section>
  );
}

function Refused({ refusal, locale }: { refusal: NavigationRefusal; locale: Locale }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{m.writing_go_refused_title({}, { locale })}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-200">{REFUSALS[refusal]({}, { locale })}</p>
      <a
        href={localizedHref(locale, "/")}
        className={buttonClass("primary", "large", "mt-8 inline-block")}
      >
        {m.error_back_to_courses({}, { locale })}
      </a>
    </section>
  );
}

/**
 * Shown (in the new tab) when the server refuses to open a course for lack of credit. A visitor
 * gets a plain link to the sign-in that lands on the course's page, so one more tap opens it.
 */
function CreditLimitReached({
  signedIn,
  coursePath,
  locale,
}: {
  signedIn: boolean;
  coursePath: string | null;
  locale: Locale;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{m.credit_limit_title({}, { locale })}</h1>
      <div className="mt-4 text-slate-700 dark:text-slate-200">
        <p>{(signedIn ? m.credit_limit_member : m.credit_limit_visitor)({}, { locale })}</p>
      </div>
      <a
        href={localizedHref(locale, signedIn ? "/#redeem-section" : "/")}
        className={buttonClass("primary", "large", "mt-8 inline-block")}
      >
        {(signedIn ? m.credit_limit_redeem : m.error_back_to_courses)({}, { locale })}
      </a>
      {!signedIn && (
        <a
          href={signInHref(locale, coursePath ?? localizedHref(locale, "/"))}
          data-testid="go-sign-in"
          className="mt-8 ml-3 inline-block rounded-lg border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 dark:text-brand-100"
        >
          {m.sign_in({}, { locale })}
        </a>
      )}
    </section>
  );
}
