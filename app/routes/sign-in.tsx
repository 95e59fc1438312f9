import { redirect } from "react-router";
import { safeRedirectPath } from "../../server/web/redirects";
import { DevSignInForm, GoogleSignInButton } from "../components/sign-in";
import { useRootData } from "../components/use-root-data";
import { useMessages } from "../lib/i18n";
import { SIGN_IN_RETURN_FIELD } from "../lib/sign-in-href";
import { pageMeta, siteUrlFromMatches } from "../lib/seo";
import { localeOfPath, localizedHref } from "../../core/locale";
import { DAILY_TOP_UP_CREDITS } from "../../core/rules";
import * as m from "../../core/paraglide/messages";
import type { Route } from "./+types/sign-in";

/**
 * GET /sign-in?next=<site path>: the sign-in on a page of its own, so "sign in" can be a plain
 * link from anywhere (an out-of-credits course, the /go page, a phone without the menu's script)
 * and the learner lands back where they were. Someone already signed in goes straight back.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const home = localizedHref(localeOfPath(url.pathname), "/");
  const returnTo = safeRedirectPath(url.searchParams.get(SIGN_IN_RETURN_FIELD), home);
  if (context.identity.user) throw redirect(returnTo, { headers: { "Cache-Control": "no-store" } });
  return { returnTo };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  return pageMeta({
    locale,
    title: m.account_sign_in_page_title({}, { locale }),
    description: m.account_sign_in_page_lead({ credits: DAILY_TOP_UP_CREDITS }, { locale }),
    siteUrl: siteUrlFromMatches(matches),
    path: "/sign-in",
    noIndex: true,
  });
};

export default function SignInPage({ loaderData }: Route.ComponentProps) {
  const { t } = useMessages();
  const root = useRootData();
  const { returnTo } = loaderData;
  return (
    <section className="mx-auto max-w-md px-4 py-12" data-testid="sign-in-page">
      <h1 className="text-3xl font-bold">{t(m.account_sign_in_page_title)}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-200">
        {t(m.account_sign_in_page_lead, { credits: DAILY_TOP_UP_CREDITS })}
      </p>
      <div className="mt-6 flex flex-col items-start gap-3">
        {root?.auth.googleClientId && (
          <GoogleSignInButton
            clientId={root.auth.googleClientId}
            onSignedIn={() => window.location.assign(returnTo)}
          />
        )}
        {root?.auth.devSignIn && (
          <DevSignInForm inputId="sign-in-page-email" redirectTo={returnTo} />
        )}
      </div>
    </section>
  );
}
