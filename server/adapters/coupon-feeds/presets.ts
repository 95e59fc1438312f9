/**
 * Named coupon sources an operator can list in INGEST_SOURCES by name instead of spelling out
 * every option. Each preset is an ordinary source entry (validated by source-config.ts like any
 * other); an entry `{ "preset": "real-discount", "url": "…", "maxPages": 2 }` takes the preset
 * and overrides the options it names, which is also how tests point a preset at a fake server.
 * Where each site's format was learnt: docs/decisions/0016-coupon-source-presets.md.
 */
export const COUPON_SOURCE_PRESETS = {
  /** Real Discount's course API, filtered to free Udemy coupons, newest sale first. */
  "real-discount": {
    kind: "api",
    url: "https://cdn.real.discount/api/courses",
    query: { sortBy: "sale_start", store: "Udemy", freeOnly: "true" },
    pageParam: "page",
    limitParam: "limit",
    pageSize: 100,
    firstPage: 1,
    maxPages: 3,
    itemsPath: "items",
    fieldMap: {
      url: "courseUrl",
      name: "title",
      category: "category",
      subcategory: "subCategory",
      image: "imageUrl",
      rating: "udemyRating",
      sale_start: "foundAt",
    },
  },
  /** Tutorial Bar (WordPress): the free-course category; the course link is an ACF field. */
  tutorialbar: {
    kind: "wordpress",
    url: "https://www.tutorialbar.com",
    query: { categories: "55" },
    perPage: 50,
    maxPages: 3,
    linkField: "acf.course_url",
  },
  /** Course Joiner (WordPress): the Udemy category; the course link is the "APPLY HERE" anchor. */
  coursejoiner: {
    kind: "wordpress",
    url: "https://www.coursejoiner.com",
    query: { categories: "74" },
    perPage: 50,
    maxPages: 3,
    linkSelector: 'a:contains("APPLY HERE")',
  },
  /**
   * iDownloadCoupon (WordPress): a post may hold the Udemy link; otherwise its `/udemy/<id>/`
   * page redirects to a LinkShare link whose `murl` is the course.
   */
  idownloadcoupon: {
    kind: "wordpress",
    url: "https://idownloadcoupon.com",
    perPage: 50,
    maxPages: 2,
    linkTemplate: "https://idownloadcoupon.com/udemy/{id}/",
  },
  /** The udemy-coupons JSON feed (see shared/data/SOURCE.md), as committed upstream. */
  "udemy-coupons": {
    kind: "json",
    url: "https://raw.githubusercontent.com/Huythanh0x/crawl_udemy_coupon_real_time/master/udemy_coupon.json",
  },
  /** DiscUdemy (HTML): list cards lead to the course page; its /go/ page holds the Udemy link. */
  discudemy: {
    kind: "html",
    url: "https://www.discudemy.com/all/{page}",
    firstPage: 1,
    maxPages: 2,
    itemSelector: "a.card-header",
    detailUrlPattern: "^(https?://[^/]+)/[^/]+/([^/?#]+)/?$",
    detailUrlReplacement: "$1/go/$2",
    maxDetailPages: 20,
    linkSelector: "div.ui.segment a[href]",
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
