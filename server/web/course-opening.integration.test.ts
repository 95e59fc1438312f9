import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PERSONAL_LAYER_ELEMENT_ID } from "../../core/personal-layer";
import { users, visits } from "../db/schema";
import { signInUser } from "../../tests/setup/api-test-server";
import {
  clickViewCourse,
  startWebTestServerWithCourses,
  type WebTestServer,
} from "../../tests/setup/web-test-server";

let site: WebTestServer;
let courseIds: number[];

beforeAll(async () => {
  ({ site, courseIds } = await startWebTestServerWithCourses(
    ["one", "two", "three"].map((slug) => `fast-open-${slug}`),
  ));
}, 300_000);
afterAll(async () => site?.stop());

/** A click on View Course on this site. */
const open = (courseId: number | string, cookie?: string) =>
  clickViewCourse(site.baseUrl, courseId, cookie);

async function balanceOf(userId: string) {
  const [row] = await site.services.db
    .select({ balance: users.creditBalance, clicks: users.clickCount })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

async function visitsOf(subject: string): Promise<number> {
  const [row] = await site.services.db
    .select({ n: count() })
    .from(visits)
    .where(eq(visits.subject, subject));
  return row!.n;
}

describe("GET /go/:id for a signed-in user, answered before React Router", () => {
  it("redirects to the coupon, spends one credit once a day, and stores nothing on the way", async () => {
    const user = await signInUser(site.services, "fast-open@example.com");
    const first = await open(courseIds[0]!, user.cookie);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toContain("couponCode=");
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await balanceOf(user.userId)).toEqual({ balance: 9, clicks: 1 });
    expect((await open(courseIds[0]!, user.cookie)).status).toBe(302);
    expect(await balanceOf(user.userId)).toEqual({ balance: 9, clicks: 1 });
  });

  it("shows the out-of-credits page once, without opening twice or keeping the visit", async () => {
    const user = await signInUser(site.services, "fast-open-broke@example.com");
    await site.services.db.update(users).set({ creditBalance: 0 }).where(eq(users.id, user.userId));
    // A user's open is a transaction (shared with the opens that arrive with it).
    const openCourse = vi.spyOn(site.services.db, "transaction");
    try {
      const refused = await open(courseIds[1]!, user.cookie);
      expect(refused.status).toBe(402);
      expect(await refused.text()).toContain("Credit Limit Reached");
      // Tried once before React Router; the route showed that refusal without trying again.
      expect(openCourse).toHaveBeenCalledTimes(1);
    } finally {
      openCourse.mockRestore();
    }
    expect(await balanceOf(user.userId)).toEqual({ balance: 0, clicks: 0 });
    expect(await visitsOf(user.userId)).toBe(0);
  });

  it("answers every id that names no course with one shared not-found page, and opens no transaction", async () => {
    const user = await signInUser(site.services, "fast-open-404@example.com");
    const transaction = vi.spyOn(site.services.db, "transaction");
    const statement = vi.spyOn(site.services.db, "execute");
    const answers: Response[] = [];
    try {
      for (const id of [987_654, 987_655, 2_147_483_647, "not-a-course", 0])
        answers.push(await open(id, user.cookie));
      // A new visitor (no cookie) too: the id is checked before the route would give a cookie.
      answers.push(await open(987_656));
      expect(transaction).not.toHaveBeenCalled();
      expect(statement).not.toHaveBeenCalled();
    } finally {
      transaction.mockRestore();
      statement.mockRestore();
    }
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(answers[5]!.headers.getSetCookie()).toEqual([]);
    // Rendered once, then the same page for every made-up id (a flood costs no render each).
    expect(answers.slice(1).map((answer) => answer.headers.get("x-cache"))).toEqual(
      Array(5).fill("HIT"),
    );
    const page = await answers[0]!.text();
    expect(page).toContain("Page Not Found");
    // The signed-in visitor's page carries their own layer (their credits), like any shared page.
    expect(page).toMatch(
      new RegExp(`id="${PERSONAL_LAYER_ELEMENT_ID}">[^<]*"creditsRemaining":10`),
    );
    expect(await balanceOf(user.userId)).toEqual({ balance: 10, clicks: 0 });
  });

  it("a returning visitor's cookie opens here too; a new visitor gets the cookie from the route", async () => {
    const first = await open(courseIds[2]!);
    expect(first.status).toBe(302);
    const cookie = first.headers.getSetCookie().find((value) => value.startsWith("kk_anon="));
    expect(cookie).toBeDefined();
    const again = await open(courseIds[1]!, cookie!.split(";")[0]);
    expect(again.status).toBe(302);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it("asks the database only to spend, once the session and the course are known", async () => {
    const user = await signInUser(site.services, "fast-open-kept@example.com");
    expect((await open(courseIds[2]!, user.cookie)).status).toBe(302);
    const reads = vi.spyOn(site.services.db, "select");
    const spends = vi.spyOn(site.services.db, "transaction");
    try {
      // The same course again (free today), as a learner taps it twice.
      expect((await open(courseIds[2]!, user.cookie)).status).toBe(302);
      expect(reads).not.toHaveBeenCalled();
      expect(spends).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
      spends.mockRestore();
    }
  });

  it("forgets whose a session was when it is signed out: its cookie opens nothing as the user", async () => {
    const user = await signInUser(site.services, "fast-open-signed-out@example.com");
    expect((await open(courseIds[0]!, user.cookie)).status).toBe(302);
    expect(await balanceOf(user.userId)).toEqual({ balance: 9, clicks: 1 });
    const signOut = await fetch(`${site.baseUrl}/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: site.baseUrl, cookie: user.cookie },
    });
    expect(signOut.status).toBeLessThan(400);
    // The old cookie is nobody's now: the route answers it as a new visitor's click.
    const after = await open(courseIds[1]!, user.cookie);
    expect(after.headers.getSetCookie().some((value) => value.startsWith("kk_anon="))).toBe(true);
    expect(await balanceOf(user.userId)).toEqual({ balance: 9, clicks: 1 });
  });
});
