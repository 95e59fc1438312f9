import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { couponRecord } from "../../../tests/setup/api-test-server";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { courses } from "../../db/schema";
import { importCouponRecords } from "./import-records";

let t: TestServices;

beforeAll(async () => {
  t = await createTestServices({ now: "2026-11-22T10:00:00+07:00" });
});

afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  await t.services.db.delete(courses);
});

async function slugsByLink(): Promise<Record<string, string>> {
  const rows = await t.services.db
    .select({ link: courses.link, slug: courses.slug })
    .from(courses)
    .orderBy(asc(courses.id));
  return Object.fromEntries(rows.map((row) => [row.link, row.slug]));
}

describe("course slugs on import", () => {
  it("makes links that differ only in letter case one course with one slug", async () => {
    await importCouponRecords(
      t.services,
      [couponRecord({ slug: "Python-Basics" }), couponRecord({ slug: "python-basics" })],
      "test",
    );
    await importCouponRecords(t.services, [couponRecord({ slug: "PYTHON-BASICS" })], "test");
    expect(await slugsByLink()).toEqual({
      "https://www.udemy.com/course/python-basics/": "python-basics",
    });
  });

  /**
   * Since links are canonical, two courses only meet on a slug when an older row holds it (a
   * course whose page address was given before its link changed): `moveLink` makes one.
   */
  async function moveLink(from: string, to: string) {
    await t.services.db
      .update(courses)
      .set({ link: `https://www.udemy.com/course/${to}/` })
      .where(eq(courses.link, `https://www.udemy.com/course/${from}/`));
  }

  it("skips a numbered slug a real course already has", async () => {
    await importCouponRecords(
      t.services,
      [couponRecord({ slug: "excel" }), couponRecord({ slug: "excel-2" })],
      "test",
    );
    await moveLink("excel", "excel-old");
    await importCouponRecords(t.services, [couponRecord({ slug: "Excel" })], "test");
    expect((await slugsByLink())["https://www.udemy.com/course/excel/"]).toBe("excel-3");
  });

  it("treats a slug's LIKE wildcards as characters", async () => {
    await importCouponRecords(
      t.services,
      [couponRecord({ slug: "a_b" }), couponRecord({ slug: "axb-2" })],
      "test",
    );
    await moveLink("a_b", "a_b-old");
    await importCouponRecords(t.services, [couponRecord({ slug: "A_B" })], "test");
    expect((await slugsByLink())["https://www.udemy.com/course/a_b/"]).toBe("a_b-2");
  });

  it("keeps a course's slug when it comes back with a new title and a new coupon", async () => {
    await importCouponRecords(
      t.services,
      [couponRecord({ slug: "go-basics", title: "Go Basics", couponCode: "FIRSTCODE1" })],
      "test",
    );
    const summary = await importCouponRecords(
      t.services,
      [
        couponRecord({
          slug: "go-basics",
          title: "Go Basics: The Complete 2026 Edition",
          couponCode: "SECONDCODE2",
          foundAt: new Date("2026-11-22T01:00:00Z"),
        }),
      ],
      "test",
    );
    expect(summary.updated).toBe(1);
    const [row] = await t.services.db.select().from(courses);
    expect(row).toMatchObject({ slug: "go-basics", title: "Go Basics: The Complete 2026 Edition" });
  });
});
