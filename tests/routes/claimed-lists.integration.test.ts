import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses } from "../../server/db/schema";
import { markCourseOwned } from "../../server/domain/catalog/claims";
import { CLAIMS_HINT_COOKIE } from "../../server/web/claimed-lists";
import { couponRecord, seedCourses, signInUser } from "../setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../setup/web-test-server";

/**
 * A signed-in learner's course list leaves out the courses they already claimed, with a switch
 * that counts and shows them (`claimed=show`); the list is rendered for them. A learner without
 * claims, and a visitor, keep the shared page with every course (decision 0043).
 */

let site: WebTestServer;
const TITLES = ["Claimable Python Basics", "Claimable SQL Basics", "Claimable Excel Basics"];
let ids: number[] = [];

beforeAll(async () => {
  site = await startWebTestServer();
  await seedCourses(
    site.services,
    TITLES.map((title, index) => couponRecord({ slug: `claimable-${index}`, title })),
  );
  ids = (await site.services.db.select({ id: courses.id }).from(courses).orderBy(courses.slug)).map(
    (row) => row.id,
  );
}, 180_000);
afterAll(async () => site?.stop());

async function list(path: string, cookie: string) {
  const answer = await fetch(`${site.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await answer.text();
  return { answer, html, shown: TITLES.filter((title) => html.includes(title)) };
}

describe("the course list of a learner with claimed courses", () => {
  it("leaves them out with a 'Show N' switch, and shows them with claimed=show", async () => {
    const learner = await signInUser(site.services, "claims-route@example.com");
    await markCourseOwned(site.services, learner.userId, ids[0]!);
    await markCourseOwned(site.services, learner.userId, ids[1]!);

    const hidden = await list("/", learner.cookie);
    expect(hidden.answer.status).toBe(200);
    expect(hidden.shown).toEqual([TITLES[2]]);
    expect(hidden.html).toContain("Show 2 courses you already claimed");
    // Rendered for them: never the shared page, and the device now knows they have claims.
    expect(hidden.answer.headers.get("x-cache")).toBeNull();
    expect(hidden.answer.headers.get("set-cookie")).toContain(`${CLAIMS_HINT_COOKIE}=`);

    const shown = await list("/?claimed=show", learner.cookie);
    expect(shown.shown).toEqual(TITLES);
    expect(shown.html).toContain("Hide the courses you already claimed");

    const indonesian = await list("/id", learner.cookie);
    expect(indonesian.html).toContain("Tampilkan 2 kursus yang sudah Anda klaim");
  });

  it("a learner without claims and a visitor keep the shared page with every course", async () => {
    const newcomer = await signInUser(site.services, "no-claims-route@example.com");
    for (const cookie of [newcomer.cookie, ""]) {
      const page = await list("/", cookie);
      expect(page.shown).toEqual(TITLES);
      expect(page.html).not.toContain("you already claimed");
      expect(page.answer.headers.get("x-cache")).toMatch(/HIT|MISS/);
    }
  });
});
