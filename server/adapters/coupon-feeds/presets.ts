/** A desktop Chrome's user agent, as the trackers send it to sites that turn bots away. */
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BROWSER_LANGUAGE = "en-US,en;q=0.9";

/**
 * What a browser sends for a page, for the HTML sites whose trackers fetch them as a browser
 * (DUCE's DiscUdemy headers; udemy_enroller_fastapi's browser headers and CloudScraper): a
 * bot's user agent gets a refusal or a challenge page there.
 */
const BROWSER_PAGE_HEADERS = {
  "user-agent": BROWSER_USER_AGENT,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": BROWSER_LANGUAGE,
};

/** The same browser asking a WordPress site's JSON API, as its own pages' scripts do. */
const BROWSER_JSON_HEADERS = {
  "user-agent": BROWSER_USER_AGENT,
  accept: "application/json, text/plain, */*",
  "accept-language": BROWSER_LANGUAGE,
};

/**
 * Named coupon sources an operator can list in INGEST_SOURCES by name instead of spelling out
 * every option. Each preset is an ordinary source entry (validated by source-config.ts like any
 * other); an entry `{ "preset": "real-discount", "url": "…", "maxPages": 2 }` takes the preset
 * and overrides the options it names, which is also how tests point a preset at a fake server.
 * Where each site's format was learnt: docs/decisions/0016-coupon-source-presets.md and
 * 0033-coupon-source-presets-2026.md.
 *
 * Every preset bounds what one run asks of its site (`maxPages` list or API pages, and for HTML
 * `maxDetailPages` course pages; links followed are capped per run in feeds.ts), and its first
 * page is asked conditionally (If-None-Match / If-Modified-Since) when the site gave validators.
 */
export const COUPON_SOURCE_PRESETS = {
  /**
   * Real Discount's course API, filtered to free Udemy coupons, newest sale first. Its
   * sponsored slots are dropped; an item whose sale price is not 0 is not free. It answers
   * requests that come from its own site and a browser, as the trackers send them.
   */
  "real-discount": {
    kind: "api",
    url: "https://cdn.real.discount/api/courses",
    headers: {
      referer: "https://www.real.discount/",
      "user-agent": BROWSER_USER_AGENT,
    },
    query: { sortBy: "sale_start", store: "Udemy", freeOnly: "true" },
    pageParam: "page",
    limitParam: "limit",
    pageSize: 100,
    firstPage: 1,
    maxPages: 3,
    itemsPath: "items",
    skipWhen: { store: ["Sponsored"] },
    freeWhenZero: "sale_price",
    fieldMap: {
      url: "courseUrl",
      name: "title",
      category: "category",
      subcategory: "subCategory",
      language: "language",
      image: "imageUrl",
      rating: "udemyRating",
      sale_start: "foundAt",
    },
  },
  /**
   * Huythanh0x's coupon server: coupons it checked with Udemy, pages from 0, newest first. An API
   * made for programs: it hears our bot's own name.
   */
  "thanh0x-coupons": {
    kind: "api",
    url: "https://coupons.thanh0x.com/api/v1/coupons",
    pageParam: "pageIndex",
    limitParam: "numberPerPage",
    pageSize: 50,
    firstPage: 0,
    maxPages: 4,
    itemsPath: "courses",
    fieldMap: {
      couponUrl: "courseUrl",
      couponCode: "couponCode",
      title: "title",
      category: "category",
      subCategory: "subCategory",
      language: "language",
      level: "level",
      author: "instructor",
      heading: "headline",
      description: "description",
      previewImage: "imageUrl",
      contentLength: "durationMinutes",
      rating: "udemyRating",
      reviews: "udemyReviews",
      students: "students",
      usesRemaining: "usesRemaining",
      expiredDate: "expiresAt",
    },
  },
  /**
   * Courson: the "load more" API of its coupon list, POSTed a JSON body with the number of
   * coupons already shown (it answers 30 at a time). Each coupon names the course by its Udemy
   * slug (`id_name`), with its code and its title (`headline`): the Udemy link is built from
   * them, as DUCE's Courson scraper builds it. DUCE asks it with a plain HTTP client: it hears
   * our bot's own name.
   */
  courson: {
    kind: "api",
    url: "https://courson.xyz/load-more-coupons",
    body: { filters: {} },
    pageParam: "offset",
    pageIsOffset: true,
    limitParam: null,
    pageSize: 30,
    firstPage: 1,
    maxPages: 4,
    itemsPath: "coupons",
    courseUrlTemplate: "https://www.udemy.com/course/{id_name}/",
    fieldMap: { headline: "title", coupon_code: "couponCode" },
  },
  /** Course Joiner (WordPress): the Udemy category; the course link is the "APPLY HERE" anchor. */
  coursejoiner: {
    kind: "wordpress",
    url: "https://www.coursejoiner.com",
    headers: BROWSER_JSON_HEADERS,
    query: { categories: "74" },
    perPage: 50,
    maxPages: 3,
    linkSelector: 'a:contains("APPLY HERE")',
  },
  /**
   * iDownloadCoupon (WooCommerce on WordPress): products of the Udemy category; each product's
   * `/udemy/<id>/` answers a redirect to trk.udemy.com (its `u=` is the course, or a short link
   * without `u=` redirects on to it).
   */
  idownloadcoupon: {
    kind: "wordpress",
    url: "https://idownloadcoupon.com",
    headers: BROWSER_JSON_HEADERS,
    postType: "product",
    query: { product_cat: "15" },
    perPage: 50,
    maxPages: 2,
    linkTemplate: "https://idownloadcoupon.com/udemy/{id}/",
  },
  /**
   * DiscUdemy (HTML): list cards lead to the course page; its /go/ page holds the Udemy link in
   * the element whose class is exactly "ui segment" (other segments hold other links).
   */
  discudemy: {
    kind: "html",
    url: "https://www.discudemy.com/all/{page}",
    headers: BROWSER_PAGE_HEADERS,
    firstPage: 1,
    maxPages: 2,
    itemSelector: "a.card-header",
    detailUrlPattern: "^(https?://[^/]+)/[^/]+/([^/?#]+)/?$",
    detailUrlReplacement: "$1/go/$2",
    maxDetailPages: 20,
    linkSelector: 'div[class="ui segment"] a[href]',
  },
  /** Couponami, DiscUdemy's successor (same layout): the Udemy link in the violet message. */
  couponami: {
    kind: "html",
    url: "https://www.couponami.com/all/{page}",
    headers: BROWSER_PAGE_HEADERS,
    firstPage: 1,
    maxPages: 2,
    itemSelector: "section.card a.card-header",
    detailUrlPattern: "^(https?://[^/]+)/[^/]+/([^/?#]+)/?$",
    detailUrlReplacement: "$1/go/$2",
    maxDetailPages: 20,
    linkSelector: 'div.ui.violet.message a[href*="udemy.com"]',
  },
  /** E-next (HTML): list buttons lead to a page whose h3 is the title and btn-primary the link. */
  "e-next": {
    kind: "html",
    url: "https://jobs.e-next.in/course/udemy/{page}",
    headers: BROWSER_PAGE_HEADERS,
    firstPage: 1,
    maxPages: 2,
    itemSelector: 'a[class="btn btn-secondary btn-sm btn-block"]',
    maxDetailPages: 20,
    titleSelector: "h3",
    linkSelector: 'a[class="btn btn-primary"]',
  },
  /** Udemy Freebies (HTML): each card's `/out/<slug>` redirects to the course; no page read. */
  "udemy-freebies": {
    kind: "html",
    url: "https://www.udemyfreebies.com/free-udemy-courses/{page}",
    headers: BROWSER_PAGE_HEADERS,
    firstPage: 1,
    maxPages: 2,
    itemSelector: 'div.coupon-name a[href*="/free-udemy-course/"]',
    detailUrlPattern: "^(https?://[^/]+)/free-udemy-course/([^/?#]+)/?$",
    detailUrlReplacement: "$1/out/$2",
    detailIsLink: true,
    maxDetailPages: 20,
  },
  /**
   * CourseVania (HTML in JSON): the courses page hands every visitor a `load_content` nonce (in
   * `var stm_lms_nonces = {…}`); the MasterStudy plugin's admin-ajax call answers the newest 60
   * courses as `{ "content": "<html>" }`; each course page's affiliate button is the link.
   */
  coursevania: {
    kind: "html",
    url: "https://coursevania.com/wp-admin/admin-ajax.php?template=courses%2Fgrid&args=%7B%22posts_per_page%22%3A%2260%22%7D&action=stm_lms_load_content&sort=date_high&nonce={token}",
    token: {
      url: "https://coursevania.com/courses/",
      pattern: '"load_content"\\s*:\\s*"([\\w-]+)"',
    },
    listJsonField: "content",
    headers: BROWSER_PAGE_HEADERS,
    maxPages: 1,
    itemSelector: "div.stm_lms_courses__single--title a[href]",
    maxDetailPages: 20,
    linkSelector: "a.masterstudy-button-affiliate__link, div.stm-lms-buy-buttons a[href]",
  },
  /** UdemyXpert (HTML): course cards (title in the image's alt) → page with the Udemy link. */
  udemyxpert: {
    kind: "html",
    url: "https://udemyxpert.com/courses?page={page}",
    headers: BROWSER_PAGE_HEADERS,
    firstPage: 1,
    maxPages: 2,
    itemSelector: "a.course-card-link",
    maxDetailPages: 20,
    linkSelector: 'a[href^="https://www.udemy.com/course/"], a[href^="https://udemy.com/course/"]',
  },
} as const satisfies Record<string, Record<string, unknown> & { kind: string }>;

export type CouponSourcePresetName = keyof typeof COUPON_SOURCE_PRESETS;

export const COUPON_SOURCE_PRESET_NAMES = Object.keys(
  COUPON_SOURCE_PRESETS,
) as CouponSourcePresetName[];

function isPresetName(name: string): name is CouponSourcePresetName {
  return Object.hasOwn(COUPON_SOURCE_PRESETS, name);
}

/**
 * Turns the preset entries of an INGEST_SOURCES list into full source entries: `"name"` →
 * the preset named so; `{ "preset": name, …overrides }` → the preset with those options
 * replaced (`name` renames it, so one preset can run twice). Other entries pass unchanged.
 * Throws for an unknown preset or an override that changes its kind, naming the entry.
 */
export function expandPresetEntries(json: unknown): unknown {
  if (!Array.isArray(json)) return json;
  return json.map((entry: unknown, index) => {
    if (typeof entry === "string") return expandPreset(entry, {}, index);
    if (entry !== null && typeof entry === "object" && "preset" in entry) {
      const { preset, ...overrides } = entry as Record<string, unknown>;
      if (typeof preset !== "string") throw new Error(`[${index}.preset] must be a preset name`);
      return expandPreset(preset, overrides, index);
    }
    return entry;
  });
}

function expandPreset(preset: string, overrides: Record<string, unknown>, index: number): unknown {
  if (!isPresetName(preset)) {
    throw new Error(
      `[${index}] unknown preset "${preset.slice(0, 60)}" (known presets: ${COUPON_SOURCE_PRESET_NAMES.join(", ")})`,
    );
  }
  const base = COUPON_SOURCE_PRESETS[preset];
  if (overrides.kind !== undefined && overrides.kind !== base.kind) {
    throw new Error(`[${index}.kind] preset "${preset}" is of kind "${base.kind}"`);
  }
  return { name: preset, ...structuredClone(base), ...overrides, preset };
}
