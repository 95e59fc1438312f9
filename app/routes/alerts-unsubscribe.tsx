import { data } from "react-router";
import { localizedHref, type Locale } from "../../core/locale";
import * as m from "../../core/paraglide/messages";
import {
  readUnsubscribeToken,
  unsubscribeByToken,
} from "../../server/domain/alerts/unsubscribe-tokens";
import { ValidationError } from "../../server/domain/common/errors";
import { answerLocale } from "../../server/web/answer-language";
import type { Route } from "./+types/alerts-unsubscribe";
import { Button } from "../components/ui/button";

type UnsubscribeView = { locale: Locale } & (
  { view: "confirm"; token: string } | { view: "done" } | { view: "invalid" }
);

const noStore = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/**
 * This page has one address (an e-mail's link), so its language is the link's `lang` if it names
 * one, else the browser's (Accept-Language), else English.
 */
function localeOf(request: Request): Locale {
  return answerLocale({
    explicit: new URL(request.url).searchParams.get("lang"),
    acceptLanguage: request.headers.get("accept-language"),
  });
}

/**
 * GET /alerts/unsubscribe?token=…: the e-mail's link, opened without signing in. It changes
 * nothing (mail scanners open links): it asks for one tap. A forged or altered token is a 400.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const locale = localeOf(request);
  try {
    await readUnsubscribeToken(context.services, token);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return data<UnsubscribeView>({ locale, view: "invalid" }, { status: 400, headers: noStore });
  }
  return data<UnsubscribeView>({ locale, view: "confirm", token }, { headers: noStore });
}

/**
 * POST /alerts/unsubscribe?token=…: the page's button, or a mail client's one-click unsubscribe
 * (RFC 8058: body "List-Unsubscribe=One-Click", no cookie). Switches alert e-mails off.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(request);
  try {
    await unsubscribeByToken(context.services, tokenOf(request));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return data<UnsubscribeView>({ locale, view: "invalid" }, { status: 400, headers: noStore });
  }
  return data<UnsubscribeView>({ locale, view: "done" }, { headers: noStore });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = ({ data: view }) => [
  { title: `${m.account_unsubscribe_title({}, { locale: view?.locale ?? "en" })} | Kursusku` },
  { name: "robots", content: "noindex" },
];

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const { locale } = view;
  // The address has no /id, so the page's language is marked here rather than by <html lang>.
  return (
    <section lang={locale} className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{m.account_unsubscribe_title({}, { locale })}</h1>
      {view.view === "confirm" ? (
        <>
          <p className="mt-4 text-slate-700 dark:text-slate-200">
            {m.account_unsubscribe_question({}, { locale })}
          </p>
          <form
            method="post"
            action={`/alerts/unsubscribe?token=${encodeURIComponent(view.token)}&lang=${locale}`}
          >
            <Button variant="primary" size="large" className="mt-8 inline-block" type="submit">
              {m.account_unsubscribe_button({}, { locale })}
            </Button>
          </form>
        </>
      ) : (
        <p className="mt-4 text-slate-700 dark:text-slate-200" data-testid="unsubscribe-result">
          {view.view === "done"
            ? m.account_unsubscribed({}, { locale })
            : m.account_unsubscribe_invalid({}, { locale })}
        </p>
      )}
      <a
        href={localizedHref(locale, "/")}
        className="mt-8 inline-block text-sm text-brand-600 underline dark:text-brand-100"
      >
        {m.error_back_to_courses({}, { locale })}
      </a>
    </section>
  );
}
