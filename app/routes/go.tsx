import { isbot } from "isbot";
import { data, redirect } from "react-router";
import { findPublicCourse } from "../../server/domain/catalog";
import { openCourse, type CourseOpener } from "../../server/domain/credits";
import { NotFound, OutOfCredits } from "../../server/domain/errors";
import { createAnonymousCookie } from "../../server/web/cookies";
import { CreditLimitText } from "../components/course-opener";
import type { Route } from "./+types/go";

const noStore = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * GET /go/:courseId — the only way to a coupon (DESIGN.md §5): spends a credit on the server
 * (free for a re-open the same day, premium, or an expired coupon), records the visit and the
 * click, and redirects to the coupon URL. Crawlers spend nothing and get no coupon.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, identity } = context;
  const courseId = Number(params.courseId);
  if (!Number.isSafeInteger(courseId) || courseId <= 0) throw data(null, { status: 404 });

  if (isbot(request.headers.get("user-agent"))) {
    const course = await findPublicCourse(services, courseId);
    if (!course) throw data(null, { status: 404 });
    return redirect(course.link, { headers: noStore });
  }

  const headers = new Headers(noStore);
  let opener: CourseOpener;
  if (identity.user) {
    opener = { kind: "user", userId: identity.user.id };
  } else {
    let anonymousId = identity.anonymousId;
    if (!anonymousId) {
      const cookie = createAnonymousCookie(services.sessionSecret, identity.secureCookies);
      anonymousId = cookie.id;
      headers.append("Set-Cookie", cookie.header);
    }
    opener = { kind: "anonymous", anonymousId, ip: identity.ip };
  }

  try {
    const opened = await openCourse(services, opener, courseId);
    return redirect(opened.location, { headers });
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    if (error instanceof OutOfCredits) {
      return data({ signedIn: identity.user !== null }, { status: 403, headers });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Credit Limit Reached | Kursusku" },
  { name: "robots", content: "noindex" },
];

/** Shown (in the new tab) when the server refuses to open a course for lack of credit. */
export default function CreditLimitReached({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Credit Limit Reached</h1>
      <div className="mt-4 text-slate-700 dark:text-slate-200">
        <CreditLimitText signedIn={loaderData.signedIn} />
      </div>
      <a
        href={loaderData.signedIn ? "/#redeem-section" : "/"}
        className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white"
      >
        {loaderData.signedIn ? "Redeem a Code" : "Back to Courses"}
      </a>
    </section>
  );
}
