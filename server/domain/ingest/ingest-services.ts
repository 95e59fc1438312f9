import type { CouponFeeds } from "../../adapters/coupon-feeds/feeds";
import type { UdemyCheck } from "../../adapters/udemy-check/udemy-check";
import type { Services } from "../../services";

/** The ingest settings of `config.ingest` that the domain reads. */
export type IngestSettings = {
  /** A coupon its source has not shown for this many days leaves the list. */
  staleAfterDays: number;
  /** Coupons re-checked with Udemy per run (soonest to expire or run out first). */
  udemyCheckLimit: number;
  /**
   * Courses asked of Udemy's course API per run (never asked first, then older than a week);
   * FACTS_PER_RUN unless configured.
   */
  udemyFactsLimit?: number;
};

/** Udemy course-API questions per run when the configuration names no limit. */
export const FACTS_PER_RUN = 100;

export const DEFAULT_INGEST_SETTINGS: IngestSettings = {
  staleAfterDays: 3,
  udemyCheckLimit: 200,
  udemyFactsLimit: FACTS_PER_RUN,
};

export type IngestServices = Services & {
  config: Services["config"] & { ingest: IngestSettings };
  feeds: CouponFeeds;
  /** Null unless UDEMY_CHECK=true. */
  udemyCheck: UdemyCheck | null;
};

/**
 * Services as ingestion sees them. Services that carry no feeds (not configured, or built
 * without them) run with no sources, no validity check and the default settings; `overrides`
 * replace the adapters or settings (tests, tools).
 */
export function toIngestServices(
  services: Services,
  overrides: {
    feeds?: CouponFeeds;
    udemyCheck?: UdemyCheck | null;
    settings?: Partial<IngestSettings>;
  } = {},
): IngestServices {
  const given = services as Services &
    Partial<Pick<IngestServices, "feeds" | "udemyCheck">> & {
      config: { ingest?: Partial<IngestSettings> };
    };
  const ingest = { ...DEFAULT_INGEST_SETTINGS, ...given.config.ingest, ...overrides.settings };
  return {
    ...services,
    config: { ...services.config, ingest } as IngestServices["config"],
    feeds: overrides.feeds ?? given.feeds ?? { sources: [] },
    udemyCheck:
      overrides.udemyCheck !== undefined ? overrides.udemyCheck : (given.udemyCheck ?? null),
  };
}
