import { data } from "react-router";
import { ALERT_TEXTS } from "../../core/alert-rules";
import {
  readUnsubscribeToken,
  unsubscribeByToken,
} from "../../server/domain/alerts/unsubscribe-tokens";
import { ValidationError } from "../../server/domain/errors";
import type { Route } from "./+types/alerts-unsubscribe";

type UnsubscribeView =
  { view: "confirm"; token: string } | { view: "done" } | { view: "invalid"; message: string };

const noStore = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/**
 * GET /alerts/unsubscribe?token=…: the e-mail's link, opened without signing in. It changes
 * nothing (mail scanners open links): it asks for one tap. A forged or altered token is a 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  try {
    await readUnsubscribeToken(context.services, token);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return data<UnsubscribeView>(
      { view: "invalid", message: error.message },
      { status: 400, headers: noStore },
    );
  }
  return data<UnsubscribeView>({ view: "confirm", token }, { headers: noStore });
}

/**
 * POST /alerts/unsubscribe?token=…: the page's button, or a mail client's one-click unsubscribe
 * (RFC 8058: body "List-Unsubscribe=One-Click", no cookie). Switches alert e-mails off.
 */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    await unsubscribeByToken(context.services, tokenOf(request));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return data<UnsubscribeView>(
      { view: "invalid", message: error.message },
      { status: 400, headers: noStore },
    );
  }
  return data<UnsubscribeView>({ view: "done" }, { headers: noStore });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Alert E-mails | Kursusku" },
  { name: "robots", content: "noindex" },
];

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Alert E-mails</h1>
      {view.view === "confirm" ? (
        <>
          <p className="mt-4 text-slate-700 dark:text-slate-200">
            Stop the alert e-mails about free courses?
          </p>
          <form
            method="post"
            action={`/alerts/unsubscribe?token=${encodeURIComponent(view.token)}`}
          >
            <button
              type="submit"
              className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white"
            >
              Unsubscribe
            </button>
          </form>
        </>
      ) : (
        <p className="mt-4 text-slate-700 dark:text-slate-200" data-testid="unsubscribe-result">
          {view.view === "done" ? ALERT_TEXTS.unsubscribed : view.message}
        </p>
      )}
      <a
        href="/"
        className="mt-8 inline-block text-sm text-brand-600 underline dark:text-brand-100"
      >
        Back to Courses
      </a>
    </section>
  );
}
