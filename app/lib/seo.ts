import type { MetaDescriptor } from "react-router";

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
};

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * The whole <head> of a page in one place: title, description, canonical, Open Graph, Twitter
 * card and JSON-LD, all rendered on the server so crawlers and link previews see them.
 */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(input.siteUrl, input.path);
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
    { property: "og:locale", content: "id_ID" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noIndex) descriptors.push({ name: "robots", content: "noindex" });
  for (const item of input.jsonLd ?? []) descriptors.push({ "script:ld+json": item });
  return descriptors;
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
