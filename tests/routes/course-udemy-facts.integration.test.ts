import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCouponRecord } from "../../server/adapters/coupon-feeds/coupon-record";
import { createFixtureFeeds } from "../../server/adapters/coupon-feeds/fake-feeds";
import { toIngestServices } from "../../server/domain/ingest/ingest-services";
import { runIngest } from "../../server/domain/ingest/run-sources";
import { startFakeUdemy, type FakeUdemy } from "../setup/fake-udemy";
import { startWebTestServer, type WebTestServer } from "../setup/web-test-server";

let udemy: FakeUdemy;
let site: WebTestServer;

/** A WordPress blog's post: link, title, coupon; nothing about language, level or price. */
const post = (slug: string, couponCode: string | null) =>
  newCouponRecord({
    courseUrl: `https://www.udemy.com/course/${slug}/${couponCode ? `?couponCode=${couponCode}` : ""}`,
    couponCode,
    title: slug,
    category: "Uncategorized",
    foundAt: new Date("2026-11-27T01:00:00Z"),
  });

beforeAll(async () => {
  udemy = await startFakeUdemy();
  site = await startWebTestServer({
    now: "2026-11-27T10:00:00+07:00",
    env: { UDEMY_CHECK: "true", UDEMY_BASE_URL: udemy.baseUrl },
  });
  udemy.set("css-grid-in-depth", { kind: "free", endTime: "2026-11-29T07:05:00Z" });
  udemy.set("paid-without-code", { kind: "paid" });
  udemy.set("free-for-everyone", { kind: "always-free" });
  const feeds = createFixtureFeeds([
    {
      name: "wordpress-blog",
      kind: "wordpress",
      answer: [
        post("css-grid-in-depth", "GRID100"),
        post("paid-without-code", null),
        post("free-for-everyone", null),
      ],
    },
  ]);
  await runIngest(toIngestServices(site.services, { feeds }));
});

afterAll(async () => {
  await site?.close();
  await udemy?.close();
});

const page = async (path: string) => {
  const response = await fetch(`${site.baseUrl}${path}`);
  return { status: response.status, html: await response.text() };
};

describe("the course page shows Udemy's facts", () => {
  it("in English: the real description, what you'll learn, last update, list price and the absolute end", async () => {
    const { status, html } = await page("/course/css-grid-in-depth");
    expect(status).toBe(200);
    expect(html).toContain("you build real projects from the first lesson.");
    expect(html).toContain("What you&#x27;ll learn");
    expect(html).toContain("Deploy what you built");
    expect(html).toContain("Dewi Lestari");
    expect(html).toContain("Last updated");
    expect(html).toContain("14 Oktober 2026");
    expect(html).toContain("USD 19.99");
    expect(html).toContain("free with this coupon until 29 Nov 14.05 WIB");
    expect(html).toContain("English");
    expect(html).toContain("5h 30m");
  });

  it("in Indonesian too", async () => {
    const { status, html } = await page("/id/course/css-grid-in-depth");
    expect(status).toBe(200);
    expect(html).toContain("Yang akan kamu pelajari");
    expect(html).toContain("Terakhir diperbarui");
    expect(html).toContain("Harga normal");
    expect(html).toContain("USD 19,99");
    expect(html).toContain("gratis dengan kupon ini sampai 29 Nov 14.05 WIB");
  });

  it("a paid course linked without a coupon code, and an always-free course, are not listed", async () => {
    expect((await page("/course/paid-without-code")).status).toBe(404);
    expect((await page("/course/free-for-everyone")).status).toBe(404);
  });
});
