import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { and, eq } from "drizzle-orm";
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { reviewLimitMessage } from "../../core/messages";
import { DAILY_REVIEW_LIMIT, DAILY_TOP_UP_CREDITS } from "../../core/rules";
import * as m from "../../core/paraglide/messages";
import {
  couponRecord,
  mintIdToken,
  PARTNER_ORIGIN,
  seedCourses,
  signInUser,
  snapshotDatabase,
  startApiTestServer,
  type ApiAnswer,
  type ApiTestServer,
} from "../../tests/setup/api-test-server";
import {
  INVALID_SIGN_IN_TOKEN_MESSAGE,
  UNREGISTERED_TOKEN_MESSAGE,
} from "../domain/accounts/accounts";
import {
  LOCAL_AUDIENCE,
  LOCAL_ISSUER,
  localSubject,
} from "../adapters/google-identity/local-issuer";
import { articles, courses, redeemCodes, redemptions, users, visits } from "../db/schema";
import { setFavourite } from "../domain/catalog/favourites";
import { createRedeemCodes, REDEEM_MESSAGES } from "../domain/accounts/redeem";
import { ALREADY_REVIEWED } from "../domain/catalog/reviews";
import { API_ARTICLE_BODY_LIMIT, API_BODY_LIMIT } from "./router";
import {
  articleSchema,
  courseSchema,
  errorSchema,
  GET_ACTIONS,
  learningListSchema,
  POST_ACTIONS,
  redeemResultSchema,
  registerResultSchema,
  reviewSchema,
  trackClickResultSchema,
  userSchema,
  writeResultSchema,
} from "./schemas";

const NOW = "2026-11-22T10:00:00+07:00";
const TODAY = "2026-11-22";
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EVIL_ORIGIN = "https://evil.example";

let api: ApiTestServer;
/** Every status this file saw, to check the OpenAPI document names them all. */
const seenStatuses = new Set<number>();

// Courses: 30 generic Development, 10 Business, 5 named ones = 45 listed; 2 unlisted.
const PYTHON_SLUG = "python-bootcamp-for-beginners";
const REACT_SLUG = "mastering-react-hooks";
const link = (slug: string) => `https://www.udemy.com/course/${slug}/`;
let emailSequence = 0;

function track(answer: ApiAnswer): ApiAnswer {
  seenStatuses.add(answer.status);
  return answer;
}
const get = async (query: Record<string, string> | string, headers?: Record<string, string>) =>
  track(await api.get(query, { headers }));
const post = async (body: unknown, headers?: Record<string, string>) =>
  track(await api.post(body, { headers }));

/**
 * POST /api with `first` written, then (when `total` is given) that many bytes streamed after
 * it; resolves with the status and time as soon as an answer comes, whatever is still unsent.
 */
function postRaw(
  headers: Record<string, string>,
  first: string | null,
  total = 0,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL("/api", api.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
    });
    request.on("response", (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, ms: performance.now() - started });
      request.destroy();
    });
    // The server cuts the connection a moment after refusing: a late write error is expected.
    request.on("error", (error) => setTimeout(() => reject(error), 100));
    if (first) request.write(first);
    const chunk = Buffer.alloc(64 * 1024, " ");
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (total > 0) request.end();
    };
    pump();
  });
}

/** A 200 JSON answer that validates against the action's answer schema. */
function expectAnswer<T extends z.ZodType>(answer: ApiAnswer, schema: T): z.infer<T> {
  expect(answer.status, answer.text).toBe(200);
  expect(answer.contentType).toMatch(/^application\/json/);
  return schema.parse(answer.body);
}

/** An error answer: the status and `{ error: { message } }` (and nothing else). */
function expectError(answer: ApiAnswer, status: number, message?: string | RegExp): string {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.contentType).toMatch(/^application\/json/);
  const parsed = errorSchema.strict().parse(answer.body);
  if (typeof message === "string") expect(parsed.error.message).toBe(message);
  else if (message) expect(parsed.error.message).toMatch(message);
  return parsed.error.message;
}

async function newUser(prefix = "user") {
  emailSequence += 1;
  const email = `${prefix}-${emailSequence}@example.com`;
  return { ...(await signInUser(api.services, email)), email };
}

async function courseId(slug: string): Promise<number> {
  const [row] = await api.services.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.slug, slug));
  return row!.id;
}

async function balanceOf(userId: string) {
  const [row] = await api.services.db
    .select({ balance: users.creditBalance, clicks: users.clickCount })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

/** An ID token from a key nobody trusts (right issuer name, any audience). */
async function foreignToken(claims: { email: string; audience: string; issuer?: string }) {
  const { privateKey } = await generateKeyPair("ES256");
  const issuedAt = Math.floor(api.clock.now().getTime() / 1000);
  return new SignJWT({ email: claims.email, email_verified: true })
    .setProtectedHeader({ alg: "ES256", kid: randomUUID() })
    .setIssuer(claims.issuer ?? LOCAL_ISSUER)
    .setAudience(claims.audience)
    .setSubject(localSubject(claims.email))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 600)
    .sign(privateKey);
}

beforeAll(async () => {
  api = await startApiTestServer({ now: NOW });
  await seedCourses(api.services, [
    ...Array.from({ length: 30 }, (_, index) =>
      couponRecord({
        slug: `generic-dev-${index}`,
        title: `Generic Development Course ${index}`,
        udemyRating: 3 + (index % 20) / 10,
        students: 100 + index,
      }),
    ),
    ...Array.from({ length: 10 }, (_, index) =>
      couponRecord({
        slug: `business-strategy-${index}`,
        title: `Business Strategy Essentials ${index}`,
        category: "Business",
      }),
    ),
    couponRecord({ slug: PYTHON_SLUG, title: "Python Bootcamp for Beginners", udemyRating: 4.9 }),
    couponRecord({ slug: REACT_SLUG, title: "Mastering React Hooks", udemyRating: 4.1 }),
    couponRecord({ slug: "sql-in-a-day", title: "SQL in a Day", udemyRating: 3.2 }),
    couponRecord({ slug: "docker-deep-dive", title: "Docker Deep Dive" }),
    couponRecord({ slug: "rust-for-pythonistas", title: "Rust for Pythonistas" }),
    // Not listed: an expired coupon, and one found tomorrow.
    couponRecord({
      slug: "expired-course",
      title: "Expired Python Course",
      expiresAt: new Date("2026-11-21T12:00:00Z"),
    }),
    couponRecord({
      slug: "future-course",
      title: "Future Python Course",
      foundAt: new Date("2026-11-23T02:00:00Z"),
    }),
  ]);
}, 180_000);

afterAll(async () => {
  await api?.stop();
});

beforeEach(async () => {
  await api.resetRouter();
  api.clock.set(NOW);
});

describe("getCourses", () => {
  it("answers the first page of 20 listed courses with paging headers, never the coupon", async () => {
    const answer = await get({ action: "getCourses" });
    const list = expectAnswer(answer, z.array(courseSchema));
    expect(list).toHaveLength(20);
    expect(answer.headers.get("x-total-count")).toBe("45");
    expect(answer.headers.get("x-page")).toBe("1");
    expect(answer.headers.get("x-page-count")).toBe("3");
    expect(answer.headers.get("x-page-size")).toBe("20");
    for (const item of answer.body as Array<Record<string, unknown>>) {
      expect(item).not.toHaveProperty("couponCode");
      expect(item).not.toHaveProperty("couponUrl");
      expect(item.date).toMatch(DAY);
      // Every field the schema names, but `demo`: it is on demo-catalogue courses only.
      const fields = Object.keys(courseSchema.shape).filter((field) => field !== "demo");
      expect(Object.keys(item).sort()).toEqual(fields.sort());
      expect(item.url).toBe(`${api.services.config.publicSiteUrl}/course/${String(item.slug)}`);
    }
    expect(answer.text).not.toMatch(/couponCode|couponUrl|SECRETCOUPON/i);
  });

  it("pages through all 45 listed courses; a page past the end is empty", async () => {
    const pages = await Promise.all(
      ["1", "2", "3"].map((page) => get({ action: "getCourses", page })),
    );
    const lists = pages.map((page) => expectAnswer(page, z.array(courseSchema)));
    expect(lists.map((list) => list.length)).toEqual([20, 20, 5]);
    expect(pages[2]!.headers.get("x-page")).toBe("3");
    const slugs = new Set(lists.flat().map((course) => course.slug));
    expect(slugs.size).toBe(45);
    expect(slugs.has("expired-course")).toBe(false);
    expect(slugs.has("future-course")).toBe(false);
    for (const page of pages) expect(page.text).not.toMatch(/SECRETCOUPON/);

    // A client that pages until an empty list stops; the counts tell it where the end was.
    for (const page of ["4", "99"]) {
      const past = await get({ action: "getCourses", page });
      expect(expectAnswer(past, z.array(courseSchema))).toEqual([]);
      expect(past.headers.get("x-page")).toBe(page);
      expect(past.headers.get("x-total-count")).toBe("45");
      expect(past.headers.get("x-page-count")).toBe("3");
    }
  });

  it("filters by type (All means every type), search and sort", async () => {
    const business = await get({ action: "getCourses", type: "Business" });
    const businessList = expectAnswer(business, z.array(courseSchema));
    expect(business.headers.get("x-total-count")).toBe("10");
    expect(businessList.every((course) => course.courseType === "Business")).toBe(true);

    const all = await get({ action: "getCourses", type: "All" });
    expect(all.headers.get("x-total-count")).toBe("45");

    const python = expectAnswer(
      await get({ action: "getCourses", search: "  PYTHON " }),
      z.array(courseSchema),
    );
    expect(python.map((course) => course.slug).sort()).toEqual(
      [PYTHON_SLUG, "rust-for-pythonistas"].sort(),
    );
    const words = expectAnswer(
      await get({ action: "getCourses", search: "beginners python" }),
      z.array(courseSchema),
    );
    expect(words.map((course) => course.slug)).toEqual([PYTHON_SLUG]);
    const none = await get({ action: "getCourses", search: "no such course at all" });
    expect(expectAnswer(none, z.array(courseSchema))).toEqual([]);
    expect(none.headers.get("x-page-count")).toBe("1");

    const byRating = expectAnswer(
      await get({ action: "getCourses", sort: "rating" }),
      z.array(courseSchema),
    );
    expect(byRating[0]!.slug).toBe(PYTHON_SLUG);
    const ratings = byRating.map((course) => course.udemyRating ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    const byStudents = expectAnswer(
      await get({ action: "getCourses", sort: "students", type: "Development" }),
      z.array(courseSchema),
    );
    const students = byStudents.map((course) => course.students ?? 0);
    expect(students).toEqual([...students].sort((a, b) => b - a));
  });

  it("filters by the minimum average review rating", async () => {
    const reviewer = await newUser("rater");
    const good = await post(
      { action: "addReview", courseLink: link(REACT_SLUG), rating: 5, reviewText: "Great." },
      { cookie: reviewer.cookie },
    );
    expectAnswer(good, writeResultSchema);
    const poor = await post(
      { action: "addReview", courseLink: link("sql-in-a-day"), rating: 2, reviewText: "Meh." },
      { cookie: reviewer.cookie },
    );
    expectAnswer(poor, writeResultSchema);

    const four = expectAnswer(
      await get({ action: "getCourses", rating: "4" }),
      z.array(courseSchema),
    );
    expect(four.map((course) => course.slug)).toContain(REACT_SLUG);
    expect(four.map((course) => course.slug)).not.toContain("sql-in-a-day");
    expect(four.every((course) => course.averageRating >= 4)).toBe(true);
    const react = four.find((course) => course.slug === REACT_SLUG)!;
    expect(react).toMatchObject({ averageRating: 5, reviewCount: 1 });

    const two = expectAnswer(
      await get({ action: "getCourses", rating: "2" }),
      z.array(courseSchema),
    );
    expect(two.map((course) => course.slug)).toEqual(
      expect.arrayContaining([REACT_SLUG, "sql-in-a-day"]),
    );
  });

  it.each([
    ["page", "0"],
    ["page", "x"],
    ["page", "1.5"],
    ["page", "-2"],
    ["rating", "9"],
    ["rating", "four"],
    ["sort", "cheapest"],
    ["search", "x".repeat(101)],
    ["language", "Klingon"],
    ["language", "\u0000"],
    ["udemyRating", "3"],
    ["minStudents", "5"],
    ["level", "guru"],
    ["duration", "forever"],
    ["updated", "5y"],
    ["certificate", "maybe"],
    ["hideInstructors", "<b>Jane</b>"],
    ["hideWords", Array.from({ length: 500 }, (_, index) => `word${index}`).join(",")],
  ])("refuses %s=%s with 400 and a JSON error", async (name, value) => {
    expectError(await get({ action: "getCourses", [name]: value }), 400);
  });

  it("names the filter and its allowed values when refusing one", async () => {
    const message = expectError(await get({ action: "getCourses", level: "guru" }), 400);
    expect(message).toMatch(/level.*beginner, intermediate, expert, all/);
  });

  it("takes every learners' filter, each narrowing the list", async () => {
    const all = await get({ action: "getCourses" });
    const total = Number(all.headers.get("x-total-count"));
    for (const [name, value] of [
      ["language", "English"],
      ["udemyRating", "4.5"],
      ["minStudents", "100000"],
      ["level", "beginner"],
      ["duration", "extraLong"],
      ["updated", "1y"],
      ["certificate", "yes"],
      ["hideWords", "python, react"],
      ["hideInstructors", "Nobody At All"],
    ]) {
      const answer = await get({ action: "getCourses", [name!]: value! });
      expect(answer.status, `${name}=${value}`).toBe(200);
      expect(Number(answer.headers.get("x-total-count")), `${name}`).toBeLessThanOrEqual(total);
    }
    const hidden = expectAnswer(
      await get({ action: "getCourses", hideWords: "react" }),
      z.array(courseSchema),
    );
    expect(hidden.some((course) => /react/i.test(course.title))).toBe(false);
    const beginners = expectAnswer(
      await get({ action: "getCourses", level: "beginner", minStudents: "1000" }),
      z.array(courseSchema),
    );
    for (const course of beginners) {
      expect(course.level).toBe("Beginner Level");
      expect(course.students).toBeGreaterThanOrEqual(1000);
    }
  });
});

describe("claimed courses and the learning list", () => {
  it("getCourses leaves out a signed-in caller's claimed courses unless claimed=show; others still see them", async () => {
    const user = await newUser("claimer");
    const other = await newUser("bystander");
    const id = await courseId(PYTHON_SLUG);
    expectAnswer(
      await post({ action: "markCourseOwned", courseId: id }, { cookie: user.cookie }),
      writeResultSchema,
    );
    const ids = async (query: Record<string, string>, cookie: string) => {
      const answer = await get({ action: "getCourses", search: "Python", ...query }, { cookie });
      return expectAnswer(answer, z.array(courseSchema)).map((course) => course.id);
    };
    expect(await ids({}, user.cookie)).not.toContain(id);
    expect(await ids({ claimed: "show" }, user.cookie)).toContain(id);
    expect(await ids({}, other.cookie)).toContain(id);
    expectError(await get({ action: "getCourses", claimed: "maybe" }), 400);
  });

  it("moves a course Claimed → Done and reads the list back; bad input is a 400 that changes nothing", async () => {
    const user = await newUser("learner");
    const id = await courseId("docker-deep-dive");
    expectError(await get({ action: "getLearningList" }), 401);
    const before = await snapshotDatabase(api.services);
    expectError(
      await post(
        { action: "moveClaimedCourse", courseId: id, state: "finished" },
        { cookie: user.cookie },
      ),
      400,
    );
    expectError(
      await post(
        { action: "moveClaimedCourse", courseId: "x", state: "done" },
        { cookie: user.cookie },
      ),
      400,
    );
    expectError(
      await post(
        { action: "moveClaimedCourse", courseId: 999_999, state: "done" },
        { cookie: user.cookie },
      ),
      404,
    );
    expect(await snapshotDatabase(api.services)).toEqual(before);

    expectAnswer(
      await post(
        { action: "moveClaimedCourse", courseId: id, state: "done" },
        { cookie: user.cookie },
      ),
      writeResultSchema,
    );
    const list = expectAnswer(
      await get({ action: "getLearningList" }, { cookie: user.cookie }),
      learningListSchema.strict(),
    );
    expect(list.courses).toEqual([
      expect.objectContaining({ courseId: id, state: "done", owned: false }),
    ]);
    const other = await newUser("stranger");
    const theirs = expectAnswer(
      await get({ action: "getLearningList" }, { cookie: other.cookie }),
      learningListSchema,
    );
    expect(theirs.courses).toEqual([]);
  });
});

describe("getArticles", () => {
  beforeAll(async () => {
    await api.services.db.insert(articles).values([
      {
        slug: "belajar-python",
        title: "Belajar Python dari Nol",
        content: "Python adalah bahasa yang ramah untuk pemula. ".repeat(3),
        author: "Siti Rahma",
        imageKey: "covers/python.webp",
        createdAt: new Date("2026-11-20T03:00:00Z"),
      },
      {
        slug: "tips-karier",
        title: "Tips Karier di Dunia Teknologi",
        content: "Bangun portofolio, belajar terus, dan jaga jaringan. ".repeat(3),
        author: "Budi Santoso",
        createdAt: new Date("2026-11-21T03:00:00Z"),
      },
      {
        slug: "hidden-article",
        title: "Hidden Python Article",
        content: "This article was hidden by moderation and must never be listed. ".repeat(2),
        author: "Siti Rahma",
        status: "hidden",
        createdAt: new Date("2026-11-21T04:00:00Z"),
      },
    ]);
  });

  it("lists published articles newest first in the SPEC shape; hidden ones never", async () => {
    const answer = await get({ action: "getArticles" });
    const list = expectAnswer(answer, z.array(articleSchema.strict()));
    expect(list.map((article) => article.slug)).toEqual(["tips-karier", "belajar-python"]);
    expect(answer.headers.get("x-total-count")).toBe("2");
    expect(list[1]).toMatchObject({
      title: "Belajar Python dari Nol",
      author: "Siti Rahma",
      imageUrl: "/uploads/covers/python.webp",
    });
    expect(list[0]!.imageUrl).toBeNull();
    for (const article of list) {
      expect(typeof article.articleId).toBe("number");
      expect(Number.isNaN(Date.parse(article.date))).toBe(false);
    }
    expect(answer.text).not.toMatch(/Hidden Python Article/);
  });

  it("searches title/content and author case-insensitively", async () => {
    const python = expectAnswer(
      await get({ action: "getArticles", search: "PYTHON" }),
      z.array(articleSchema),
    );
    expect(python.map((article) => article.slug)).toEqual(["belajar-python"]);
    const portfolio = expectAnswer(
      await get({ action: "getArticles", search: "Portofolio" }),
      z.array(articleSchema),
    );
    expect(portfolio.map((article) => article.slug)).toEqual(["tips-karier"]);
    const siti = expectAnswer(
      await get({ action: "getArticles", author: "siti" }),
      z.array(articleSchema),
    );
    expect(siti.map((article) => article.slug)).toEqual(["belajar-python"]);
    const nobody = expectAnswer(
      await get({ action: "getArticles", author: "nobody" }),
      z.array(articleSchema),
    );
    expect(nobody).toEqual([]);
  });

  it("refuses a bad page and an over-long search", async () => {
    expectError(await get({ action: "getArticles", page: "0" }), 400);
    expectError(await get({ action: "getArticles", search: "y".repeat(101) }), 400);
  });
});

describe("getReviews", () => {
  it("answers reviews in the SPEC shape, filtered by courseLink", async () => {
    const writer = await newUser("reviewer");
    for (const [slug, rating] of [
      [PYTHON_SLUG, 4],
      ["docker-deep-dive", 3],
    ] as const) {
      expectAnswer(
        await post(
          { action: "addReview", courseLink: link(slug), rating, reviewText: `About ${slug}` },
          { cookie: writer.cookie },
        ),
        writeResultSchema,
      );
    }
    const all = expectAnswer(await get({ action: "getReviews" }), z.array(reviewSchema.strict()));
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const review of all) expect(review.date).toMatch(DAY);

    const python = expectAnswer(
      await get({ action: "getReviews", courseLink: link(PYTHON_SLUG) }),
      z.array(reviewSchema.strict()),
    );
    expect(python).toEqual([
      {
        courseLink: link(PYTHON_SLUG),
        rating: 4,
        date: TODAY,
        userName: "re***",
        review: `About ${PYTHON_SLUG}`,
      },
    ]);
    const unknown = await get({
      action: "getReviews",
      courseLink: "https://www.udemy.com/course/unknown/",
    });
    expect(expectAnswer(unknown, z.array(reviewSchema))).toEqual([]);
  });

  it("never publishes another reviewer's account id or e-mail; the caller's own carry userId", async () => {
    const author = await newUser("privacy");
    const reader = await newUser("reader");
    expectAnswer(
      await post(
        {
          action: "addReview",
          courseLink: link(REACT_SLUG),
          rating: 5,
          reviewText: "Great hooks.",
        },
        { cookie: author.cookie },
      ),
      writeResultSchema,
    );
    const query = { action: "getReviews", courseLink: link(REACT_SLUG) };
    const mine = (review: z.infer<typeof reviewSchema>) => review.review === "Great hooks.";

    const anonymous = await get(query);
    const asReader = await get(query, { cookie: reader.cookie });
    for (const answer of [anonymous, asReader, await get({ action: "getReviews" })]) {
      expect(answer.text).not.toContain(author.userId);
      expect(answer.text).not.toContain(author.email);
      const reviews = expectAnswer(answer, z.array(reviewSchema.strict()));
      for (const review of reviews) expect(review.userId).toBeUndefined();
    }
    expect(expectAnswer(anonymous, z.array(reviewSchema)).find(mine)?.userName).toBe("pr***");

    const asAuthor = expectAnswer(
      await get(query, { cookie: author.cookie }),
      z.array(reviewSchema.strict()),
    );
    expect(asAuthor.find(mine)).toMatchObject({ userId: author.userId, userName: "pr***" });
    const token = await mintIdToken(api.services, author.email);
    const withBearer = expectAnswer(
      await get(query, { authorization: `Bearer ${token}` }),
      z.array(reviewSchema),
    );
    expect(withBearer.find(mine)?.userId).toBe(author.userId);
    // A stale token on a public read is only "not signed in", never an error.
    const stale = await get(query, { authorization: "Bearer not.a.jwt" });
    expect(expectAnswer(stale, z.array(reviewSchema)).find(mine)?.userId).toBeUndefined();
  });

  it("refuses a courseLink that is not a URL", async () => {
    expectError(await get({ action: "getReviews", courseLink: "not a url" }), 400);
  });
});

describe("getUser", () => {
  it("is 401 without a session or token", async () => {
    expectError(await get({ action: "getUser" }), 401);
    expectError(await get({ action: "getUser" }, { cookie: "kk_session=unknown-session" }), 401);
  });

  it("answers the signed-in user with likedCourses, history and redeemHistory", async () => {
    const user = await newUser("profile");
    const pythonId = await courseId(PYTHON_SLUG);
    await setFavourite(api.services, user.userId, pythonId, true);
    expectAnswer(
      await post(
        { action: "trackCourseClick", courseLink: link(REACT_SLUG) },
        { cookie: user.cookie },
      ),
      trackClickResultSchema,
    );
    const [code] = await createRedeemCodes(api.services, {
      type: "credits",
      credits: 3,
      maxUses: 5,
    });
    expectAnswer(
      await post({ action: "checkRedeemCode", code: code! }, { cookie: user.cookie }),
      redeemResultSchema,
    );

    const answer = await get({ action: "getUser" }, { cookie: user.cookie });
    const profile = expectAnswer(answer, userSchema.strict());
    expect(profile).toMatchObject({
      userId: user.userId,
      id: user.userId,
      email: user.email,
      isPremium: false,
      creditBalance: DAILY_TOP_UP_CREDITS - 1 + 3,
      clickCount: 1,
      lastCreditResetDate: TODAY,
      joinedDate: TODAY,
      likedCourses: [link(PYTHON_SLUG)],
    });
    expect(profile.history).toEqual([
      {
        link: link(REACT_SLUG),
        title: "Mastering React Hooks",
        date: TODAY,
        courseId: await courseId(REACT_SLUG),
      },
    ]);
    expect(profile.redeemHistory).toEqual([
      { code: code!, timestamp: new Date(NOW).toISOString(), type: "credits" },
    ]);
    expect(answer.text).not.toMatch(/SECRETCOUPON/);

    const own = await get({ action: "getUser", userId: user.userId }, { cookie: user.cookie });
    expect(expectAnswer(own, userSchema).userId).toBe(user.userId);
  });

  it("is 403 for another user's userId", async () => {
    const user = await newUser();
    const other = await newUser();
    expectError(
      await get({ action: "getUser", userId: other.userId }, { cookie: user.cookie }),
      403,
    );
  });

  it("works with a Bearer ID token of a registered user; an unregistered one is 401", async () => {
    const email = "bearer-profile@example.com";
    const token = await mintIdToken(api.services, email);
    expectError(
      await get({ action: "getUser" }, { authorization: `Bearer ${token}` }),
      401,
      UNREGISTERED_TOKEN_MESSAGE,
    );
    expectAnswer(
      await post({ action: "registerUser" }, { authorization: `Bearer ${token}` }),
      registerResultSchema,
    );
    const profile = expectAnswer(
      await get({ action: "getUser" }, { authorization: `Bearer ${token}` }),
      userSchema,
    );
    expect(profile).toMatchObject({ userId: localSubject(email), email, history: [] });
  });
});

describe("registerUser", () => {
  it("registers with a Bearer ID token, then welcomes back", async () => {
    const email = "new-app-user@example.com";
    const token = await mintIdToken(api.services, email);
    const first = expectAnswer(
      await post(
        { action: "registerUser", userId: localSubject(email), email },
        { authorization: `Bearer ${token}` },
      ),
      registerResultSchema.strict(),
    );
    expect(first).toEqual({
      status: "success",
      message: "User registered successfully",
      userId: localSubject(email),
    });
    const again = expectAnswer(
      await post({ action: "registerUser" }, { authorization: `bearer ${token}` }),
      registerResultSchema,
    );
    expect(again.message).toBe("Welcome back");
    const [row] = await api.services.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ creditBalance: DAILY_TOP_UP_CREDITS, lastCreditResetDate: TODAY });
  });

  it("welcomes back a cookie session and refuses an anonymous call", async () => {
    const user = await newUser();
    const answer = expectAnswer(
      await post({ action: "registerUser" }, { cookie: user.cookie }),
      registerResultSchema,
    );
    expect(answer).toEqual({ status: "success", message: "Welcome back", userId: user.userId });
    expectError(await post({ action: "registerUser" }), 401);
  });

  it("refuses a token from a key or audience it does not trust with SPEC's message", async () => {
    const email = "forged@example.com";
    for (const token of [
      await foreignToken({ email, audience: "someone-elses-client-id" }),
      await foreignToken({ email, audience: LOCAL_AUDIENCE }),
      await foreignToken({ email, audience: "x", issuer: "https://accounts.google.com" }),
    ]) {
      expectError(
        await post({ action: "registerUser" }, { authorization: `Bearer ${token}` }),
        401,
        INVALID_SIGN_IN_TOKEN_MESSAGE,
      );
    }
    expect(await api.services.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses an expired token", async () => {
    const email = "late@example.com";
    const token = await mintIdToken(api.services, email);
    api.clock.advance(11 * 60 * 1000);
    expectError(
      await post({ action: "registerUser" }, { authorization: `Bearer ${token}` }),
      401,
      INVALID_SIGN_IN_TOKEN_MESSAGE,
    );
    expect(await api.services.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it.each(["Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer a b", "Token abc"])(
    "refuses a malformed Authorization header %j with 401",
    async (header) => {
      expectError(await post({ action: "registerUser" }, { authorization: header }), 401);
    },
  );

  it("refuses a token that is not a JWT with SPEC's message", async () => {
    expectError(
      await post({ action: "registerUser" }, { authorization: "Bearer not.a.jwt" }),
      401,
      INVALID_SIGN_IN_TOKEN_MESSAGE,
    );
  });

  it("is 403 when the payload userId is not the token's subject, and creates nobody", async () => {
    const email = "mismatch@example.com";
    const token = await mintIdToken(api.services, email);
    const before = await snapshotDatabase(api.services);
    expectError(
      await post(
        { action: "registerUser", userId: "someone-else" },
        { authorization: `Bearer ${token}` },
      ),
      403,
    );
    expect(await snapshotDatabase(api.services)).toEqual(before);
  });

  it("refuses an invalid e-mail in the payload", async () => {
    const token = await mintIdToken(api.services, "valid@example.com");
    expectError(
      await post(
        { action: "registerUser", email: "not-an-email" },
        { authorization: `Bearer ${token}` },
      ),
      400,
    );
  });
});

describe("trackCourseClick", () => {
  it("is 401 without a session", async () => {
    const before = await snapshotDatabase(api.services);
    expectError(
      await post({ action: "trackCourseClick", courseId: await courseId(PYTHON_SLUG) }),
      401,
    );
    expect(await snapshotDatabase(api.services)).toEqual(before);
  });

  it("spends one credit and answers the coupon URL; the same course again today is free", async () => {
    const user = await newUser("clicker");
    const id = await courseId("docker-deep-dive");
    const first = expectAnswer(
      await post({ action: "trackCourseClick", courseId: id }, { cookie: user.cookie }),
      trackClickResultSchema.strict(),
    );
    expect(first.spent).toBe(true);
    expect(first.couponUrl).toMatch(
      /^https:\/\/www\.udemy\.com\/course\/docker-deep-dive\/\?couponCode=SECRETCOUPON\d+X$/,
    );
    expect(first.message).toBe("Redirecting to Docker Deep Dive");
    expect(await balanceOf(user.userId)).toEqual({ balance: DAILY_TOP_UP_CREDITS - 1, clicks: 1 });

    const again = expectAnswer(
      await post(
        {
          action: "trackCourseClick",
          userId: user.userId,
          courseLink: link("docker-deep-dive"),
          courseTitle: "Docker Deep Dive",
        },
        { cookie: user.cookie },
      ),
      trackClickResultSchema,
    );
    expect(again).toMatchObject({ spent: false, couponUrl: first.couponUrl });
    expect(await balanceOf(user.userId)).toEqual({ balance: DAILY_TOP_UP_CREDITS - 1, clicks: 1 });
  });

  it("is 404 for an unknown course (by id or link) and 400 with neither", async () => {
    const user = await newUser();
    expectError(
      await post({ action: "trackCourseClick", courseId: 999_999 }, { cookie: user.cookie }),
      404,
    );
    expectError(
      await post(
        { action: "trackCourseClick", courseLink: "https://www.udemy.com/course/nope/" },
        { cookie: user.cookie },
      ),
      404,
    );
    expectError(await post({ action: "trackCourseClick" }, { cookie: user.cookie }), 400);
    expect(await balanceOf(user.userId)).toEqual({ balance: DAILY_TOP_UP_CREDITS, clicks: 0 });
  });

  it("is 402 with a message once the credits are spent, leaving nothing behind", async () => {
    const user = await newUser("spender");
    for (let index = 0; index < DAILY_TOP_UP_CREDITS; index += 1) {
      const opened = expectAnswer(
        await post(
          { action: "trackCourseClick", courseLink: link(`generic-dev-${index}`) },
          { cookie: user.cookie },
        ),
        trackClickResultSchema,
      );
      expect(opened.spent).toBe(true);
    }
    expect(await balanceOf(user.userId)).toEqual({ balance: 0, clicks: 10 });
    const before = await snapshotDatabase(api.services);
    expectError(
      await post(
        { action: "trackCourseClick", courseLink: link("generic-dev-20") },
        { cookie: user.cookie },
      ),
      402,
      "Credit Limit Reached",
    );
    expect(await snapshotDatabase(api.services)).toEqual(before);
    // Re-opening a course already opened today still works without credit.
    expect(
      expectAnswer(
        await post(
          { action: "trackCourseClick", courseLink: link("generic-dev-0") },
          { cookie: user.cookie },
        ),
        trackClickResultSchema,
      ).spent,
    ).toBe(false);
  });

  it("is 403 for another user's userId and spends nothing", async () => {
    const user = await newUser();
    const victim = await newUser();
    expectError(
      await post(
        {
          action: "trackCourseClick",
          userId: victim.userId,
          courseId: await courseId(PYTHON_SLUG),
        },
        { cookie: user.cookie },
      ),
      403,
    );
    expect(await balanceOf(user.userId)).toEqual({ balance: DAILY_TOP_UP_CREDITS, clicks: 0 });
    expect(await balanceOf(victim.userId)).toEqual({ balance: DAILY_TOP_UP_CREDITS, clicks: 0 });
  });

  it("refuses a courseId beyond the database's integer range with 400, not 500", async () => {
    const user = await newUser();
    for (const id of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
      expectError(
        await post({ action: "trackCourseClick", courseId: id }, { cookie: user.cookie }),
        400,
      );
    }
  });
});

describe("checkRedeemCode", () => {
  it("redeems a credits code with SPEC's details", async () => {
    const user = await newUser("redeemer");
    const [code] = await createRedeemCodes(api.services, {
      type: "credits",
      credits: 5,
      maxUses: 3,
    });
    const result = expectAnswer(
      await post(
        { action: "checkRedeemCode", userId: user.userId, code: ` ${code!.toLowerCase()} ` },
        { cookie: user.cookie },
      ),
      redeemResultSchema.strict(),
    );
    expect(result).toEqual({
      success: true,
      message: "Code redeemed! 5 credits have been added to your account.",
      details: { type: "credits", creditsAdded: 5, leftRedeem: 2, newLimit: 15 },
    });
    const twice = expectAnswer(
      await post({ action: "checkRedeemCode", code: code! }, { cookie: user.cookie }),
      redeemResultSchema,
    );
    expect(twice).toEqual({ success: false, message: REDEEM_MESSAGES.alreadyRedeemed });
  });

  it("redeems a premium code as unlimited", async () => {
    const user = await newUser();
    const [code] = await createRedeemCodes(api.services, { type: "premium", maxUses: 1 });
    const result = expectAnswer(
      await post({ action: "checkRedeemCode", code: code! }, { cookie: user.cookie }),
      redeemResultSchema,
    );
    expect(result.details).toEqual({
      type: "premium",
      creditsAdded: 0,
      leftRedeem: 0,
      newLimit: "unlimited",
    });
    expect(
      expectAnswer(await get({ action: "getUser" }, { cookie: user.cookie }), userSchema).isPremium,
    ).toBe(true);
  });

  it("answers 200 success:false with the message for an unknown code", async () => {
    const user = await newUser();
    const result = expectAnswer(
      await post({ action: "checkRedeemCode", code: "NOSUCHCODE99" }, { cookie: user.cookie }),
      redeemResultSchema.strict(),
    );
    expect(result).toEqual({ success: false, message: REDEEM_MESSAGES.unknown });
  });

  it("answers a wrong code in Indonesian under Accept-Language: id, as its other refusals do", async () => {
    const user = await newUser();
    const indonesian = { cookie: user.cookie, "accept-language": "id" };
    const wrong = expectAnswer(
      await post({ action: "checkRedeemCode", code: "NOSUCHCODE99" }, indonesian),
      redeemResultSchema.strict(),
    );
    expect(wrong).toEqual({
      success: false,
      message: m.server_redeem_unknown({}, { locale: "id" }),
    });
    expect(wrong.message).not.toBe(REDEEM_MESSAGES.unknown);
    expectError(
      await post({ action: "checkRedeemCode", code: "   " }, indonesian),
      400,
      m.server_redeem_blank({}, { locale: "id" }),
    );
  });

  it("is 401 anonymous, 403 for another user, 400 blank or too long — redeeming nothing", async () => {
    const [code] = await createRedeemCodes(api.services, {
      type: "credits",
      credits: 5,
      maxUses: 3,
    });
    const user = await newUser();
    const other = await newUser();
    const before = await snapshotDatabase(api.services);
    expectError(await post({ action: "checkRedeemCode", code: code! }), 401);
    expectError(
      await post(
        { action: "checkRedeemCode", userId: other.userId, code: code! },
        { cookie: user.cookie },
      ),
      403,
    );
    expectError(
      await post({ action: "checkRedeemCode", code: "   " }, { cookie: user.cookie }),
      400,
      REDEEM_MESSAGES.blank,
    );
    expectError(
      await post({ action: "checkRedeemCode", code: "A".repeat(65) }, { cookie: user.cookie }),
      400,
    );
    expectError(await post({ action: "checkRedeemCode" }, { cookie: user.cookie }), 400);
    expect(await snapshotDatabase(api.services)).toEqual(before);
  });
});

describe("addReview", () => {
  it("stores a review and answers success", async () => {
    const user = await newUser();
    const answer = expectAnswer(
      await post(
        {
          action: "addReview",
          userId: user.userId,
          courseLink: link("rust-for-pythonistas"),
          courseTitle: "Rust for Pythonistas",
          rating: 4,
          reviewText: "  Clear and practical.  ",
        },
        { cookie: user.cookie },
      ),
      writeResultSchema,
    );
    expect(answer).toEqual({ success: true, message: "Review added successfully" });
    const reviews = expectAnswer(
      await get(
        { action: "getReviews", courseLink: link("rust-for-pythonistas") },
        { cookie: user.cookie },
      ),
      z.array(reviewSchema),
    );
    expect(reviews).toContainEqual({
      courseLink: link("rust-for-pythonistas"),
      rating: 4,
      date: TODAY,
      userName: "us***",
      userId: user.userId,
      review: "Clear and practical.",
    });
  });

  it.each([
    [{ reviewText: "Nice" }, "Please select a rating."],
    [{ rating: 0, reviewText: "Nice" }, "Please select a rating."],
    [{ rating: 6, reviewText: "Nice" }, "Please select a rating."],
    [{ rating: "many", reviewText: "Nice" }, "Please select a rating."],
    [{ rating: 5 }, "Please write a review."],
    [{ rating: 5, reviewText: "   " }, "Please write a review."],
  ])("refuses %j with 400 %j", async (fields, message) => {
    const user = await newUser();
    const before = await snapshotDatabase(api.services);
    expectError(
      await post(
        { action: "addReview", courseLink: link("sql-in-a-day"), ...fields },
        { cookie: user.cookie },
      ),
      400,
      message,
    );
    expect(await snapshotDatabase(api.services)).toEqual(before);
  });

  it("is 409 for a second review of the same course, 404 for an unknown course", async () => {
    const user = await newUser();
    const body = { action: "addReview", courseLink: link(PYTHON_SLUG), rating: 5, reviewText: "A" };
    expectAnswer(await post(body, { cookie: user.cookie }), writeResultSchema);
    expectError(await post(body, { cookie: user.cookie }), 409, ALREADY_REVIEWED);
    expectError(
      await post(
        { ...body, courseLink: "https://www.udemy.com/course/not-a-course/" },
        { cookie: user.cookie },
      ),
      404,
    );
  });

  it("is 401 anonymous and 403 for another user's userId", async () => {
    const user = await newUser();
    const other = await newUser();
    const body = { action: "addReview", courseLink: link(PYTHON_SLUG), rating: 5, reviewText: "A" };
    expectError(await post(body), 401);
    expectError(await post({ ...body, userId: other.userId }, { cookie: user.cookie }), 403);
  });

  it("is 429 past the daily review limit", async () => {
    const user = await newUser();
    for (let index = 0; index < DAILY_REVIEW_LIMIT; index += 1) {
      expectAnswer(
        await post(
          {
            action: "addReview",
            courseLink: link(`business-strategy-${index}`),
            rating: 3,
            reviewText: "Fine.",
          },
          { cookie: user.cookie },
        ),
        writeResultSchema,
      );
    }
    expectError(
      await post(
        {
          action: "addReview",
          courseLink: link("business-strategy-9"),
          rating: 3,
          reviewText: "Fine.",
        },
        { cookie: user.cookie },
      ),
      429,
      reviewLimitMessage(DAILY_REVIEW_LIMIT),
    );
  });
});

describe("addArticle", () => {
  const article = {
    action: "addArticle",
    title: "Belajar TypeScript dengan Cepat",
    content: "TypeScript menambahkan tipe pada JavaScript sehingga kode lebih aman. ".repeat(2),
    author: "Rina",
  };

  it("requires a signed-in, eligible user and stores the article through the same domain rules", async () => {
    expectError(await post(article), 401);
    const user = await newUser();
    const other = await newUser();
    expectError(await post({ ...article, userId: other.userId }, { cookie: user.cookie }), 403);
    const before = await snapshotDatabase(api.services);
    // A standard user may not write articles (SPEC §6).
    expectError(await post(article, { cookie: user.cookie }), 403);
    expect((await snapshotDatabase(api.services)).articles).toBe(before.articles);

    await api.services.db.update(users).set({ isPremium: true }).where(eq(users.id, user.userId));
    const response = await post(article, { cookie: user.cookie });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body as { success: boolean; message: string; articleId: number };
    expect(body.success).toBe(true);
    expect(body.message).toContain("Article added");
    const [stored] = await api.services.db
      .select()
      .from(articles)
      .where(eq(articles.id, body.articleId));
    expect(stored?.title).toBe(article.title);
    expect(stored?.userId).toBe(user.userId);

    // The cooldown applies to the API exactly as to the web form.
    expectError(
      await post(
        { ...article, title: "Another article about TypeScript" },
        { cookie: user.cookie },
      ),
      429,
    );
  });

  it("refuses a body without title or content", async () => {
    const user = await newUser();
    expectError(await post({ action: "addArticle" }, { cookie: user.cookie }), 400);
  });
});

describe("order of checks: who asks comes before what they sent", () => {
  /** Bodies every action's schema refuses with 400 once the caller is known. */
  const INVALID_BODIES: Record<string, Record<string, unknown>> = {
    registerUser: { email: "not-an-email" },
    trackCourseClick: { courseTitle: 42 },
    checkRedeemCode: { code: 42 },
    addReview: { courseLink: "not a url", rating: 5 },
    addArticle: { title: 7, imageBase64: null, mimeType: null },
    markCourseOwned: { courseId: "one" },
    moveClaimedCourse: { courseId: 1, state: "finished" },
  };

  it("covers every POST action", () => {
    expect(Object.keys(INVALID_BODIES).sort()).toEqual(Object.keys(POST_ACTIONS).sort());
  });

  it("answers 401 without a session and 403 for another user, whatever the body", async () => {
    const user = await newUser("order");
    const other = await newUser("order-other");
    const before = await snapshotDatabase(api.services);
    for (const [action, invalid] of Object.entries(INVALID_BODIES)) {
      expectError(await post({ action, ...invalid }), 401);
      expectError(
        await post({ action, ...invalid, userId: other.userId }, { cookie: user.cookie }),
        403,
      );
      // Signed in as themselves, the same body is the caller's mistake: 400.
      expectError(await post({ action, ...invalid }, { cookie: user.cookie }), 400);
    }
    expectError(await get({ action: "getUser", userId: "x".repeat(300) }), 401);
    expectError(
      await get({ action: "getUser", userId: "x".repeat(300) }, { cookie: user.cookie }),
      403,
    );
    expect(await snapshotDatabase(api.services)).toEqual(before);
  });

  it("refuses an invalid token before a bad body when registering", async () => {
    expectError(
      await post(
        { action: "registerUser", email: "not-an-email" },
        { authorization: "Bearer not.a.jwt" },
      ),
      401,
      INVALID_SIGN_IN_TOKEN_MESSAGE,
    );
    const token = await mintIdToken(api.services, "order-register@example.com");
    expectError(
      await post(
        { action: "registerUser", userId: "someone-else", email: "not-an-email" },
        { authorization: `Bearer ${token}` },
      ),
      403,
    );
  });

  it("takes null image fields of addArticle as no image", async () => {
    const article = {
      action: "addArticle",
      title: "Belajar Git untuk Pemula",
      author: "Dimas",
      content: "Git menyimpan riwayat perubahan kode sehingga tim bisa bekerja bersama. ".repeat(2),
      imageBase64: null,
      mimeType: null,
    };
    expectError(await post(article), 401);
    const user = await newUser("no-image");
    await api.services.db.update(users).set({ isPremium: true }).where(eq(users.id, user.userId));
    const answer = await post(article, { cookie: user.cookie });
    expect(answer.status, answer.text).toBe(200);
    const { articleId } = answer.body as { articleId: number };
    const [stored] = await api.services.db
      .select()
      .from(articles)
      .where(eq(articles.id, articleId));
    expect(stored).toMatchObject({ title: article.title, imageKey: null });
  });
});

describe("action routing and bodies", () => {
  it("is 400 for an unknown or missing action", async () => {
    expectError(await get({ action: "dropTables" }), 400, /Unknown action/);
    expectError(await post({ action: "dropTables" }), 400, /Unknown action/);
    expectError(await get({}), 400, "Missing action.");
    expectError(await post({}), 400, "Missing action.");
    expectError(await post({ action: 42 }), 400, "Missing action.");
    expectError(await get("action=getCourses&action=getUser"), 400);
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expectError(await get({ action: name }), 400, /Unknown action/);
      expectError(await post(`{"action":${JSON.stringify(name)}}`), 400, /Unknown action/);
    }
  });

  it("is 400 for GET of a POST action and 405 for POST of a GET action", async () => {
    for (const action of Object.keys(POST_ACTIONS))
      expectError(await get({ action }), 400, `${action} needs POST.`);
    for (const action of Object.keys(GET_ACTIONS))
      expectError(await post({ action }), 405, `${action} needs GET.`);
  });

  it("answers malformed or non-object JSON with a 400 JSON error", async () => {
    for (const body of ['{"action":', "{action: 'getUser'}", "null", "42", '"getUser"', ""]) {
      const answer = await post(body);
      expect(answer.status, body).toBe(400);
      errorSchema.parse(answer.body);
    }
    const plain = track(
      await api.fetch("/api", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: '{"action":"registerUser"}',
      }),
    );
    expectError(plain, 400, "Missing action.");
  });

  it("answers an article body over what a 2 MB image and its text need with a 413 JSON error", async () => {
    const answer = await post({
      action: "addArticle",
      title: "Too big",
      content: "x".repeat(API_ARTICLE_BODY_LIMIT),
    });
    expectError(answer, 413, "Request body too large.");
  });

  it("holds every other action to a small body once the action is known", async () => {
    const user = await newUser();
    const answer = await post(
      {
        action: "addReview",
        courseLink: "https://www.udemy.com/course/anything/",
        rating: 5,
        reviewText: "x".repeat(API_BODY_LIMIT),
      },
      { cookie: user.cookie },
    );
    expectError(answer, 413, "Request body too large.");
  });

  it("refuses a declared length over the limit before reading, and stops reading an undeclared one at the cap", async () => {
    const declared = await postRaw({ "content-length": String(1024 * 1024 * 1024) }, "{");
    expect(declared.status).toBe(413);
    expect(declared.ms).toBeLessThan(2000);
    const chunked = await postRaw({ "transfer-encoding": "chunked" }, null, 200 * 1024 * 1024);
    expect(chunked.status).toBe(413);
    expect(chunked.ms).toBeLessThan(3000);
  });
});

describe("NUL characters (PostgreSQL text cannot hold them)", () => {
  it("refuses NUL in any text with 400, never a database error", async () => {
    const user = await newUser();
    const queries: Array<Record<string, string>> = [
      { action: "getCourses", search: "py\u0000" },
      { action: "getCourses", type: "\u0000" },
      { action: "getArticles", author: "\u0000" },
      { action: "getReviews", courseLink: "https://x.example/\u0000" },
    ];
    for (const query of queries)
      expectError(await get(query), 400, "Text must not contain NUL characters.");
    const before = await snapshotDatabase(api.services);
    for (const body of [
      { action: "checkRedeemCode", code: "AB\u0000CD" },
      { action: "trackCourseClick", courseLink: `${link(PYTHON_SLUG)}\u0000` },
      { action: "addReview", courseLink: link(PYTHON_SLUG), rating: 5, reviewText: "a\u0000b" },
      {
        action: "addReview",
        courseLink: link(PYTHON_SLUG),
        rating: { x: "\u0000" },
        reviewText: "a",
      },
    ])
      expectError(await post(body, { cookie: user.cookie }), 400);
    expect(await snapshotDatabase(api.services)).toEqual(before);
  });

  it("treats a session cookie that is not a session id as no session", async () => {
    for (const value of ["%00", "abc%00def", "x".repeat(101), "a%20b"])
      expectError(await get({ action: "getUser" }, { cookie: `kk_session=${value}` }), 401);
  });
});

describe("CSRF (Origin check)", () => {
  it("refuses a cookie-authenticated POST from a foreign origin and changes nothing", async () => {
    const user = await newUser("csrf");
    const [code] = await createRedeemCodes(api.services, {
      type: "credits",
      credits: 50,
      maxUses: 10,
    });
    const before = await snapshotDatabase(api.services);
    for (const body of [
      { action: "trackCourseClick", courseLink: link(PYTHON_SLUG) },
      { action: "checkRedeemCode", code: code! },
      { action: "addReview", courseLink: link(PYTHON_SLUG), rating: 1, reviewText: "csrf" },
    ]) {
      expectError(
        await post(body, { cookie: user.cookie, origin: EVIL_ORIGIN }),
        403,
        "Cross-site request refused.",
      );
      expectError(
        await post(body, { cookie: user.cookie, "sec-fetch-site": "cross-site" }),
        403,
        "Cross-site request refused.",
      );
      // An allow-listed CORS origin is still not the site: cookies from it are refused too.
      expectError(await post(body, { cookie: user.cookie, origin: PARTNER_ORIGIN }), 403);
    }
    expect(await snapshotDatabase(api.services)).toEqual(before);
    expect(await balanceOf(user.userId)).toEqual({ balance: DAILY_TOP_UP_CREDITS, clicks: 0 });
    const [row] = await api.services.db
      .select({ uses: redeemCodes.uses })
      .from(redeemCodes)
      .where(eq(redeemCodes.code, code!));
    expect(row!.uses).toBe(0);
    expect(
      await api.services.db
        .select()
        .from(redemptions)
        .where(and(eq(redemptions.code, code!), eq(redemptions.userId, user.userId))),
    ).toEqual([]);
  });

  it("accepts a cookie POST from the site's own origin", async () => {
    const user = await newUser();
    for (const origin of [api.baseUrl, new URL(api.services.config.publicSiteUrl).origin]) {
      expectAnswer(
        await post({ action: "registerUser" }, { cookie: user.cookie, origin }),
        registerResultSchema,
      );
    }
  });

  it("accepts a Bearer POST whatever its Origin", async () => {
    const email = "bearer-csrf@example.com";
    const token = await mintIdToken(api.services, email);
    expectAnswer(
      await post(
        { action: "registerUser" },
        { authorization: `Bearer ${token}`, origin: EVIL_ORIGIN },
      ),
      registerResultSchema,
    );
    const opened = expectAnswer(
      await post(
        { action: "trackCourseClick", courseLink: link("sql-in-a-day") },
        { authorization: `Bearer ${token}`, origin: EVIL_ORIGIN },
      ),
      trackClickResultSchema,
    );
    expect(opened.spent).toBe(true);
    const [visit] = await api.services.db
      .select()
      .from(visits)
      .where(eq(visits.subject, localSubject(email)));
    expect(visit).toBeDefined();
  });
});

describe("CORS", () => {
  it("allows the allow-listed origin, with a 204 preflight", async () => {
    const answer = await get({ action: "getCourses" }, { origin: PARTNER_ORIGIN });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe(PARTNER_ORIGIN);
    expect(answer.headers.get("vary")).toMatch(/Origin/);

    const preflight = track(
      await api.fetch("/api", {
        method: "OPTIONS",
        headers: {
          origin: PARTNER_ORIGIN,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type",
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(PARTNER_ORIGIN);
    expect(preflight.headers.get("access-control-allow-methods")).toMatch(/POST/);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/i);
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("gives any other origin no Access-Control-Allow-Origin", async () => {
    const answer = await get({ action: "getCourses" }, { origin: EVIL_ORIGIN });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = track(
      await api.fetch("/api", {
        method: "OPTIONS",
        headers: { origin: EVIL_ORIGIN, "access-control-request-method": "POST" },
      }),
    );
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
  });
});

describe("OpenAPI document and reference page", () => {
  it("serves OpenAPI 3.1 with an Input and an Answer schema for every action", async () => {
    const answer = track(await api.fetch("/api/openapi.json"));
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^application\/json/);
    const document = answer.body as {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { type?: string; required?: string[] }> };
    };
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBeTruthy();
    expect(document.paths["/api"]).toHaveProperty("get");
    expect(document.paths["/api"]).toHaveProperty("post");
    for (const action of [...Object.keys(GET_ACTIONS), ...Object.keys(POST_ACTIONS)]) {
      expect(document.components.schemas[`${action}Input`]?.required).toContain("action");
      expect(document.components.schemas[`${action}Answer`]).toBeDefined();
    }
    expect(document.components.schemas.Error).toBeDefined();
  });

  it("serves an HTML reference listing every action", async () => {
    const answer = track(await api.fetch("/api/docs"));
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^text\/html/);
    for (const action of [...Object.keys(GET_ACTIONS), ...Object.keys(POST_ACTIONS)]) {
      expect(answer.text).toContain(`id="${action}"`);
    }
    expect(answer.text).not.toMatch(/<script/i);
  });

  it("documents every status this file saw the API answer", async () => {
    const document = (await api.fetch("/api/openapi.json")).body as {
      paths: { "/api": { get: { responses: object }; post: { responses: object } } };
    };
    const documented = new Set([
      ...Object.keys(document.paths["/api"].get.responses),
      ...Object.keys(document.paths["/api"].post.responses),
    ]);
    const undocumented = [...seenStatuses]
      .filter((status) => status !== 204) // the CORS preflight
      .filter((status) => !documented.has(String(status)));
    expect(undocumented).toEqual([]);
  });
});
