import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCouponRecord } from "../../server/adapters/coupon-feeds/coupon-record";
import { courses } from "../../server/db/schema";
import { setFavourite } from "../../server/domain/catalog/favourites";
import { syncCouponHistory } from "../../server/domain/ingest/coupon-history";
import { importCouponRecords } from "../../server/domain/ingest/import-records";
import { retirePastExpiry } from "../../server/domain/ingest/retire-coupons";
import { signInUser } from "../setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../setup/web-test-server";
import { eq } from "drizzle-orm";

let site: WebTestServer;

const record = (slug: string, couponCode: string, foundAt: string, expiresAt: string) =>
  newCouponRecord({
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=${couponCode}`,
    couponCode,
    title: slug === "sql-history" ? "SQL History" : "Excel Soon",
    category: "Development",
    usesRemaining: 500,
    expiresAt: new Date(expiresAt),
    foundAt: new Date(foundAt),
  });

beforeAll(async () => {
  site = await startWebTestServer({ now: "2024-03-01T10:00:00+07:00" });
  const { services, clock } = site;
  await importCouponRecords(
    services,
    [record("sql-history", "SQLA", "2024-03-01T02:00:00Z", "2024-03-03T02:00:00Z")],
    "blog-a",
  );
  clock.set("2024-03-04T10:00:00+07:00");
  await importCouponRecords(
    services,
    [record("sql-history", "SQLB", "2024-03-04T02:00:00Z", "2024-03-06T02:00:00Z")],
    "deals-api",
  );
  clock.set("2024-03-07T10:00:00+07:00");
  await retirePastExpiry(services);
  await syncCouponHistory(services);
  await importCouponRecords(
    services,
    [record("excel-soon", "XLS", "2024-03-07T01:00:00Z", "2024-03-07T05:00:00Z")],
    "blog-a",
  );
  await services.db.update(courses).set({ isPaid: true });
}, 180_000);

afterAll(async () => {
  await site?.stop();
});

const page = (path: string, cookie?: string) =>
  fetch(`${site.baseUrl}${path}`, { headers: cookie ? { cookie } : {} }).then(async (answer) => ({
    status: answer.status,
    html: await answer.text(),
  }));

describe("a course's coupon history on its page", () => {
  it("keeps an ended course's history, in both languages, and lets it be indexed", async () => {
    const english = await page("/course/sql-history");
    expect(english.status).toBe(200);
    expect(english.html).toContain("This coupon has ended");
    expect(english.html).toContain("Coupon history");
    // Lives of 2 and 2 days (each ended at its expiry): the median says 2.
    expect(english.html).toContain("Free 2 times since March 2024; a coupon usually lasts 2 days");
    expect(english.html).toContain("via deals-api");
    expect(english.html).not.toContain("noindex");
    // Never the codes themselves.
    expect(english.html).not.toContain("SQLA");
    expect(english.html).not.toContain("SQLB");

    const indonesian = await page("/id/course/sql-history");
    expect(indonesian.html).toContain("Riwayat kupon");
    expect(indonesian.html).toContain(
      "Gratis 2 kali sejak Maret 2024; kuponnya biasanya berlaku 2 hari",
    );
  });

  it("shows a listed course's coupon as still free", async () => {
    const { html } = await page("/course/excel-soon");
    expect(html).toContain("Free once since March 2024");
    expect(html).toContain("still free");
  });
});

describe("ending soon on the dashboard", () => {
  it("shows a favourite whose coupon ends within 6 hours at the top, in both languages", async () => {
    const { userId, cookie } = await signInUser(site.services, "rina@example.com");
    const [excel] = await site.services.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.slug, "excel-soon"));
    await setFavourite(site.services, userId, excel!.id, true);

    const english = await page("/dashboard", cookie);
    const top = english.html.indexOf('data-testid="ending-soon"');
    expect(top).toBeGreaterThan(-1);
    expect(top).toBeLessThan(english.html.indexOf('name="tab"'));
    expect(english.html).toContain("free with this coupon until 7 Mar 12.00 WIB");
    const indonesian = await page("/id/dashboard", cookie);
    expect(indonesian.html).toContain("Segera berakhir");
    expect(indonesian.html).toContain("gratis dengan kupon ini sampai 7 Mar 12.00 WIB");

    const other = await signInUser(site.services, "budi@example.com");
    expect((await page("/dashboard", other.cookie)).html).not.toContain("ending-soon");
  });
});
