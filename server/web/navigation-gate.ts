/**
 * Whether a request to a GET that spends (/go/:courseId) is a person opening the page.
 *
 * A GET can be fired by anything that names a URL: an <img> in an article, a prefetch or
 * prerender, a HEAD from a link checker, a link in a chat app. Only a top-level navigation may
 * spend. Browsers say what a request is for in fetch-metadata headers (Sec-Fetch-*) and in the
 * purpose headers of speculative loads; requests without them (old browsers, curl, the Android
 * app) are taken as navigations, as before.
 */
export type NavigationVerdict =
  /** A top-level navigation from this site, a bookmark, a typed address or an old client. */
  | { kind: "open" }
  /** A top-level navigation started by another site: ask before spending. */
  | { kind: "confirm" }
  /** Not a navigation at all: spend nothing, reveal nothing. */
  | { kind: "refuse"; status: 403 | 405; refusal: NavigationRefusal };

/** Why a request may not open a course; the page words each in the visitor's language. */
export type NavigationRefusal = "get-only" | "prefetch" | "click-only";

type RequestFacts = { method: string; headers: Pick<Headers, "get"> };

/** Speculative loads announce themselves with one of these (header name → words). */
const SPECULATIVE_MARKERS: Array<[string, RegExp]> = [
  ["sec-purpose", /\b(prefetch|prerender)\b/i],
  ["purpose", /\b(prefetch|prerender|preview)\b/i],
  ["x-moz", /\bprefetch\b/i],
  ["x-purpose", /\b(preview|prefetch|prerender)\b/i],
];

/** Another site (or a sibling subdomain) started the navigation: its link, its form, its script. */
const FOREIGN_SITES = new Set(["cross-site", "same-site"]);

export function judgeNavigation(request: RequestFacts): NavigationVerdict {
  // Express hands HEAD to GET handlers: a HEAD would run the spending path with no body to show.
  if (request.method !== "GET") {
    return { kind: "refuse", status: 405, refusal: "get-only" };
  }
  if (isSpeculative(request.headers)) {
    return { kind: "refuse", status: 403, refusal: "prefetch" };
  }
  const destination = request.headers.get("sec-fetch-dest");
  if (destination !== null && destination !== "document") {
    return { kind: "refuse", status: 403, refusal: "click-only" };
  }
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && FOREIGN_SITES.has(site)) return { kind: "confirm" };
  return { kind: "open" };
}

function isSpeculative(headers: RequestFacts["headers"]): boolean {
  return SPECULATIVE_MARKERS.some(([name, words]) => words.test(headers.get(name) ?? ""));
}
