import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUdemy, type FakeUdemy } from "../tests/setup/fake-udemy";
import {
  COUPONLESS_COURSE_SLUG,
  startPresetFixtureSites,
  type PresetFixtureSites,
} from "../tests/setup/preset-fixture-sites";
import { createTestServices, type TestServices } from "../tests/setup/test-services";
import { COUPON_SOURCE_PRESET_NAMES } from "./adapters/coupon-feeds/presets";
import { courses, courseSources } from "./db/schema";
import { listedCondition } from "./domain/catalog/catalog";
import { toIngestServices, type IngestServices } from "./domain/ingest/ingest-services";
import { lastCatalogueRefresh } from "./domain/ingest/ingest-runs";
import { runRecheckTick } from "./domain/ingest/recheck-coupons";
import { ingestScheduleOf, startIngestScheduler } from "./scheduler";

/**
 * The live catalogue by default: every preset's site served from its fixtures on 127.0.0.1, the
 * default configuration with only the base addresses pointed at the fakes (the sources and
 * Udemy), and the run that start-up schedules in the background.
 */
let sites: PresetFixtureSites;
let udemy: FakeUdemy;
let harness: TestServices;
let services: IngestServices;

beforeAll(async () => {
  sites = await startPresetFixtureSites();
  udemy = await startFakeUdemy();
  udemy.set(COUPONLESS_COURSE_SLUG, { kind: "paid" });
  harness = await createTestServices({
    now: "2026-11-27T10:00:00+07:00",
    env: {
      INGEST_SOURCES: JSON.stringify(sites.sources),
      UDEMY_CHECK: "true",
      UDEMY_BASE_URL: udemy.baseUrl,
      UDEMY_IMAGE_BASE_URL: udemy.baseUrl,
    },
  });
  services = toIngestServices(harness.services);
}, 60_000);

afterAll(async () => {
  await harness?.close();
  await udemy?.close();
  await sites?.close();
});

const listedFrom = async (source: string) =>
  services.db
    .select({ link: courses.link })
    .from(courses)
    .innerJoin(courseSources, eq(courseSources.courseId, courses.id))
    .where(and(listedCondition(services), eq(courseSources.source, source)));

describe("the first run after start-up, on the default configuration", () => {
  it("runs every preset in the background and lists their coupons once Udemy confirmed them; a coupon-less link to a paid course is not listed", async () => {
    const config = harness.services.config;
    expect(config.ingest.udemyCheck).toBe(true);
    expect(config.ingest.cron).toBe("*/30 * * * *");
    expect(services.feeds.sources.map((source) => source.name)).toEqual(COUPON_SOURCE_PRESET_NAMES);

    const scheduler = startIngestScheduler(services, {
      ...ingestScheduleOf(config.ingest),
      startUpDelayMs: 100,
    });
    try {
      expect(await scheduler.startUpRun).toBe("ran");
    } finally {
      await scheduler.stop();
    }

    for (const preset of COUPON_SOURCE_PRESET_NAMES) {
      expect({ preset, listed: (await listedFrom(preset)).length > 0 }).toEqual({
        preset,
        listed: true,
      });
    }
    const couponless = await services.db
      .select({ active: courses.active })
      .from(courses)
      .where(eq(courses.link, `https://www.udemy.com/course/${COUPONLESS_COURSE_SLUG}/`));
    expect(couponless.filter((row) => row.active)).toEqual([]);
    expect(udemy.questions(COUPONLESS_COURSE_SLUG)).toBeGreaterThan(0);
    // Every listed coupon was confirmed by Udemy in this run.
    const listed = await services.db
      .select({ checkedAt: courses.checkedAt })
      .from(courses)
      .where(listedCondition(services));
    expect(listed.length).toBeGreaterThan(9);
    expect(listed.every((row) => row.checkedAt !== null)).toBe(true);
    expect(await lastCatalogueRefresh(services)).not.toBeNull();
  }, 120_000);

  it("the re-check tick asks again about coupons last confirmed hours ago and retires the ones Udemy says ended", async () => {
    const [course] = await listedFrom("couponami");
    const slug = new URL(course!.link).pathname.split("/")[2]!;
    udemy.set(slug, { kind: "expired" });
    harness.clock.advance(7 * 60 * 60 * 1000);
    const outcome = await runRecheckTick(services);
    expect(outcome?.invalid).toBeGreaterThanOrEqual(1);
    const [row] = await services.db
      .select({ active: courses.active })
      .from(courses)
      .where(eq(courses.link, course!.link));
    expect(row?.active).toBe(false);
  }, 60_000);
});
