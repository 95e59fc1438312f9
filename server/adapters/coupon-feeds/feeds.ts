import { loadApiSource } from "./api-source";
import { finaliseRecords } from "./finalise-records";
import { loadHtmlSource } from "./html-source";
import {
  fetchText,
  gateFor,
  parseJsonBody,
  type FetchPolicy,
  type FetchTextOptions,
  type PageValidators,
} from "./http-fetch";
import {
  createLinkFollowBudget,
  DEFAULT_LINK_FOLLOW,
  followToCourseUrl,
  type LinkFollowOptions,
} from "./link-follower";
import { parseRssFeed } from "./rss";
import type { SourceConfig } from "./source-config";
import { parseUdemyCouponFeed, type FeedParseResult } from "./udemy-json";
import { loadWordPressSource } from "./wordpress-source";

/** A source's first page (its feed, list or API page 1) and what its last full answer said. */
export type FirstPageValidators = PageValidators & { url: string };

export type SourceLoadContext = {
  now: Date;
  /** Aborts the fetches (server shutdown). */
  signal?: AbortSignal;
  /**
   * The first page's validators from the last full read: its request is then conditional, and a
   * 304 ends the load at once with `notModified` (no other page, detail or link is fetched).
   */
  validators?: FirstPageValidators;
};

export type SourceLoadResult = FeedParseResult & {
  /** The first page answered 304 Not Modified: nothing was read, `records` is empty. */
  notModified?: boolean;
  /** The first page's validators in this answer (null when it sent none), to keep for next time. */
  validators?: FirstPageValidators | null;
};

/** Thrown by the first page's fetch on a 304 (loaders wrap it; `load` knows by its flag). */
class FirstPageNotModified extends Error {}

/**
 * One configured coupon source. `load` throws when the source as a whole is unusable (its
 * message says "format changed?" when the site answers in another shape). Every record it
 * returns has a canonical Udemy course URL: aggregator links are already followed inside `load`.
 */
export type CouponSource = {
  name: string;
  kind: SourceConfig["kind"];
  /** The preset the source came from, when it did. */
  preset?: string;
  load(context: SourceLoadContext): Promise<SourceLoadResult>;
};

/** The coupon-feeds adapter: every configured source behind one interface. */
export type CouponFeeds = { sources: readonly CouponSource[] };

const ACCEPT: Record<SourceConfig["kind"], string> = {
  json: "application/json, */*;q=0.5",
  api: "application/json, */*;q=0.5",
  rss: "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5",
  wordpress: "application/json, */*;q=0.5",
  html: "text/html, application/xhtml+xml;q=0.9, */*;q=0.5",
};

/** Aggregator links one source run may follow to Udemy (each walk is up to 5 redirects). */
export const MAX_LINK_FOLLOWS_PER_RUN = 40;

export type CouponFeedsOptions = Pick<FetchTextOptions, "sleep"> & {
  /** Tests shorten the per-hop timeout or shrink the budget. */
  linkFollow?: Partial<Omit<LinkFollowOptions, "userAgent" | "signal">> & { perRun?: number };
};

export function createCouponFeeds(
  configs: readonly SourceConfig[],
  policy: FetchPolicy,
  options: CouponFeedsOptions = {},
): CouponFeeds {
  const { linkFollow = {}, ...fetchOptions } = options;
  return {
    sources: configs.map((config) => ({
      name: config.name,
      kind: config.kind,
      ...(config.preset === undefined ? {} : { preset: config.preset }),
      load: async (context) => {
        // The operator's own address for the source may be local; nothing it leads to may be.
        const tokenUrl = config.kind === "html" ? config.token?.url : undefined;
        const gate = gateFor(config.url, ...(tokenUrl === undefined ? [] : [tokenUrl]));
        // Every loader fetches its first page first: only that request is conditional.
        let firstPage: FirstPageValidators | null = null;
        let askedFirst = false;
        let notModified = false;
        // A POST (an API taking its page in the body) is never conditional; nor is a list behind
        // a token, whose first page is the token's, unchanged while the list moves on.
        const get = async (url: string, json?: unknown) => {
          const first = !askedFirst;
          askedFirst = true;
          const conditional = first && json === undefined && tokenUrl === undefined;
          const known =
            conditional && context.validators?.url === url ? context.validators : undefined;
          const answer = await fetchText(url, policy, {
            ...fetchOptions,
            accept: ACCEPT[config.kind],
            headers: config.headers,
            signal: context.signal,
            gate,
            ...(known ? { validators: known } : {}),
            ...(json === undefined ? {} : { json }),
          });
          if (first) {
            const { etag, lastModified } = answer.validators;
            firstPage =
              conditional && (etag || lastModified) ? { url, ...answer.validators } : null;
            if (answer.notModified) {
              notModified = true;
              throw new FirstPageNotModified("first page not modified");
            }
          }
          return answer.text;
        };
        const budget = createLinkFollowBudget(linkFollow.perRun ?? MAX_LINK_FOLLOWS_PER_RUN);
        const follow: LinkFollowOptions = {
          ...DEFAULT_LINK_FOLLOW,
          timeoutMs: Math.min(DEFAULT_LINK_FOLLOW.timeoutMs, policy.timeoutMs),
          gate,
          ...linkFollow,
          userAgent: policy.userAgent,
          headers: config.headers,
          signal: context.signal,
        };
        let loaded: FeedParseResult;
        try {
          loaded = await loadSource(config, get, context.now);
        } catch (error) {
          if (notModified) return { records: [], rejected: [], notModified: true };
          throw error;
        }
        const finalised = await finaliseRecords(loaded, (url) =>
          followToCourseUrl(url, follow, budget),
        );
        return { ...notAfter(finalised, context.now), validators: firstPage };
      },
    })),
  };
}

async function loadSource(
  config: SourceConfig,
  get: (url: string, json?: unknown) => Promise<string>,
  now: Date,
): Promise<FeedParseResult> {
  switch (config.kind) {
    case "json": {
      return parseUdemyCouponFeed(parseJsonBody(await get(config.url)), {
        fallbackFoundAt: now,
        updateTimeOffset: config.updateTimeOffset,
      });
    }
    case "api":
      return loadApiSource(config, { now, get });
    case "rss":
      return parseRssFeed(await get(config.url), { now });
    case "wordpress":
      return loadWordPressSource(config, { now, get });
    case "html":
      return loadHtmlSource(config, { now, get });
  }
}

/** A source's clock may run ahead of ours: a coupon is never found in the future. */
function notAfter(result: FeedParseResult, now: Date): FeedParseResult {
  for (const record of result.records) if (record.foundAt > now) record.foundAt = now;
  return result;
}

/** For the start-up log: "feed-a (json), real-discount (api preset), rd2 (api preset real-discount)". */
export function describeCouponFeeds(feeds: CouponFeeds): string {
  return feeds.sources.length === 0
    ? "no sources (INGEST_SOURCES is empty)"
    : feeds.sources.map(describeSource).join(", ");
}

function describeSource(source: CouponSource): string {
  if (source.preset === undefined) return `${source.name} (${source.kind})`;
  const from = source.preset === source.name ? "" : ` ${source.preset}`;
  return `${source.name} (${source.kind} preset${from})`;
}
