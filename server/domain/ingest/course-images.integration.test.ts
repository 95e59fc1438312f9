import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseCoverPath } from "../../../core/course-cover";
import { startFakeImageHost, type FakeImageHost } from "../../../tests/setup/fake-image-host";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { courses } from "../../db/schema";
import { findPublicCourse } from "../catalog/catalog";
import { toIngestServices } from "./ingest-services";
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
});
