import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake Udemy says about one course's coupons. */
export type FakeCouponState =
  | { kind: "free"; endTime?: string | null; usesRemaining?: number | null }
  | { kind: "expired" }
  | { kind: "paid" }
  /** Free without any coupon: list price 0 (no certificate). */
  | { kind: "always-free" }
  /** Accepts the request and never answers. */
  | { kind: "hang" }
  | { kind: "status"; status: number };

export type FakeUdemy = {
  baseUrl: string;
  /** From now on, answer this for the course (its Udemy id, or its slug). */
  set(course: string, state: FakeCouponState): void;
  /** Coupon questions received for the course (its Udemy id, or its slug). */
  questions(course: string): number;
  /**
   * From now on, the course API answers this for the course: facts over the defaults (a paid
   * English course described from its slug), or a bare HTTP status (404, 429…), or a raw body.
   */
  setFacts(course: string, facts: FakeCourseFacts): void;
  /** Course-facts questions received for the course (its Udemy id, or its slug). */
  factQuestions(course: string): number;
  /** Every request received (course lookups, course facts and coupon questions together). */
  requestCount(): number;
  close(): Promise<void>;
};

const LANDING = /^\/api-2\.0\/course-landing-components\/(\d+)\/me\/$/;
const COURSE = /^\/api-2\.0\/courses\/([^/]+)\/$/;
/** Control path for tests in another process: POST /__fake/courses/<id or slug> with a state. */
const CONTROL = /^\/__fake\/courses\/([^/]+)$/;

export type FakeCourseFacts =
  | { kind?: "facts"; fields?: Record<string, unknown> }
  | { kind: "status"; status: number; retryAfter?: string }
  | { kind: "raw"; body: string };

/** A course without an image URL is looked up by slug; the fake gives each slug a stable id. */
export function fakeIdForSlug(slug: string): string {
  let hash = 7;
  for (const character of slug) hash = (hash * 31 + character.charCodeAt(0)) % 9_000_000;
  return String(1_000_000 + hash);
}

const toId = (course: string) => (/^\d+$/.test(course) ? course : fakeIdForSlug(course));

/**
 * A stand-in for Udemy's course APIs on 127.0.0.1, in Udemy's own answer format: the course
 * lookup by slug (`/api-2.0/courses/<slug>/?fields[course]=id`) and the course-landing
 * components with a coupon (`price_text`, `redeem_coupon`). Every coupon is free (with no
 * campaign facts) unless a test says otherwise.
 */
export async function startFakeUdemy(options: { port?: number } = {}): Promise<FakeUdemy> {
  const states = new Map<string, FakeCouponState>();
  const asked = new Map<string, number>();
  const facts = new Map<string, FakeCourseFacts>();
  const factsAsked = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  let received = 0;
  const server = createServer((request, response) => {
    received += 1;
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const control = CONTROL.exec(url.pathname);
    if (control && request.method === "POST") {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        states.set(toId(decodeURIComponent(control[1]!)), JSON.parse(body) as FakeCouponState);
        response.writeHead(204).end();
      });
      return;
    }
    const course = COURSE.exec(url.pathname);
    if (course) {
      const key = toId(decodeURIComponent(course[1]!));
      const fields = url.searchParams.get("fields[course]") ?? "";
      if (fields === "id" || fields === "") {
        json(response, 200, { _class: "course", id: Number(key) });
        return;
      }
      factsAsked.set(key, (factsAsked.get(key) ?? 0) + 1);
      const answer = facts.get(key) ?? {};
      if (answer.kind === "status") {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (answer.retryAfter !== undefined) headers["retry-after"] = answer.retryAfter;
        response.writeHead(answer.status, headers).end(JSON.stringify({ detail: "Not found." }));
        return;
      }
      if (answer.kind === "raw") {
        response.writeHead(200, { "content-type": "application/json" }).end(answer.body);
        return;
      }
      const state = states.get(key);
      json(response, 200, {
        ...courseAnswer(decodeURIComponent(course[1]!), Number(key), state?.kind === "always-free"),
        ...answer.fields,
      });
      return;
    }
    const landing = LANDING.exec(url.pathname);
    if (!landing) {
      json(response, 404, { detail: "Not found." });
      return;
    }
    const id = landing[1]!;
    asked.set(id, (asked.get(id) ?? 0) + 1);
    const code = url.searchParams.get("couponCode");
    const state = states.get(id) ?? { kind: "free", endTime: null, usesRemaining: null };
    switch (state.kind) {
      case "always-free":
        json(response, 200, alwaysFreeAnswer());
        return;
      case "hang":
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
        return;
      case "status":
        response.writeHead(state.status, { "content-type": "text/html" }).end("<html></html>");
        return;
      case "free":
        json(response, 200, landingAnswer(code, 0, "applied", state));
        return;
      case "paid":
        json(response, 200, landingAnswer(code, 19.99, "applied", {}));
        return;
      case "expired":
        json(response, 200, landingAnswer(code, 19.99, "expired", {}));
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    set: (course, state) => states.set(toId(course), state),
    questions: (course) => asked.get(toId(course)) ?? 0,
    setFacts: (course, answer) => facts.set(toId(course), answer),
    factQuestions: (course) => factsAsked.get(toId(course)) ?? 0,
    requestCount: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

/**
 * Udemy's public course API answer (`/api-2.0/courses/<id>/?fields[course]=…`) in its real
 * shape (as the public trackers read it), described from the slug: a paid English course.
 */
function courseAnswer(slug: string, id: number, alwaysFree: boolean) {
  const title = slug
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
  return {
    _class: "course",
    id,
    title,
    url: `/course/${slug}/`,
    is_paid: !alwaysFree,
    price_detail: alwaysFree
      ? null
      : { amount: 19.99, currency: "USD", price_string: "$19.99", currency_symbol: "$" },
    visible_instructors: [
      {
        _class: "user",
        title: "Dewi Lestari",
        name: "Dewi",
        display_name: "Dewi Lestari",
        job_title: "Software engineer",
        url: "/user/dewi-lestari/",
      },
    ],
    image_480x270: `https://img-c.udemycdn.com/course/480x270/${id}_a1b2.jpg`,
    image_750x422: `https://img-c.udemycdn.com/course/750x422/${id}_a1b2.jpg`,
    headline: `Everything about ${title}, step by step`,
    description: `<p>In <strong>${title}</strong> you build real projects from the first lesson.</p><ul><li>Short videos</li><li>Exercises with answers</li></ul>`,
    locale: {
      _class: "locale",
      locale: "en_US",
      title: "English (US)",
      english_title: "English (US)",
      simple_english_title: "English",
    },
    instructional_level: "Beginner Level",
    content_length_video: 5 * 3600 + 30 * 60,
    estimated_content_length: 345,
    avg_rating: 4.55,
    num_reviews: 1234,
    num_subscribers: 45678,
    last_update_date: "2026-10-14",
    primary_category: {
      _class: "course_category",
      id: 288,
      title: "Development",
      title_cleaned: "Development",
      url: "/courses/development/",
    },
    primary_subcategory: {
      _class: "course_subcategory",
      id: 8,
      title: "Web Development",
      title_cleaned: "Web Development",
      url: "/courses/development/web-development/",
    },
    objectives_summary: ["Build a project end to end", "Read and fix real code"],
    what_you_will_learn_data: {
      items: ["Build a project end to end", "Read and fix real code", "Deploy what you built"],
    },
  };
}

/** A course free without any coupon: list price 0, nothing to redeem. */
function alwaysFreeAnswer() {
  const zero = { amount: 0, currency: "USD", price_string: "Free" };
  return {
    price_text: {
      data: {
        pricing_result: { price: zero, list_price: zero, discount_percent: 0, campaign: null },
        list_price: zero,
      },
    },
    redeem_coupon: { discount_attempts: [] },
  };
}

/**
 * Udemy's course-landing-components answer for a coupon, with the parts Kursusku reads; without
 * a code (`code` null) nothing was redeemed, and the price is what anyone pays today.
 */
function landingAnswer(
  code: string | null,
  amount: number,
  attemptStatus: string,
  campaign: { endTime?: string | null; usesRemaining?: number | null },
) {
  const applied = attemptStatus === "applied";
  const campaignCode = code ?? "AUTO-CAMPAIGN";
  return {
    price_text: {
      data: {
        pricing_result: {
          price: {
            amount,
            currency: "USD",
            price_string: amount === 0 ? "Free" : `$${amount}`,
          },
          list_price: { amount: 19.99, currency: "USD", price_string: "$19.99" },
          discount_percent: amount === 0 ? 100 : 0,
          campaign: applied
            ? {
                code: campaignCode,
                end_time: campaign.endTime ?? null,
                uses_remaining: campaign.usesRemaining ?? null,
                maximum_uses: 1000,
              }
            : null,
        },
      },
    },
    redeem_coupon: {
      discount_attempts: code === null ? [] : [{ code, status: attemptStatus }],
    },
  };
}
