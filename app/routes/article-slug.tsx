import { data, redirect } from "react-router";
import { ArticleNotFound } from "../components/article-not-found";
import { ARTICLE_MESSAGES } from "../../core/article-rules";
import { articleIdFromSlug, articlePath } from "../../core/article-paths";
import { pageMeta, siteUrlFromMatches } from "../lib/seo";
import type { Route } from "./+types/article-slug";

/**
 * Readable article addresses (/articles/learn-python-fast-12) redirect permanently to the
 * canonical /article?id=12, whatever the words before the id: titles may change,
 * the id does not. Without an id at the end it is SPEC's "Article Not Found" (404).
 */
export function loader({ params }: Route.LoaderArgs) {
  const id = articleIdFromSlug(params.slugWithId);
  if (id === null) return data({ notFound: true }, { status: 404 });
  throw redirect(articlePath(id), 301);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: ARTICLE_MESSAGES.notFound,
    description: ARTICLE_MESSAGES.notFoundHint,
    siteUrl: siteUrlFromMatches(matches),
    path: "/articles",
    noIndex: true,
  });

export default function ArticleSlug() {
  return <ArticleNotFound />;
}
