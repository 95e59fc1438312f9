import { data, redirect } from "react-router";
import { ArticleNotFound } from "../components/article-not-found";
import * as m from "../../core/paraglide/messages";
import { localeOfPath, localizedHref } from "../../core/locale";
import { articleIdFromSlug, articlePath } from "../../core/article-paths";
import { pageMeta, siteUrlFromMatches } from "../lib/seo";
import type { Route } from "./+types/article-slug";

/**
 * Readable article addresses (/articles/learn-python-fast-12) redirect permanently to the
 * canonical /article?id=12, whatever the words before the id: titles may change,
 * the id does not. Without an id at the end it is SPEC's "Article Not Found" (404).
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const id = articleIdFromSlug(params.slugWithId);
  if (id === null) return data({ notFound: true }, { status: 404 });
  const locale = localeOfPath(new URL(request.url).pathname);
  throw redirect(localizedHref(locale, articlePath(id)), 301);
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  return pageMeta({
    locale,
    title: m.article_not_found({}, { locale }),
    description: m.article_not_found_hint({}, { locale }),
    siteUrl: siteUrlFromMatches(matches),
    path: "/articles",
    noIndex: true,
  });
};

export default function ArticleSlug() {
  return <ArticleNotFound />;
}
