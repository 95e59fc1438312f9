import { loadApiSource } from "./api-source";
import { fetchText, type FetchPolicy, type FetchTextOptions } from "./http-fetch";
import { parseRssFeed } from "./rss";
import type { SourceConfig } from "./source-config";
import { parseUdemyCouponFeed, type FeedParseResult } from "./udemy-json";

export type SourceLoadContext = {
  now: Date;
  /** Aborts the fetches (server shutdown). */
  signal?: AbortSignal;
};

/** One configured coupon source. `load` throws when the source as a whole is unusable. */
export type CouponSource = {
  name: string;
  kind: SourceConfig["kind"];
  load(context: SourceLoadContext): Promise<FeedParseResult>;
};

/** The coupon-feeds adapter: every configured source behind one interface. */
export type CouponFeeds = { sources: readonly CouponSource[] };

const ACCEPT: Record<SourceConfig["kind"], string> = {
  json: "application/json, */*;q=0.5",
  api: "application/json, */*;q=0.5",
  rss: "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5",
};

export function createCouponFeeds(
  configs: readonly SourceConfig[],
  policy: FetchPolicy,
  fetchOptions: Pick<FetchTextOptions, "sleep"> = {},
): CouponFeeds {
  return {
    sources: configs.map((config) => ({
      name: config.name,
      kind: config.kind,
      load: async (context) => {
        const get = async (url: string) =>
          (
            await fetchText(url, policy, {
              ...fetchOptions,
              accept: ACCEPT[config.kind],
              signal: context.signal,
            })
          ).text;
        return notAfter(await loadSource(config, get, context.now), context.now);
      },
    })),
  };
}

async function loadSource(
  config: SourceConfig,
  get: (url: string) => Promise<string>,
  now: Date,
): Promise<FeedParseResult> {
  switch (config.kind) {
    case "json": {
      const body = await get(config.url);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch (error) {
        throw new Error(`invalid JSON (${(error as Error).message})`, { cause: error });
      }
      return parseUdemyCouponFeed(json, {
        fallbackFoundAt: now,
        updateTimeOffset: config.updateTimeOffset,
      });
    }
    case "api":
      return loadApiSource(config, { now, get });
    case "rss":
      return parseRssFeed(await get(config.url), { now });
  }
}

/** A source's clock may run ahead of ours: a coupon is never found in the future. */
function notAfter(result: FeedParseResult, now: Date): FeedParseResult {
  for (const record of result.records) if (record.foundAt > now) record.foundAt = now;
  return result;
}

/** For the start-up log: "feed-a (json), deals (api)". */
export function describeCouponFeeds(feeds: CouponFeeds): string {
  return feeds.sources.length === 0
    ? "no sources (INGEST_SOURCES is empty)"
    : feeds.sources.map((source) => `${source.name} (${source.kind})`).join(", ");
}
