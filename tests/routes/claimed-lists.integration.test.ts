import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courses } from "../../server/db/schema";
import { markCourseOwned } from "../../server/domain/catalog/claims";
import { PERSONAL_LAYER_ELEMENT_ID, type PersonalLayer } from "../../core/personal-layer";
import { NO_SCRIPT_COOKIE } from "../../server/web/no-script";
import { couponRecord, seedCourses, signInUser } from "../setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../setup/web-test-server";

/**
 * A signed-in learner's course list leaves out the courses they already claimed, with a switch
 * that counts and shows them (`claimed=show`). Their first page is the shared page with their own
 * list in their personal layer; a later page, and any page for a browser without JavaScript, is
 * rendered for them. A learner without claims, and a visitor, get the shared page with every
 * course (decision 0043).
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

/** The personal layer at the end of a shared page. */
function layerOf(html: string): PersonalLayer {
  const block = new RegExp(
    `<script type="application/json" id="${PERSONAL_LAYER_ELEMENT_ID}">(.*?)</script>`,
  );
  return JSON.parse(block.exec(html)![1]!) as PersonalLayer;
}

describe("the course list of a learner with claimed courses", () => {
  let learner: { cookie: string; userId: string };
  beforeAll(async () => {
    learner = await signInUser(site.services, "claims-route@example.com");
    await markCourseOwned(site.services, learner.userId, ids[0]!);
    await markCourseOwned(site.services, learner.userId, ids[1]!);
  });

  it("is the shared page, their own list laid over it by their layer", async () => {
    const first = await list("/", learner.cookie);
    expect(first.answer.status).toBe(200);
    expect(first.answer.headers.get("x-cache")).toMatch(/HIT|MISS/);
    expect(first.shown).toEqual(TITLES);
    const own = layerOf(first.html).courseList!;
    expect(own.courseIds).toEqual([ids[2]]);
    expect([own.total, own.claimedCount, own.moreCourses]).toEqual([1, 2, []]);

    // Showing claimed courses: every course, and the switch that hides them again.
    const shown = layerOf((await list("/?claimed=show", learner.cookie)).html).courseList!;
    expect(shown.courseIds.toSorted()).toEqual(ids.toSorted());
    expect([shown.total, shown.claimedCount]).toEqual([3, 2]);
    const laterShown = await list("/?claimed=show&page=2", learner.cookie);
    expect(laterShown.answer.headers.get("x-cache")).toMatch(/HIT|MISS/);
    expect(layerOf(laterShown.html).courseList?.claimedCount).toBe(2);

    // A search none of their claimed courses matches: nothing of theirs to lay over it.
    const search = await list("/?search=Excel", learner.cookie);
    expect(layerOf(search.html).courseList).toBeNull();
  });

  it("a later page, and a browser without JavaScript, get a list rendered for them", async () => {
    for (const [path, cookie] of [
      ["/?page=2", learner.cookie],
      ["/", `${learner.cookie}; ${NO_SCRIPT_COOKIE}=1`],
    ] as const) {
      const hidden = await list(path, cookie);
      expect(hidden.answer.status).toBe(200);
      expect(hidden.answer.headers.get("x-cache")).toBeNull();
      expect(hidden.shown).toEqual([TITLES[2]]);
      expect(hidden.html).toContain("Show 2 courses you already claimed");
    }
    const shown = await list("/?claimed=show", `${learner.cookie}; ${NO_SCRIPT_COOKIE}=1`);
    expect(shown.shown).toEqual(TITLES);
    expect(shown.html).toContain("Hide the courses you already claimed");
    const indonesian = await list("/id", `${learner.cookie}; ${NO_SCRIPT_COOKIE}=1`);
    expect(indonesian.html).toContain("Tampilkan 2 kursus yang sudah Anda klaim");
  });

  it("their layer's list follows their next claim at once", async () => {
    await list("/", learner.cookie);
    const marked = await fetch(`${site.baseUrl}/claims`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: learner.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ courseId: String(ids[2]), intent: "own" }),
    });
    expect(marked.status).toBeLessThan(400);
    const after = layerOf((await list("/", learner.cookie)).html).courseList!;
    expect([after.courseIds, after.claimedCount]).toEqual([[], 3]);
  });
});

describe("the course list of anyone else", () => {
  it("a learner without claims and a visitor keep the shared page with every course", async () => {
    const newcomer = await signInUser(site.services, "no-claims-route@example.com");
    for (const cookie of [newcomer.cookie, ""]) {
      const page = await list("/", cookie);
      expect(page.shown).toEqual(TITLES);
      expect(page.html).not.toContain("you already claimed");
      expect(page.answer.headers.get("x-cache")).toMatch(/HIT|MISS/);
      if (cookie) expect(layerOf(page.html).courseList).toBeNull();
    }
  });
});
