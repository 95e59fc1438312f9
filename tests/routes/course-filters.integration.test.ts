import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses, users } from "../../server/db/schema";
import { importCouponRecords } from "../../server/domain/ingest/import-records";
import { signInUser } from "../setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../setup/web-test-server";

let site: WebTestServer;

beforeAll(async () => {
  site = await startWebTestServer({ now: "2024-03-06T10:00:00+07:00" });
  const base = {
    category: "Development",
    subCategory: null,
    language: "English",
    level: "All Levels",
    instructor: "Andi Pratama",
    headline: null,
    description: null,
    imageUrl: null,
    durationMinutes: 120,
    udemyRating: 4.2,
    udemyReviews: 10,
    students: 5000,
    usesRemaining: 100,
    expiresAt: new Date("2024-03-13T00:00:00Z"),
    foundAt: new Date("2024-03-05T02:00:00Z"),
  };
  await importCouponRecords(
    site.services,
    [
      { ...base, title: "Python for Beginners", couponCode: "PY1", level: "Beginner Level" },
      { ...base, title: "Crypto Trading Secrets", couponCode: "CR1", instructor: "Budi Santoso" },
    ].map((record, index) => ({
      ...record,
      courseUrl: `https://www.udemy.com/course/filters-${index}/?couponCode=${record.couponCode}`,
    })),
    "test",
  );
  await site.services.db.update(courses).set({ isPaid: true });
}, 180_000);

afterAll(async () => {
  await site?.stop();
});

const page = (path: string, cookie?: string) =>
  fetch(`${site.baseUrl}${path}`, {
    redirect: "manual",
    headers: cookie ? { cookie } : {},
  });

function save(fields: Record<string, string>, cookie?: string, path = "/?index") {
  return fetch(`${site.baseUrl}${path}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "save-exclusions", ...fields }),
    headers: { origin: site.baseUrl, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

describe("the course list's filters as pages", () => {
  it("narrows the list by a learners' filter", async () => {
    const html = await (await page("/?level=beginner")).text();
    expect(html).toContain("Python for Beginners");
    expect(html).not.toContain("Crypto Trading Secrets");
    const hidden = await (await page("/id?hideInstructors=budi+santoso")).text();
    expect(hidden).toContain("Python for Beginners");
    expect(hidden).not.toContain("Crypto Trading Secrets");
  });

  it.each([
    "/?level=guru",
    "/?udemyRating=9",
    "/?language=Klingon",
    "/?duration=forever&updated=5y&certificate=maybe&minStudents=-1",
    `/?hideWords=${Array.from({ length: 500 }, (_, index) => `w${index}`).join(",")}`,
    "/?hideInstructors=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "/id?level=%00",
  ])("shows the unfiltered list for %s, never an error", async (path) => {
    const answer = await page(path);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain("Python for Beginners");
    expect(html).toContain("Crypto Trading Secrets");
    expect(html).not.toContain("<script>alert(1)");
  });
});

describe("saved exclusions", () => {
  it("keeps a visitor's in a cookie and sends the bare list to them", async () => {
    const saved = await save({ hideWords: "crypto, forex", hideInstructors: "" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/?hideWords=crypto%2C+forex#courses-section");
    const cookie = saved.headers
      .getSetCookie()
      .find((header) => header.startsWith("kk_hide="))!
      .split(";")[0]!;

    const bare = await page("/", cookie);
    expect(bare.status).toBe(302);
    expect(bare.headers.get("location")).toBe("/?hideWords=crypto%2C+forex");
    const indonesian = await page("/id", cookie);
    expect(indonesian.headers.get("location")).toBe("/id?hideWords=crypto%2C+forex");
    // Any other address shows what it asks for: a shared link, a filter, the list cleared by hand.
    expect((await page("/?type=Development", cookie)).status).toBe(200);
  });

  it("keeps a signed-in learner's with the account, applied on a device without the cookie", async () => {
    const { userId, cookie } = await signInUser(site.services, "rina@example.com");
    expect((await save({ hideWords: "", hideInstructors: "Budi Santoso" }, cookie)).status).toBe(
      303,
    );
    const [row] = await site.services.db
      .select({ words: users.hiddenWords, instructors: users.hiddenInstructors })
      .from(users)
      .where(eq(users.id, userId));
    expect(row).toEqual({ words: [], instructors: ["Budi Santoso"] });

    // Another device: only the session cookie.
    const bare = await page("/", cookie);
    expect(bare.status).toBe(302);
    expect(bare.headers.get("location")).toBe("/?hideInstructors=Budi+Santoso");
    expect(bare.headers.getSetCookie().some((header) => header.startsWith("kk_hide="))).toBe(true);
  });

  it("refuses lists that cannot be ones and changes nothing", async () => {
    const refused = await save({ hideWords: "", hideInstructors: "<b>Budi</b>" });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/#courses-section");
    expect(refused.headers.getSetCookie().some((header) => header.startsWith("kk_hide="))).toBe(
      false,
    );
  });
});
