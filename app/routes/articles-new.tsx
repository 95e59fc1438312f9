import { data, Link, redirect } from "react-router";
import {
  ArticleRejected,
  describeArticleEligibility,
  submitArticle,
} from "../../server/domain/articles/articles";
import { takeAiRateLimit } from "../../server/domain/ai/ai-rate-limits";
import { DomainError } from "../../server/domain/common/errors";
import { flashCookie } from "../../server/web/cookies";
import { readBodyUpTo } from "../../server/web/bounded-body";
import { UPLOAD_BODY_LIMIT } from "../../server/web/form-bodies";
import { ArticleForm, type ArticleActionResult } from "../components/article-form";
import { ARTICLE_MESSAGES } from "../../core/article-rules";
import { localeOfPath, localizedHref, type Locale } from "../../core/locale";
import * as m from "../../core/paraglide/messages";
import { articleFieldMessages, articleMessage, FORM_UNREADABLE } from "../lib/article-messages";
import { useMessages } from "../lib/i18n";
import { simplePageMeta } from "../lib/seo";
import { useRootData } from "../components/use-root-data";
import type { Route } from "./+types/articles-new";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, identity } = context;
  // The server decides who may write (premium and app users) and how long the cooldown still runs.
  return describeArticleEligibility(services, identity);
}

class BodyTooLarge extends Error {}

/** request.formData() within the article form's limit (a 2 MB cover plus the text fields). */
async function readFormData(request: Request): Promise<FormData> {
  const body = await readBodyUpTo(request, UPLOAD_BODY_LIMIT);
  if (body === null) throw new BodyTooLarge();
  return new Request(request.url, {
    method: "POST",
    headers: request.headers,
    body: new Uint8Array(body),
  }).formData();
}

/**
 * A refusal in the page's language: the form posts to its own page (/articles/new or
 * /id/articles/new), whose address says the language; the rules answer in English.
 */
function refusal(result: ArticleActionResult, status: number, locale: Locale) {
  return data(
    {
      ...result,
      formError: articleMessage(result.formError, locale),
      fieldErrors: articleFieldMessages(result.fieldErrors, locale),
    },
    { status },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, identity } = context;
  const locale = localeOfPath(new URL(request.url).pathname);
  if (!identity.user) {
    return refusal(
      { formError: ARTICLE_MESSAGES.signInRequired, fieldErrors: {}, values: null },
      401,
      locale,
    );
  }
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    const tooLarge = error instanceof BodyTooLarge;
    const message = tooLarge ? ARTICLE_MESSAGES.imageTooLarge : FORM_UNREADABLE;
    return refusal(
      { formError: message, fieldErrors: tooLarge ? { image: message } : {}, values: null },
      tooLarge ? 413 : 400,
      locale,
    );
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { title: text("title"), content: text("content"), author: text("author") };
  const file = form.get("image");
  const image =
    file instanceof Blob && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;

  try {
    // A submission runs the AI checks again: it counts against the viewer's AI budget.
    await takeAiRateLimit(services, identity);
    const result = await submitArticle(
      services,
      { user: identity.user, isAppClient: identity.isAppClient },
      { ...values, image, locale },
    );
    // A published article sends the writer back to the list, where it is first.
    return redirect(localizedHref(locale, "/articles"), {
      status: 303,
      headers: {
        "Set-Cookie": flashCookie(
          { type: "success", message: articleMessage(result.message, locale) },
          identity.secureCookies,
          request,
        ),
      },
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refusal(
      {
        formError: error.message,
        fieldErrors: error instanceof ArticleRejected ? error.fieldErrors : {},
        values,
      },
      error.status,
      locale,
    );
  }
}

export const meta: Route.MetaFunction = (args) =>
  simplePageMeta(args, {
    title: m.writing_title,
    description: m.writing_meta_description,
    path: "/articles/new",
    noIndex: true,
    parents: [{ title: m.articles_title, path: "/articles" }],
  });

export default function NewArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useMessages();
  return (
    <section aria-labelledby="new-article-heading" className="mx-auto max-w-3xl px-4 py-10">
      <Link
        to={href("/articles")}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-600 hover:text-brand-700 dark:text-brand-100"
      >
        <span aria-hidden="true">←</span> {t(m.article_back)}
      </Link>
      <h1 id="new-article-heading" className="mt-4 text-3xl font-bold">
        {t(m.writing_title)}
      </h1>
      {loaderData.eligible ? (
        <>
          <p className="mt-2 mb-6 text-slate-600 dark:text-slate-300">{t(m.writing_intro)}</p>
          <ArticleForm
            fixedAuthor={loaderData.fixedAuthor}
            cooldownRemainingMs={loaderData.cooldownRemainingMs}
            actionData={actionData}
          />
        </>
      ) : (
        <NotEligible signedIn={loaderData.signedIn} />
      )}
    </section>
  );
}

const actionClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold";

/**
 * Not a dead end: says how to become a writer (a premium code, or the app) and leads there.
 * The redeem section asks a visitor to sign in first, so the same link serves both.
 */
function NotEligible({ signedIn }: { signedIn: boolean }) {
  const apkAvailable = useRootData()?.apkAvailable ?? false;
  const { t, href } = useMessages();
  return (
    <div className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <p className="font-semibold">{t(m.writing_rule_not_eligible)}</p>
      <p className="mt-2 text-sm">
        {t(signedIn ? m.writing_how_signed_in : m.writing_how_visitor)}
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
        <li>{t(signedIn ? m.writing_premium_signed_in : m.writing_premium_visitor)}</li>
        <li>{t(apkAvailable ? m.writing_app_available : m.writing_app_soon)}</li>
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={href("/#redeem-section")}
          className={`${actionClass} bg-brand-600 text-white hover:bg-brand-700`}
        >
          {t(m.writing_redeem_premium)}
        </a>
        <Link
          to={href("/downloads")}
          className={`${actionClass} border border-amber-400 bg-white text-amber-900 hover:bg-amber-100 dark:bg-transparent dark:text-amber-100 dark:hover:bg-amber-900`}
        >
          {t(apkAvailable ? m.writing_get_app : m.writing_about_app_soon)}
        </Link>
      </div>
    </div>
  );
}
