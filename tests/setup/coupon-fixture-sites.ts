import { readFileSync } from "node:fs";
import { createCouponFeeds } from "../../server/adapters/coupon-feeds/feeds";
import type { FetchPolicy } from "../../server/adapters/coupon-feeds/http-fetch";
import { parseIngestSources } from "../../server/adapters/coupon-feeds/source-config";
import { answer, type FixtureHandler } from "./fixture-http-server";

/**
 * Coupon sites recorded in fixtures (server/adapters/coupon-feeds/fixtures/), served from a
 * fixture server that a preset is pointed at through an INGEST_SOURCES override.
 */

export const presetFetchPolicy: FetchPolicy = {
  timeoutMs: 5_000,
  maxBytes: 1024 * 1024,
  retries: 0,
  backoffMs: 1,
  userAgent: "KursuskuBot/1.0 (+https://kursusku.example)",
};

const FIXTURES = new URL("../../server/adapters/coupon-feeds/fixtures/", import.meta.url);

export const couponFixture = (file: string) => readFileSync(new URL(file, FIXTURES), "utf8");

/** The real sites' origins the fixtures link to; served, they point at the fake server. */
export const RECORDED_ORIGINS = [
  "https://www.discudemy.com",
  "https://www.couponami.com",
  "https://jobs.e-next.in",
  "https://www.udemyfreebies.com",
  "https://udemyxpert.com",
  "https://coursevania.com",
];

/** A fixture page with every link to a recorded site rewritten to `origin()`. */
export const htmlFixture =
  (file: string, origin: () => string): FixtureHandler =>
  (_request, response) => {
    let page = couponFixture(file);
    for (const recorded of RECORDED_ORIGINS) page = page.replaceAll(recorded, origin());
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
  };

export const redirectTo =
  (location: () => string, status = 302): FixtureHandler =>
  (_request, response) => {
    response.writeHead(status, { location: location() }).end();
  };

/** Answers by a query parameter's value (a page number), else `otherwise`. */
export const byQuery =
  (
    parameter: string,
    pages: Record<string, FixtureHandler>,
    otherwise: FixtureHandler,
  ): FixtureHandler =>
  (request, response, url) =>
    (pages[url.searchParams.get(parameter) ?? ""] ?? otherwise)(request, response, url);

/**
 * DiscUdemy as it is in 2026 (decision 0033): a list page of `a.card-header` cards, and a /go/
 * page with several "segment" divs where only the one whose class is exactly "ui segment" holds
 * the course. `list` is the list path without its page number (the preset's `{page}`); the page
 * after the first is empty. The presets' tests and the freshness drill both serve these.
 */
export function discudemy2026Routes(
  origin: () => string,
  list = "/all",
): Record<string, FixtureHandler> {
  return {
    [`${list}/1`]: htmlFixture("discudemy-list-segments.html", origin),
    [`${list}/2`]: answer("<html><body></body></html>", 200, "text/html"),
    "/go/python-absolute-beginners": htmlFixture("discudemy-go-segments.html", origin),
  };
}

/**
 * Course Joiner as it is in 2026 (decision 0033): WordPress's posts API of category 74, each
 * post's course in its `APPLY HERE` button; a page past the last answers WordPress's 400.
 * `base` is the path the preset's `url` names.
 */
export function coursejoiner2026Routes(base = ""): Record<string, FixtureHandler> {
  return {
    [`${base}/wp-json/wp/v2/posts`]: byQuery(
      "page",
      { "1": answer(couponFixture("coursejoiner-posts-2026.json")) },
      answer({ code: "rest_post_invalid_page_number", data: { status: 400 } }, 400),
    ),
  };
}

/**
 * Courson as it is in 2026 (decision 0033): its list's "load more" API takes a POSTed JSON body
 * `{ "filters": {}, "offset": n }` and answers `{ "coupons": [...] }`, 30 at a time; past the
 * last it answers no coupons. Each body received is pushed onto `bodies`.
 */
export function courson2026Routes(bodies: unknown[] = []): Record<string, FixtureHandler> {
  return {
    "/load-more-coupons": async (request, response) => {
      let text = "";
      for await (const chunk of request) text += String(chunk);
      const body = request.method === "POST" ? (JSON.parse(text) as { offset?: unknown }) : null;
      bodies.push(body);
      if (!body) return void response.writeHead(405).end();
      const page = body.offset === 0 ? couponFixture("courson-load-more-0.json") : { coupons: [] };
      answer(page)(request, response, new URL("http://x"));
    },
  };
}

/**
 * CourseVania as it is in 2026 (decision 0033): the courses page hands out the `load_content`
 * nonce; admin-ajax.php answers MasterStudy's `stm_lms_load_content` with the list's HTML in
 * `content` (WordPress's JSON, slashes escaped) only for that nonce, else WordPress's `-1` with a
 * 403; each course page's affiliate button holds the Udemy link. Each nonce received is pushed
 * onto `nonces`.
 */
export const COURSEVANIA_NONCE = "b3f9c2a71e";
export function coursevania2026Routes(
  origin: () => string,
  nonces: string[] = [],
): Record<string, FixtureHandler> {
  const coursePage = (slug: string) => htmlFixture(`coursevania-course-${slug}.html`, origin);
  return {
    "/courses/": htmlFixture("coursevania-courses.html", origin),
    "/wp-admin/admin-ajax.php": (_request, response, url) => {
      const nonce = url.searchParams.get("nonce") ?? "";
      nonces.push(nonce);
      if (
        url.searchParams.get("action") !== "stm_lms_load_content" ||
        nonce !== COURSEVANIA_NONCE
      ) {
        return void response.writeHead(403, { "content-type": "text/html" }).end("-1");
      }
      const answer = JSON.parse(couponFixture("coursevania-load-content.json")) as {
        content: string;
      };
      answer.content = answer.content.replaceAll("https://coursevania.com", origin());
      response
        .writeHead(200, { "content-type": "application/json; charset=UTF-8" })
        .end(JSON.stringify(answer).replaceAll("/", "\\/"));
    },
    "/courses/python-automation-for-everyday-tasks/": coursePage(
      "python-automation-for-everyday-tasks",
    ),
    "/courses/excel-formulas-functions-masterclass/": coursePage(
      "excel-formulas-functions-masterclass",
    ),
  };
}

/** Loads the single source one INGEST_SOURCES entry describes. */
export async function loadOnlySource(
  entry: unknown,
  now: Date,
  overrides: Partial<FetchPolicy> = {},
) {
  const configs = parseIngestSources(JSON.stringify([entry]));
  return createCouponFeeds(configs, { ...presetFetchPolicy, ...overrides }).sources[0]!.load({
    now,
  });
}
