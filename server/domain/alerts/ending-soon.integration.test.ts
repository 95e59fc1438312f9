import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addUser, couponRecord } from "../../../tests/setup/alert-fixtures";
import { startSmtpTestServer, type SmtpTestServer } from "../../../tests/setup/smtp-test-server";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { createSmtpMailer } from "../../adapters/mailer/smtp-mailer";
import { courses, users } from "../../db/schema";
import { setFavourite } from "../catalog/favourites";
import { importCouponRecords } from "../ingest/import-records";
import { sendDueDigests } from "./email-digest";
import { listEndingSoon } from "./ending-soon";
import { queueAlertsForNewCoupons } from "./match-new-coupons";
import { watchCourse } from "./watches";

const SITE = "https://kursusku.example";
const NOW = "2026-11-23T08:00:00+07:00";
const at = (hoursFromNow: number, minutes = 0) =>
  new Date(Date.parse(NOW) + hoursFromNow * 3_600_000 + minutes * 60_000);

let smtp: SmtpTestServer;
let harness: TestServices;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.stop());
beforeEach(async () => {
  smtp.messages.length = 0;
  harness = await createTestServices({
    now: NOW,
    env: { SMTP_URL: smtp.url, PUBLIC_SITE_URL: SITE },
  });
});
afterEach(() => harness.close());

/** Lists courses with these coupon ends and uses left (slug = title). */
async function list(
  courseFacts: Array<{ slug: string; expiresAt: Date | null; usesRemaining: number | null }>,
) {
  await importCouponRecords(
    harness.services,
    courseFacts.map(({ slug, expiresAt, usesRemaining }) =>
      couponRecord(harness.services, slug, slug, `C${slug.length}X`, {
        expiresAt,
        usesRemaining,
      }),
    ),
    "fixture",
  );
  const rows = await harness.services.db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

describe("ending soon", () => {
  it("picks favourites and watched courses ending within 6 hours or with fewer than 50 uses left", async () => {
    const { services } = harness;
    await addUser(services, "ana");
    const ids = await list([
      { slug: "ends-in-exactly-6h", expiresAt: at(6), usesRemaining: 500 },
      { slug: "ends-in-6h-1min", expiresAt: at(6, 1), usesRemaining: 500 },
      { slug: "uses-49", expiresAt: at(48), usesRemaining: 49 },
      { slug: "uses-50", expiresAt: at(48), usesRemaining: 50 },
      { slug: "ends-in-1h", expiresAt: at(1), usesRemaining: null },
      { slug: "not-mine", expiresAt: at(1), usesRemaining: 3 },
      { slug: "ended", expiresAt: at(-1), usesRemaining: 3 },
    ]);
    for (const slug of ["ends-in-exactly-6h", "ends-in-6h-1min", "uses-50", "ended"]) {
      await setFavourite(services, "ana", ids.get(slug)!, true);
    }
    for (const slug of ["uses-49", "ends-in-1h"]) {
      await watchCourse(services, "ana", { courseId: ids.get(slug)! });
    }
    // Favourited and watched: listed once.
    await setFavourite(services, "ana", ids.get("ends-in-1h")!, true);

    const ending = await listEndingSoon(services, "ana");
    expect(ending.map((course) => course.slug)).toEqual([
      "ends-in-1h",
      "ends-in-exactly-6h",
      "uses-49",
    ]);
    expect(ending[0]).toMatchObject({
      expiresAt: at(1).toISOString(),
      usesRemaining: null,
      title: "ends-in-1h",
    });
    expect(await listEndingSoon(services, "bob")).toEqual([]);
  });

  it("leads the daily digest, marked, before the new coupons it was sent for", async () => {
    const { services } = harness;
    await addUser(services, "ana", { enabled: true, hour: 7 });
    // A watched course gets a new coupon (the digest's reason to be sent)...
    await watchCourse(services, "ana", { link: "https://www.udemy.com/course/rust-basics/" });
    // ...and a favourite is about to run out.
    const ids = await list([
      { slug: "rust-basics", expiresAt: at(72), usesRemaining: 900 },
      { slug: "excel-now", expiresAt: at(3), usesRemaining: 12 },
    ]);
    await setFavourite(services, "ana", ids.get("excel-now")!, true);
    expect((await queueAlertsForNewCoupons(services)).queued).toBe(1);

    const mailer = createSmtpMailer({ url: smtp.url, from: services.config.alerts.mailFrom });
    try {
      expect(await sendDueDigests(services, mailer)).toEqual({ sent: 1, refused: 0, failed: 0 });
    } finally {
      mailer.close();
    }
    const text = smtp.messages[0]!.parsed.text ?? "";
    const excel = text.indexOf(`${SITE}/course/excel-now`);
    const rust = text.indexOf(`${SITE}/course/rust-basics`);
    expect(excel).toBeGreaterThan(-1);
    expect(rust).toBeGreaterThan(excel);
    expect(text).toContain(
      "Ending soon: free with this coupon until 23 Nov 11.00 WIB · 12 uses left",
    );
    expect(smtp.messages[0]!.parsed.html).toContain("font-weight:bold;color:#b45309");
  });

  it("leads an Indonesian digest too, and a course both delivered and ending appears once", async () => {
    const { services } = harness;
    await addUser(services, "budi", { enabled: true, hour: 7 });
    // The language of the pages Budi acts on.
    await services.db.update(users).set({ alertLocale: "id" }).where(eq(users.id, "budi"));
    await watchCourse(services, "budi", { link: "https://www.udemy.com/course/go-fast/" });
    await list([{ slug: "go-fast", expiresAt: at(2), usesRemaining: 40 }]);
    expect((await queueAlertsForNewCoupons(services)).queued).toBe(1);
    const mailer = createSmtpMailer({ url: smtp.url, from: services.config.alerts.mailFrom });
    try {
      await sendDueDigests(services, mailer);
    } finally {
      mailer.close();
    }
    const text = smtp.messages[0]!.parsed.text ?? "";
    expect(text.split(`${SITE}/id/course/go-fast`)).toHaveLength(2);
    expect(text).toContain("Segera berakhir: gratis dengan kupon ini sampai 23 Nov 10.00 WIB");
  });
});
