import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answer,
  startFixtureServer,
  type FixtureServer,
} from "../../../tests/setup/fixture-http-server";
import { createFakeUdemyCheck } from "./fake-udemy-check";
import {
  courseIdFromImageUrl,
  createUdemyCheck,
  readLandingAnswer,
  type UdemyCheck,
} from "./udemy-check";

/** The course-landing-components answer for a coupon, trimmed to what we read. */
function landing(options: {
  amount?: number;
  discount?: number;
  code?: string;
  status?: string;
  endTime?: string | null;
  usesRemaining?: number | null;
}) {
  const code = options.code ?? "FREE1";
  return {
    price_text: {
      data: {
        pricing_result: {
          price: { amount: options.amount ?? 0, currency: "USD", price_string: "Free" },
          list_price: { amount: 19.99 },
          discount_percent: options.discount ?? 100,
          campaign: {
            code,
            end_time: options.endTime === undefined ? "2024-03-08T12:00:00Z" : options.endTime,
            uses_remaining: options.usesRemaining === undefined ? 321 : options.usesRemaining,
            maximum_uses: 1000,
          },
        },
      },
    },
    redeem_coupon: { discount_attempts: [{ code, status: options.status ?? "applied" }] },
  };
}

describe("readLandingAnswer", () => {
  it("reads a 100%-off coupon with its end time and uses left", () => {
    expect(readLandingAnswer(landing({}), "FREE1")).toEqual({
      status: "free",
      expiresAt: new Date("2024-03-08T12:00:00Z"),
      usesRemaining: 321,
    });
    expect(readLandingAnswer(landing({ endTime: null, usesRemaining: null }), "free1")).toEqual({
      status: "free",
      expiresAt: null,
      usesRemaining: null,
    });
  });

  it.each([
    [landing({ status: "expired" }), "coupon expired"],
    [landing({ status: "invalid" }), "coupon invalid"],
    [landing({ amount: 9.99, discount: 50 }), "not 100% off (price 9.99)"],
    [landing({ code: "SITEWIDE" }), "coupon not applied"],
    [landing({ usesRemaining: 0 }), "no uses left"],
  ])("says invalid: %#", (body, reason) => {
    expect(readLandingAnswer(body, "FREE1")).toEqual({ status: "invalid", reason });
  });

  // Each discount_attempts status, one at a time (decision 0038): only "applied" can be free.
  it("status applied with the price at 0: free", () => {
    expect(readLandingAnswer(landing({ status: "applied" }), "FREE1").status).toBe("free");
  });

  it("status applied but the price not 0: not free", () => {
    expect(
      readLandingAnswer(landing({ status: "applied", amount: 12.99, discount: 35 }), "FREE1"),
    ).toEqual({ status: "invalid", reason: "not 100% off (price 12.99)" });
  });

  it("status expired: the coupon has ended", () => {
    expect(readLandingAnswer(landing({ status: "expired" }), "FREE1")).toEqual({
      status: "invalid",
      reason: "coupon expired",
    });
  });

  it("status invalid: no such code for this course", () => {
    expect(readLandingAnswer(landing({ status: "invalid" }), "FREE1")).toEqual({
      status: "invalid",
      reason: "coupon invalid",
    });
  });

  it("status unused: the code was not used for the price shown", () => {
    expect(readLandingAnswer(landing({ status: "unused" }), "FREE1")).toEqual({
      status: "invalid",
      reason: "coupon unused",
    });
  });

  it("any other status (not_found, a new one): not free", () => {
    expect(readLandingAnswer(landing({ status: "not_found" }), "FREE1").status).toBe("invalid");
    expect(readLandingAnswer(landing({ status: "someday-new" }), "FREE1").status).toBe("invalid");
  });

  it("a course whose list price is 0 is always free: not a coupon", () => {
    const body = landing({ status: "applied" });
    body.price_text.data.pricing_result.list_price.amount = 0;
    expect(readLandingAnswer(body, "FREE1")).toEqual({
      status: "invalid",
      reason: "always free (no coupon needed)",
    });
  });

  it("without a coupon code: free only when the price anyone pays now is 0", () => {
    const paid = landing({ amount: 19.99, discount: 0 });
    paid.redeem_coupon.discount_attempts = [];
    expect(readLandingAnswer(paid, null)).toEqual({
      status: "invalid",
      reason: "not 100% off (price 19.99)",
    });
    const campaign = landing({ code: "INSTRUCTOR-CAMPAIGN" });
    campaign.redeem_coupon.discount_attempts = [];
    expect(readLandingAnswer(campaign, null).status).toBe("free");
  });

  it("cannot tell from an answer without pricing", () => {
    expect(readLandingAnswer({}, "X")).toEqual({
      status: "unknown",
      reason: "no pricing in Udemy's answer",
    });
    expect(readLandingAnswer(null, "X").status).toBe("unknown");
  });
});

describe("courseIdFromImageUrl", () => {
  it("reads the id from Udemy's image URLs only", () => {
    expect(
      courseIdFromImageUrl("https://img-c.udemycdn.com/course/750x422/4706600_ea33_3.jpg"),
    ).toBe("4706600");
    expect(courseIdFromImageUrl("https://img-b.udemycdn.com/course/480x270/12_ab.jpg")).toBe("12");
    expect(courseIdFromImageUrl("https://evil.example/course/750x422/1_a.jpg")).toBeNull();
    expect(courseIdFromImageUrl(null)).toBeNull();
  });
});

describe("createUdemyCheck against a fake Udemy", () => {
  let udemy: FixtureServer;
  let check: UdemyCheck;

  beforeAll(async () => {
    udemy = await startFixtureServer({
      "/api-2.0/courses/python-101/": answer({ _class: "course", id: 555 }),
      "/api-2.0/courses/gone/": answer({ detail: "Not found." }, 404),
      "/api-2.0/courses/blocked/": answer("<html>Attention required</html>", 403, "text/html"),
      "/api-2.0/courses/moved-inside/": (_request, response) => {
        response.writeHead(302, { location: "http://127.0.0.1:9/admin" }).end();
      },
      "/api-2.0/courses/not-json/": answer("User-agent: *\nDisallow: /secret", 200, "text/plain"),
      "/api-2.0/course-landing-components/555/me/": (_request, response, url) => {
        const code = url.searchParams.get("couponCode") ?? "";
        const body = code === "LIVE" ? landing({ code }) : landing({ code, status: "expired" });
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
      },
      "/api-2.0/course-landing-components/4706600/me/": answer(landing({ code: "IMG" })),
    });
    check = createUdemyCheck({
      baseUrl: udemy.url("/"),
      policy: {
        timeoutMs: 2_000,
        maxBytes: 1_000_000,
        retries: 0,
        backoffMs: 1,
        userAgent: "KursuskuBot/1.0 (+test)",
      },
    });
  });

  afterAll(async () => {
    await udemy.close();
  });

  it("resolves the course id by slug once, then asks about the coupon", async () => {
    const request = {
      link: "https://www.udemy.com/course/python-101/",
      couponCode: "LIVE",
      imageUrl: null,
    };
    expect(await check.checkCoupon(request)).toEqual({
      status: "free",
      expiresAt: new Date("2024-03-08T12:00:00Z"),
      usesRemaining: 321,
    });
    expect(await check.checkCoupon({ ...request, couponCode: "OLD" })).toEqual({
      status: "invalid",
      reason: "coupon expired",
    });
    expect(udemy.hits("/api-2.0/courses/python-101/")).toBe(1);
    const landingRequest = udemy.requests.find((entry) =>
      entry.path.startsWith("/api-2.0/course-landing-components/555/"),
    );
    expect(landingRequest?.headers["user-agent"]).toBe("KursuskuBot/1.0 (+test)");
  });

  it("takes the id from the image URL without asking", async () => {
    const result = await check.checkCoupon({
      link: "https://www.udemy.com/course/create-awesome-videos/",
      couponCode: "IMG",
      imageUrl: "https://img-c.udemycdn.com/course/750x422/4706600_ea33_3.jpg",
    });
    expect(result.status).toBe("free");
    expect(udemy.hits("/api-2.0/courses/create-awesome-videos/")).toBe(0);
  });

  it("says invalid for a course Udemy no longer has, unknown when blocked", async () => {
    expect(
      await check.checkCoupon({
        link: "https://www.udemy.com/course/gone/",
        couponCode: "X",
        imageUrl: null,
      }),
    ).toEqual({ status: "invalid", reason: "course not found on Udemy" });
    expect(
      await check.checkCoupon({
        link: "https://www.udemy.com/course/blocked/",
        couponCode: "X",
        imageUrl: null,
      }),
    ).toEqual({ status: "unknown", reason: "HTTP 403", refused: true });
  });

  it("never follows Udemy's address to another internal one, nor quotes an answer", async () => {
    const ask = (slug: string) =>
      check.checkCoupon({
        link: `https://www.udemy.com/course/${slug}/`,
        couponCode: "X",
        imageUrl: null,
      });
    expect(await ask("moved-inside")).toEqual({
      status: "unknown",
      reason: "refused to fetch http://127.0.0.1:9/admin: not a public address",
      refused: true,
    });
    expect(await ask("not-json")).toEqual({
      status: "unknown",
      reason: "invalid JSON (format changed?)",
      refused: true,
    });
  });
});

describe("createFakeUdemyCheck", () => {
  it("answers from fixtures by coupon code or link, records the calls, and defaults to free", async () => {
    const fake = createFakeUdemyCheck({ DEAD: { status: "invalid", reason: "coupon expired" } });
    fake.answer("https://www.udemy.com/course/b/", { status: "unknown", reason: "blocked" });
    const ask = (link: string, couponCode: string) =>
      fake.checkCoupon({ link, couponCode, imageUrl: null });
    expect(await ask("https://www.udemy.com/course/a/", "DEAD")).toMatchObject({
      status: "invalid",
    });
    expect(await ask("https://www.udemy.com/course/b/", "X")).toMatchObject({ status: "unknown" });
    expect(await ask("https://www.udemy.com/course/c/", "Y")).toMatchObject({ status: "free" });
    expect(fake.calls.map((call) => call.couponCode)).toEqual(["DEAD", "X", "Y"]);
  });
});
