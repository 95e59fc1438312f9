import { data, Link } from "react-router";
import { findSavedSearchByFeedToken } from "../../server/domain/alerts/saved-searches";
import { CopyField } from "../components/copy-field";
import { describeSearch } from "../lib/account-labels";
import { useMessages } from "../lib/i18n";
import { pageMeta, siteUrlFromMatches } from "../lib/seo";
import { localeOfPath } from "../../core/locale";
import * as m from "../../core/paraglide/messages";
import type { Route } from "./+types/alerts-feed-help";

/** The address holds the feed's only key: never cached by others, never sent on as a referrer. */
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
};

/**
 * /alerts/feed-help/:token: what the dashboard's "Private feed" opens. A browser shows an Atom
 * feed as raw XML, so the learner gets this page instead: what a feed reader is, the feed's
 * address with a copy button, and the raw feed one tap further (decision 0036). The token is the
 * key, as for the feed itself: an unknown or renewed one is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const search = await findSavedSearchByFeedToken(context.services, params.token);
  if (!search) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  return data(
    {
      feedUrl: `${context.services.config.publicSiteUrl}/alerts/feed/${params.token}`,
      search: {
        search: search.search,
        type: search.category,
        language: search.language,
        rating: search.minRating,
      },
    },
    { headers: PRIVATE_HEADERS },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, location, params }) => {
  const locale = localeOfPath(location.pathname);
  return pageMeta({
    locale,
    title: m.account_feed_help_title({}, { locale }),
    description: m.account_feed_help_meta_description({}, { locale }),
    siteUrl: siteUrlFromMatches(matches),
    path: `/alerts/feed-help/${params.token}`,
    noIndex: true,
  });
};

export default function AlertsFeedHelp({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useMessages();
  const { feedUrl, search } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t(m.account_feed_help_title)}</h1>
      <p className="mt-4">
        {t(m.account_feed_help_intro, { search: describeSearch(search, locale) })}
      </p>
      <p className="mt-3">{t(m.account_feed_help_what)}</p>
      <CopyField
        className="mt-6"
        value={feedUrl}
        label={t(m.account_feed_help_address)}
        copyLabel={t(m.account_feed_help_copy)}
        copiedText={t(m.account_feed_help_copied)}
        failedText={t(m.account_feed_help_copy_failed)}
      />
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        {t(m.account_feed_help_private)}
      </p>
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <a href={feedUrl} className="inline-flex min-h-11 items-center underline">
          {t(m.account_feed_help_raw)}
        </a>
        <Link
          to={href("/dashboard?tab=alerts")}
          className="inline-flex min-h-11 items-center underline"
        >
          {t(m.account_feed_help_back)}
        </Link>
      </p>
    </section>
  );
}
