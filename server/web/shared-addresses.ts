import type express from "express";
import {
  articleListHref,
  articlePath,
  parseArticleId,
  parseArticleListQuery,
} from "../../core/article-paths";
import { courseListHref, parseCourseFilters } from "../../core/course-filters";
import { localeOfPath, localizedHref, pathWithoutLocale } from "../../core/locale";

/**
 * Where `/go` answers an id that names no course (0 is no row's id, so the page is the not-found
 * page): it is rendered once and shared, so a flood of made-up ids costs no render each.
 */
export const MISSING_COURSE_OPENING_PATH = "/go/0";

/** The addresses whose not-found page (404) is kept and shared like a page that was found. */
export function sharesNotFoundPage(address: string): boolean {
  return address === MISSING_COURSE_OPENING_PATH;
}

/**
 * The address under which a public page is rendered once and shared, or null for any other path.
 * Queries that mean the same page give one address — parameter order, defaults, unknown
 * parameters such as a messenger's tracking tag — so forty ways of asking for the same search
 * share one render.
 */
export function sharedPageAddress(request: express.Request): string | null {
  // Each language's page is rendered and kept under its own address (/id/… for Indonesian).
  const english = englishAddress(pathWithoutLocale(request.path), queryOf(request));
  return english === null ? null : localizedHref(localeOfPath(request.path), english);
}

/** A request's query string as the pages read it. */
export function queryOf(request: Pick<express.Request, "originalUrl">): URLSearchParams {
  return new URLSearchParams(request.originalUrl.split("?")[1] ?? "");
}

function englishAddress(path: string, query: URLSearchParams): string | null {
  switch (path) {
    case "/":
      return courseListHref(parseCourseFilters(query));
    case "/articles":
      return articleListHref(parseArticleListQuery(query));
    case "/article": {
      const id = parseArticleId(query.get("id"));
      // Without a valid id the page is the not-found page, which is not shared anyway.
      return id === null ? null : articlePath(id);
    }
    case MISSING_COURSE_OPENING_PATH:
      return path;
    default:
      // A course page is its path; only a 200 is kept, so unknown slugs and redirects never are.
      // `/course/<slug>.data` is the page's loader data for a client-side navigation: never shared.
      return /^\/course\/[^/.]+$/.test(path) ? path : null;
  }
}
