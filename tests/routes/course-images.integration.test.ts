import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseCoverPath } from "../../core/course-cover";
import { courses } from "../../server/db/schema";
import { toIngestServices } from "../../server/domain/ingest/ingest-services";
import { runIngest } from "../../server/domain/ingest/run-sources";
import { couponRecord, seedCourses } from "../setup/api-test-server";
import { startFakeImageHost, type FakeImageHost } from "../setup/fake-image-host";
import { startWebTestServer, type WebTestServer } from "../setup/web-test-server";

/**
 * Course images as a visitor's browser meets them: every image on a card or course page is on
 * our origin (our WebP copy, or the cover we draw), with long cache headers.
 */

let site: WebTestServer;
let host: FakeImageHost;
let uploads: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  host = await startFakeImageHost();
  uploads = await mkdtemp(path.join(tmpdir(), "kursusku-route-images-"));
  site = await startWebTestServer({
    now: "2026-11-27T10:00:00+07:00",
    env: { UDEMY_IMAGE_BASE_URL: host.base, UPLOADS_DIR: uploads },
  });
  await seedCourses(site.services, [
    couponRecord({ slug: "photo-course", imageUrl: `${host.base}/photo.jpg` }),
    couponRecord({ slug: "svg-course", imageUrl: `${host.base}/image.svg` }),
    couponRecord({
      slug: "cdn-course",
      title: `Tom & Jerry's <script>alert(1)</script> Course`,
      imageUrl: "https://img-c.udemycdn.com/course/750x422/1_a.jpg",
    }),
  ]);
  await runIngest(toIngestServices(site.services));
  for (const row of await site.services.db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)) {
    ids[row.slug] = row.id;
  }
}, 180_000);

afterAll(async () => {
  await site?.stop();
  await host?.close();
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

const get = (address: string, headers: Record<string, string> = {}) =>
  fetch(`${site.baseUrl}${address}`, { headers });

function imageSources(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)].map((match) => match[1]!);
}

describe("course images on the pages", () => {
  it("cards show our WebP copy or the drawn cover, never another host's address", async () => {
    const html = await (await get("/")).text();
    expect(html).not.toContain("udemycdn");
    expect(html).not.toContain(host.base);
    const sources = imageSources(html);
    const [photo] = await site.services.db
      .select({ imageKey: courses.imageKey })
      .from(courses)
      .where(eq(courses.id, ids["photo-course"]!));
    expect(photo!.imageKey).toMatch(/^course-[0-9a-f]{24}$/);
    expect(sources).toContain(`/uploads/${photo!.imageKey}-480.webp`);
    expect(html).toContain(
      `/uploads/${photo!.imageKey}-240.webp 240w, /uploads/${photo!.imageKey}-480.webp 480w, /uploads/${photo!.imageKey}-750.webp 750w`,
    );
    for (const slug of ["svg-course", "cdn-course"]) {
      expect(sources.some((src) => src.startsWith(`/covers/${ids[slug]}-`))).toBe(true);
    }
    for (const src of sources) expect(src).toMatch(/^\/(?!\/)/);
  });

  it("the course page shows the same, and the share image is our 750 px copy", async () => {
    const html = await (await get("/course/photo-course")).text();
    expect(html).not.toContain(host.base);
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/[^"]+\/uploads\/course-[0-9a-f]{24}-750\.webp"/,
    );
    const cover = await (await get("/course/svg-course")).text();
    expect(imageSources(cover).some((src) => src.startsWith(`/covers/${ids["svg-course"]}-`))).toBe(
      true,
    );
  });
});

describe("serving them", () => {
  it("serves our copies as WebP for a year", async () => {
    const html = await (await get("/")).text();
    const src = imageSources(html).find((address) => address.startsWith("/uploads/course-"))!;
    const answer = await get(src);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("serves a drawn cover as an escaped SVG for a year, with an ETag", async () => {
    const [course] = await site.services.db
      .select({ id: courses.id, title: courses.title, courseType: courses.category })
      .from(courses)
      .where(eq(courses.id, ids["cdn-course"]!));
    const address = courseCoverPath(course!);
    const answer = await get(address);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'none'");
    const svg = await answer.text();
    expect(svg).not.toContain("<script");
    expect(svg).toContain("Tom &amp; Jerry&apos;s");

    const again = await get(address, { "If-None-Match": answer.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("gives an old version today's drawing, cached briefly; an unknown cover is a 404", async () => {
    const old = await get(`/covers/${ids["cdn-course"]}-0.svg`);
    expect(old.status).toBe(200);
    expect(old.headers.get("cache-control")).toBe("public, max-age=300");
    for (const address of ["/covers/999999-a.svg", "/covers/abc.svg", "/covers/1-a.png"]) {
      expect((await get(address)).status).toBe(404);
    }
  });
});
