import {
  COUPON_SOURCE_PRESET_NAMES,
  COUPON_SOURCE_PRESETS,
} from "../../server/adapters/coupon-feeds/presets";
import {
  byQuery,
  couponFixture,
  coursejoiner2026Routes,
  courson2026Routes,
  coursevania2026Routes,
  discudemy2026Routes,
  RECORDED_ORIGINS,
  redirectTo as redirect,
} from "./coupon-fixture-sites";
import {
  answer,
  startFixtureServer,
  type FixtureHandler,
  type FixtureServer,
} from "./fixture-http-server";

/**
 * Every preset's site on 127.0.0.1, each on its own fixture server answering the recorded pages
 * of server/adapters/coupon-feeds/fixtures/ (the formats of decision 0033). `sources` is the
 * INGEST_SOURCES that points each preset there and changes nothing else: the default
 * configuration with only the base addresses replaced.
 *
 * Real Discount's second page also lists a course with no coupon code (COUPONLESS_COURSE_SLUG):
 * only Udemy can say whether it is free now.
 */
export type PresetFixtureSites = {
  sources: Array<Record<string, unknown>>;
  servers: Record<string, FixtureServer>;
  /** Requests the sites received, all presets together. */
  requestCount(): number;
  close(): Promise<void>;
};

export const COUPONLESS_COURSE_SLUG = "negotiation-masterclass-paid";
export const COUPONLESS_COURSE_TITLE = "Negotiation Masterclass (no coupon)";

type Site = {
  routes: (origin: () => string) => Record<string, FixtureHandler>;
  /** The preset's options that name an address, for the site at `origin`. */
  overrides: (origin: string) => Record<string, unknown>;
};

/**
 * A fixture's text with its 2024 days moved to the 2026 recordings' week (2024-03-04 →
 * 2026-11-24 …): a coupon its source dates years ago would leave the list as stale in the run
 * that finds it.
 */
const fixture = (file: string) => couponFixture(file).replaceAll("2024-03-0", "2026-11-2");

/** A fixture page with every link to a recorded site rewritten to `origin()`. */
const htmlFixture =
  (file: string, origin: () => string): FixtureHandler =>
  (_request, response) => {
    let page = fixture(file);
    for (const recorded of RECORDED_ORIGINS) page = page.replaceAll(recorded, origin());
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
  };

const emptyHtml = answer("<html><body></body></html>", 200, "text/html");

const SITES: Record<string, Site> = {
  "real-discount": {
    routes: (origin) => ({
      "/api/courses": byQuery(
        "page",
        {
          "1": (request, response, url) =>
            answer(
              fixture("real-discount-page-1.json").replaceAll(
                "https://www.real.discount/ad/",
                `${origin()}/rd-ad/`,
              ),
            )(request, response, url),
          "2": answer(withCouponlessItem(fixture("real-discount-page-2.json"))),
        },
        answer({ items: [], totalPages: 2 }),
      ),
    }),
    overrides: (origin) => ({ url: `${origin}/api/courses` }),
  },
  "thanh0x-coupons": {
    routes: () => ({
      "/api/v1/coupons": byQuery(
        "pageIndex",
        {
          "0": answer(fixture("thanh0x-coupons-page-0.json")),
          "1": answer(fixture("thanh0x-coupons-page-1.json")),
        },
        answer(fixture("thanh0x-coupons-page-2.json")),
      ),
    }),
    overrides: (origin) => ({ url: `${origin}/api/v1/coupons` }),
  },
  courson: {
    routes: () => courson2026Routes(),
    overrides: (origin) => ({ url: `${origin}/load-more-coupons` }),
  },
  coursejoiner: {
    routes: () => coursejoiner2026Routes(),
    overrides: (origin) => ({ url: origin }),
  },
  idownloadcoupon: {
    routes: (origin) => ({
      "/wp-json/wp/v2/product": answer(fixture("idownloadcoupon-products.json")),
      "/udemy/240301/": redirect(
        () =>
          "https://trk.udemy.com/c/3925155/1234567/39197?u=https%3A%2F%2Fwww.udemy.com%2Fcourse%2Fsql-for-data-analysts-idc%2F%3FcouponCode%3DSQL-NOV26",
      ),
      "/udemy/240302/": redirect(() => `${origin()}/trk/yZ4kQ`),
      "/trk/yZ4kQ": redirect(
        () =>
          "https://www.udemy.com/course/react-native-crash-course-idc/?couponCode=RN-NOV26&utm_source=impact",
      ),
    }),
    overrides: (origin) => ({ url: origin, linkTemplate: `${origin}/udemy/{id}/` }),
  },
  discudemy: {
    routes: (origin) => discudemy2026Routes(origin),
    overrides: (origin) => ({ url: `${origin}/all/{page}` }),
  },
  couponami: {
    routes: (origin) => ({
      "/all/1": htmlFixture("couponami-list-1.html", origin),
      "/all/2": emptyHtml,
      "/go/belajar-figma-untuk-pemula": htmlFixture(
        "couponami-go-belajar-figma-untuk-pemula.html",
        origin,
      ),
      "/go/chatgpt-prompt-engineering": htmlFixture(
        "couponami-go-chatgpt-prompt-engineering.html",
        origin,
      ),
    }),
    overrides: (origin) => ({ url: `${origin}/all/{page}` }),
  },
  "e-next": {
    routes: (origin) => ({
      "/course/udemy/1": htmlFixture("e-next-list-1.html", origin),
      "/course/udemy/2": emptyHtml,
      "/course/udemy/view/complete-java-masterclass-2026": htmlFixture(
        "e-next-view-complete-java-masterclass-2026.html",
        origin,
      ),
      "/course/udemy/view/digital-marketing-strategy": htmlFixture(
        "e-next-view-digital-marketing-strategy.html",
        origin,
      ),
    }),
    overrides: (origin) => ({ url: `${origin}/course/udemy/{page}` }),
  },
  "udemy-freebies": {
    routes: (origin) => ({
      "/free-udemy-courses/1": htmlFixture("udemy-freebies-list-1.html", origin),
      "/free-udemy-courses/2": emptyHtml,
      "/out/power-bi-dashboard-design": redirect(
        () => "https://www.udemy.com/course/power-bi-dashboard-design-uf/?couponCode=PBI-NOV26",
      ),
      "/out/bahasa-inggris-percakapan": redirect(
        () =>
          "https://trk.udemy.com/c/3925155/1234567/39197?u=https%3A%2F%2Fwww.udemy.com%2Fcourse%2Fbahasa-inggris-percakapan%2F%3FcouponCode%3DENGLISH-ID",
      ),
    }),
    overrides: (origin) => ({ url: `${origin}/free-udemy-courses/{page}` }),
  },
  coursevania: {
    routes: (origin) => coursevania2026Routes(origin),
    overrides: (origin) => ({
      url: `${origin}/wp-admin/admin-ajax.php?template=courses%2Fgrid&action=stm_lms_load_content&sort=date_high&nonce={token}`,
      token: { ...COUPON_SOURCE_PRESETS.coursevania.token, url: `${origin}/courses/` },
    }),
  },
  udemyxpert: {
    routes: (origin) => ({
      "/courses": byQuery(
        "page",
        { "1": htmlFixture("udemyxpert-list-1.html", origin) },
        emptyHtml,
      ),
      "/courses/kotlin-android-development": htmlFixture(
        "udemyxpert-course-kotlin-android-development.html",
        origin,
      ),
      "/courses/akuntansi-dasar": htmlFixture("udemyxpert-course-akuntansi-dasar.html", origin),
    }),
    overrides: (origin) => ({ url: `${origin}/courses?page={page}` }),
  },
};

/** Real Discount's page with one more item: a course link without a coupon code. */
function withCouponlessItem(page: string): string {
  const parsed = JSON.parse(page) as { items: Array<Record<string, unknown>> };
  parsed.items.push({
    name: COUPONLESS_COURSE_TITLE,
    url: `https://www.udemy.com/course/${COUPONLESS_COURSE_SLUG}/`,
    category: "Business",
    subcategory: "Sales",
    rating: 4.2,
    price: 19.99,
    sale_price: 0,
    store: "Udemy",
    sale_start: "2026-11-26T08:30:00.000Z",
    language: "English",
  });
  return JSON.stringify(parsed);
}

export async function startPresetFixtureSites(): Promise<PresetFixtureSites> {
  const missing = COUPON_SOURCE_PRESET_NAMES.filter((name) => !(name in SITES));
  if (missing.length > 0) throw new Error(`no fixture site for presets: ${missing.join(", ")}`);
  const servers: Record<string, FixtureServer> = {};
  const sources: Array<Record<string, unknown>> = [];
  for (const name of COUPON_SOURCE_PRESET_NAMES) {
    const site = SITES[name]!;
    let origin = "";
    const server = await startFixtureServer(site.routes(() => origin));
    origin = server.url("").replace(/\/$/, "");
    servers[name] = server;
    sources.push({ preset: name, ...site.overrides(origin) });
  }
  return {
    sources,
    servers,
    requestCount: () =>
      Object.values(servers).reduce((total, server) => total + server.requests.length, 0),
    close: async () => {
      await Promise.all(Object.values(servers).map((server) => server.close()));
    },
  };
}
