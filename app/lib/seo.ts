import type { MetaDescriptor } from "react-router";
import { LOCALES, localeOfPath, localizedHref, type Locale } from "../../core/locale";

export const SITE_NAME = "Kursusku";
export const DEFAULT_SHARE_IMAGE = "/og-default.png";

export type PageMetaInput = {
  /** Page name without the site name, e.g. "Privacy Policy". */
  title: string;
  description: string;
  /** Absolute site URL without a trailing slash (PUBLIC_SITE_URL). */
  siteUrl: string;
  /** Path and query of the canonical URL, e.g. "/privacy". */
  path: string;
  /** Share image: absolute URL or site path; defaults to the shipped image. */
  image?: string | null;
  type?: "website" | "article";
  /** JSON-LD objects to emit for this page. */
  jsonLd?: object[];
  noIndex?: boolean;
  /** The page's language: its canonical is its own address in it, the other names the alternates. */
  locale?: Locale;
};

const OPEN_GRAPH_LOCALE: Record<Locale, string> = { en: "en_US", id: "id_ID" };

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * The whole <head> of a page in one place: title, description, canonical, Open Graph, Twitter
 * card and JSON-LD, all rendered on the server so crawlers and link previews see them.
 */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const locale = input.locale ?? "en";
  const url = absoluteUrl(input.siteUrl, localizedHref(locale, input.path));
  const image = absoluteUrl(input.siteUrl, input.image || DEFAULT_SHARE_IMAGE);
  const fullTitle = `${input.title} | ${SITE_NAME}`;
  const descriptors: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: OPEN_GRAPH_LOCALE[locale] },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noIndex) descriptors.push({ name: "robots", content: "noindex" });
  else descriptors.push(...languageAlternates(input.siteUrl, input.path));
  for (const item of input.jsonLd ?? []) descriptors.push({ "script:ld+json": item });
  return descriptors;
}

/** Each language's address of the page, and English as the default for any other language. */
function languageAlternates(siteUrl: string, path: string): MetaDescriptor[] {
  const alternates = LOCALES.map((locale) => ({ hreflang: locale as string, locale }));
  return [...alternates, { hreflang: "x-default", locale: "en" as Locale }].map(
    ({ hreflang, locale }) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: hreflang,
      href: absoluteUrl(siteUrl, localizedHref(locale, path)),
    }),
  );
}

export type Crumb = { name: string; path: string };

/** schema.org BreadcrumbList; the first crumb is always Home. */
export function breadcrumbJsonLd(siteUrl: string, crumbs: Crumb[]): object {
  const all: Crumb[] = [{ name: "Home", path: "/" }, ...crumbs];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: all.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/** The site URL that the root loader exposes to every route's `meta`. */
export function siteUrlFromMatches(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
): string {
  const root = matches.find((match) => match?.id === "root")?.data as
    { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/** A message of the catalogue, as Paraglide compiles it: its text in the given language. */
type PageText = (inputs: Record<string, never>, options: { locale: Locale }) => string;

export type SimplePage = {
  /** The page's name (its <title> without the site name, and its breadcrumb). */
  title: PageText;
  description: PageText;
  /** The page's address in English; each language's own is derived from it. */
  path: string;
  noIndex?: boolean;
  /** The pages above this one in the breadcrumb, after Home. */
  parents?: { title: PageText; path: string }[];
};

/**
 * The meta of a page that is its name, a description and its place under Home: the title and
 * description in the page's language, the canonical and alternate addresses, and a breadcrumb
 * whose every step stays in that language.
 */
export function simplePageMeta(
  {
    matches,
    location,
  }: { matches: Parameters<typeof siteUrlFromMatches>[0]; location: { pathname: string } },
  page: SimplePage,
): MetaDescriptor[] {
  const siteUrl = siteUrlFromMatches(matches);
  const locale = localeOfPath(location.pathname);
  const title = page.title({}, { locale });
  const crumbs = [...(page.parents ?? []), { title: page.title, path: page.path }].map((crumb) => ({
    name: crumb.title({}, { locale }),
    path: localizedHref(locale, crumb.path),
  }));
  return pageMeta({
    locale,
    title,
    description: page.description({}, { locale }),
    siteUrl,
    path: page.path,
    noIndex: page.noIndex,
    jsonLd: [breadcrumbJsonLd(siteUrl, crumbs)],
  });
}
