import { isUdemyHost } from "../../../core/udemy-course-url";
import { isUdemyCourseUrl, unwrapCourseUrl } from "./course-links";
import {
  MAX_REDIRECTS,
  readBodyText,
  redirectTarget,
  requestHop,
  type AddressGate,
} from "./http-fetch";

/**
 * Following an aggregator's link (its `/go/…` or `/out/…` page, a tracking redirect) to the
 * Udemy course it leads to, without trusting it: every hop is an http(s) URL that passes the
 * address gate, fetched by `requestHop` with a short timeout and a small size limit; the walk stops as
 * soon as a URL is (or unwraps to) a Udemy course URL, so Udemy itself is never requested. A loop,
 * too many hops or a page that leads nowhere fails the link, never the source.
 */
export type LinkFollowOptions = {
  /** Hops after the first request; MAX_REDIRECTS at most. */
  maxHops: number;
  /** Per hop, headers and body. */
  timeoutMs: number;
  /** Only read when a page might hold a `<meta http-equiv="refresh">`. */
  maxBytes: number;
  userAgent: string;
  /** The source's own headers (its referer…): its links are its requests too. */
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /**
   * Where hops may go: public addresses, and the source's own configured origin (a stand-in on
   * 127.0.0.1 in tests and drills). A feed must never make us probe our own network.
   */
  gate?: AddressGate;
};

export const DEFAULT_LINK_FOLLOW: Omit<LinkFollowOptions, "userAgent" | "signal"> = {
  maxHops: 5,
  timeoutMs: 5_000,
  maxBytes: 256 * 1024,
};

export type LinkFollowResult = { ok: true; url: string } | { ok: false; reason: string };

/** How many links one source run may still follow; shared by all its items. */
export type LinkFollowBudget = { remaining: number };

export function createLinkFollowBudget(follows: number): LinkFollowBudget {
  return { remaining: follows };
}

/**
 * The Udemy course URL `start` leads to. A link that unwraps to one (LinkShare `murl`, …) costs
 * no request and no budget; otherwise one unit of `budget` is spent on the walk.
 */
export async function followToCourseUrl(
  start: string,
  options: LinkFollowOptions,
  budget: LinkFollowBudget,
): Promise<LinkFollowResult> {
  const unwrapped = unwrapCourseUrl(start);
  if (isUdemyCourseUrl(unwrapped)) return { ok: true, url: unwrapped };
  if (!parseHttpUrl(unwrapped))
    return { ok: false, reason: `refused to follow ${describeUrl(unwrapped)}` };
  if (budget.remaining <= 0) return { ok: false, reason: "link-follow budget of this run used up" };
  budget.remaining -= 1;
  const maxHops = Math.min(MAX_REDIRECTS, Math.max(0, options.maxHops));
  const seen = new Set<string>();
  let current = unwrapped;
  for (let hop = 0; ; hop += 1) {
    const url = parseHttpUrl(current);
    if (!url) return { ok: false, reason: `refused to follow ${describeUrl(current)}` };
    if (seen.has(url.href)) return { ok: false, reason: `redirect loop at ${url.href}` };
    seen.add(url.href);
    if (hop > maxHops) return { ok: false, reason: `more than ${maxHops} redirects from ${start}` };
    let next: string | null;
    try {
      next = await readNextHop(url, options);
    } catch (error) {
      const reason = describeError(error, options.timeoutMs);
      return {
        ok: false,
        reason: reason.startsWith("refused") ? reason : `${url.href}: ${reason}`,
      };
    }
    if (next === null) return { ok: false, reason: `${url.href} leads to no Udemy course` };
    const target = unwrapCourseUrl(next);
    if (isUdemyCourseUrl(target)) return { ok: true, url: target };
    if (isUdemyHostUrl(target)) return { ok: false, reason: `${target} is not a Udemy course` };
    current = target;
  }
}

/** Udemy is never asked: a Udemy page that is not a course ends the walk. */
function isUdemyHostUrl(raw: string): boolean {
  const url = parseHttpUrl(raw);
  return url !== null && isUdemyHost(url.hostname);
}

function parseHttpUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

function describeUrl(raw: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw.trim())?.[1];
  return scheme ? `a ${scheme.toLowerCase()}: link` : `"${raw.slice(0, 80)}" (not a URL)`;
}

/** The next URL: a redirect's Location, a meta refresh, or null when the page ends the walk. */
async function readNextHop(url: URL, options: LinkFollowOptions): Promise<string | null> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const response = await requestHop(url, options.gate ?? {}, {
    signal,
    userAgent: options.userAgent,
    accept: "text/html;q=0.9, */*;q=0.5",
    headers: options.headers,
  });
  const redirect = await redirectTarget(response, url);
  if (redirect) return redirect.href;
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || !/html/i.test(type)) {
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return null;
  }
  const page = await readBodyText(
    response,
    options.maxBytes,
    () => new Error(`page larger than ${options.maxBytes} bytes`),
  );
  const refresh = metaRefreshTarget(page);
  return refresh === null ? null : new URL(refresh, url).href;
}

const META_TAG = /<meta\b[^>]*>/gi;

/** `<meta http-equiv="refresh" content="0; url=…">`, the way some aggregator pages redirect. */
export function metaRefreshTarget(html: string): string | null {
  for (const tag of html.match(META_TAG) ?? []) {
    if (!/http-equiv\s*=\s*["']?refresh/i.test(tag)) continue;
    const content = /content\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    const value = content?.[1] ?? content?.[2] ?? "";
    const target = /url\s*=\s*['"]?([^'"\s>]+)/i.exec(value)?.[1];
    if (target) return decodeAmpersands(target);
  }
  return null;
}

function decodeAmpersands(text: string): string {
  return text.replace(/&amp;/gi, "&");
}

function describeError(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === "TimeoutError") return `timed out after ${timeoutMs} ms`;
  if (name === "AbortError") return "aborted";
  const cause = (error as { cause?: { code?: string } } | null)?.cause?.code;
  return cause ? `network error: ${cause}` : (error as Error).message;
}
