import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseCoverPath } from "../../../core/course-cover";
import { startFakeImageHost, type FakeImageHost } from "../../../tests/setup/fake-image-host";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { COURSE_IMAGE_SIZES, courseImageFile } from "../../../core/course-images";
import { courses, retiredCourseImages } from "../../db/schema";
import { findPublicCourse } from "../catalog/catalog";
import { toIngestServices } from "./ingest-services";
import { IMAGE_KEPT_AFTER_GONE_DAYS, RETIRED_IMAGE_GRACE_DAYS } from "./retired-course-images";
import { runIngest } from "./run-sources";

const NOW = "2026-11-27T10:00:00+07:00";
let host: FakeImageHost;
let uploads: string;
let harness: TestServices;

beforeAll(async () => {
  host = await startFakeImageHost();
  uploads = await mkdtemp(path.join(tmpdir(), "kursusku-course-images-"));
  harness = await createTestServices({
    now: NOW,
    env: { UDEMY_IMAGE_BASE_URL: host.base, UPLOADS_DIR: uploads },
  });
});

afterAll(async () => {
  await harness?.close();
  await host?.close();
  await rm(uploads, { recursive: true, force: true });
});

let sequence = 0;
async function listedCourse(imageUrl: string | null): Promise<number> {
  sequence += 1;
  const [row] = await harness.services.db
    .insert(courses)
    .values({
      slug: `image-course-${sequence}`,
      title: `Image Course ${sequence}`,
      link: `https://www.udemy.com/course/image-course-${sequence}/`,
      category: "Design",
      date: "2026-11-27",
      source: "test",
      imageUrl,
    })
    .returning({ id: courses.id });
  return row!.id;
}

const row = async (id: number) =>
  (await harness.services.db.select().from(courses).where(eq(courses.id, id)))[0]!;

describe("course images copied by the ingest", () => {
  it("stores a fetched photo in every width, once; bad images are refused and keep the drawn cover", async () => {
    const photo = await listedCourse(`${host.base}/photo.jpg`);
    const refused = {
      huge: await listedCourse(`${host.base}/huge.jpg`),
      svg: await listedCourse(`${host.base}/image.svg`),
      text: await listedCourse(`${host.base}/notes.txt`),
      offCdn: await listedCourse("https://evil.example/course/750x422/1_a.jpg"),
    };
    const broken = await listedCourse(`${host.base}/broken`);
    const none = await listedCourse(null);

    const summary = await runIngest(toIngestServices(harness.services));
    // A refused image is no fault of the run: the course shows its drawn cover.
    expect(summary.errors).toEqual([]);

    // The photo: our three WebP copies in the image store, the course names the card's one.
    const stored = await row(photo);
    expect(stored.imageKey).toMatch(/^course-[0-9a-f]{24}$/);
    for (const [width, height] of [
      [240, 135],
      [480, 270],
      [750, 422],
    ] as const) {
      const file = await harness.services.images.get(`${stored.imageKey}-${width}.webp`);
      expect(file?.contentType).toBe("image/webp");
      const metadata = await sharp(file!.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", width, height]);
    }
    const shown = await findPublicCourse(harness.services, photo);
    expect(shown?.imageUrl).toBe(`/uploads/${stored.imageKey}-480.webp`);

    // Refused for good: no copy, not asked again; the page shows the drawn cover.
    for (const id of Object.values(refused)) {
      const course = await row(id);
      expect(course.imageKey).toBeNull();
      expect(course.imageFetchedFrom).toBe(course.imageUrl);
      const publicCourse = await findPublicCourse(harness.services, id);
      expect(publicCourse?.imageUrl).toBeNull();
      expect(courseCoverPath(publicCourse!)).toMatch(new RegExp(`^/covers/${id}-[0-9a-z]+\\.svg$`));
    }
    // A 500 may pass: tried again next run. No image at all: nothing to fetch.
    expect((await row(broken)).imageFetchedFrom).toBeNull();
    expect((await row(none)).imageFetchedFrom).toBeNull();

    await runIngest(toIngestServices(harness.services));
    expect(host.hits("/photo.jpg")).toBe(1);
    expect(host.hits("/huge.jpg")).toBe(1);
    expect(host.hits("/image.svg")).toBe(1);
    expect(host.hits("/notes.txt")).toBe(1);
    expect(host.hits("/broken")).toBe(2);
  });

  it("fetches again when the course names another image", async () => {
    const id = await listedCourse(`${host.base}/photo.png`);
    await runIngest(toIngestServices(harness.services));
    const first = (await row(id)).imageKey;
    expect(first).toMatch(/^course-/);

    await harness.services.db
      .update(courses)
      .set({ imageUrl: `${host.base}/photo.jpg` })
      .where(eq(courses.id, id));
    await runIngest(toIngestServices(harness.services));
    const second = await row(id);
    expect(second.imageKey).toMatch(/^course-/);
    expect(second.imageKey).not.toBe(first);
    expect(second.imageFetchedFrom).toBe(`${host.base}/photo.jpg`);
  });

  it("deletes a replaced copy from the store only once its grace period is over", async () => {
    const id = await listedCourse(`${host.base}/colour-10.png`);
    await runIngest(toIngestServices(harness.services));
    const old = (await row(id)).imageKey!;
    await harness.services.db
      .update(courses)
      .set({ imageUrl: `${host.base}/photo.jpg` })
      .where(eq(courses.id, id));
    await runIngest(toIngestServices(harness.services));
    const current = (await row(id)).imageKey!;
    expect(current).not.toBe(old);

    // A page cached before the change still names the old copy: it stays for the grace period.
    harness.clock.advance((RETIRED_IMAGE_GRACE_DAYS - 1) * DAY_MS);
    await runIngest(toIngestServices(harness.services));
    expect(await storedWidths(old)).toBe(COURSE_IMAGE_SIZES.length);

    harness.clock.advance(2 * DAY_MS);
    await runIngest(toIngestServices(harness.services));
    expect(await storedWidths(old)).toBe(0);
    expect(await storedWidths(current)).toBe(COURSE_IMAGE_SIZES.length);
    expect(await retiredKeys()).not.toContain(old);
  });

  it("keeps a retired copy another course still shows (the same image bytes)", async () => {
    const leaving = await listedCourse(`${host.base}/colour-20.png`);
    const staying = await listedCourse(`${host.base}/colour-20.png?copy=2`);
    await runIngest(toIngestServices(harness.services));
    const shared = (await row(leaving)).imageKey!;
    expect((await row(staying)).imageKey).toBe(shared);

    await harness.services.db
      .update(courses)
      .set({ imageUrl: `${host.base}/photo.jpg` })
      .where(eq(courses.id, leaving));
    await runIngest(toIngestServices(harness.services));
    expect(await retiredKeys()).toContain(shared);
    harness.clock.advance((RETIRED_IMAGE_GRACE_DAYS + 1) * DAY_MS);
    await runIngest(toIngestServices(harness.services));
    expect(await storedWidths(shared)).toBe(COURSE_IMAGE_SIZES.length);
    expect(await retiredKeys()).not.toContain(shared);
  });

  it("a course gone long enough shows its drawn cover, and its copy is deleted a grace later", async () => {
    const id = await listedCourse(`${host.base}/colour-30.png`);
    await runIngest(toIngestServices(harness.services));
    const key = (await row(id)).imageKey!;
    const goneSince = new Date(harness.clock.now().getTime() - 2 * DAY_MS);
    await harness.services.db
      .update(courses)
      .set({ active: false, lastSeenAt: goneSince })
      .where(eq(courses.id, id));

    // Gone for a while: its page keeps the image (most courses come back with a new coupon).
    await runIngest(toIngestServices(harness.services));
    expect((await row(id)).imageKey).toBe(key);

    harness.clock.advance(IMAGE_KEPT_AFTER_GONE_DAYS * DAY_MS);
    await runIngest(toIngestServices(harness.services));
    const gone = await row(id);
    expect([gone.imageKey, gone.imageFetchedFrom]).toEqual([null, null]);
    expect((await findPublicCourse(harness.services, id))?.imageUrl).toBeNull();
    expect(await storedWidths(key)).toBe(COURSE_IMAGE_SIZES.length);

    harness.clock.advance((RETIRED_IMAGE_GRACE_DAYS + 1) * DAY_MS);
    await runIngest(toIngestServices(harness.services));
    expect(await storedWidths(key)).toBe(0);
  });
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function storedWidths(key: string): Promise<number> {
  let found = 0;
  for (const [width] of COURSE_IMAGE_SIZES) {
    if (await harness.services.images.get(courseImageFile(key, width))) found += 1;
  }
  return found;
}

async function retiredKeys(): Promise<string[]> {
  const rows = await harness.services.db.select().from(retiredCourseImages);
  return rows.map((retired) => retired.key);
}
