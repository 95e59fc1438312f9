import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  byQuery,
  couponFixture as fixture,
  coursejoiner2026Routes,
  COURSEVANIA_NONCE,
  courson2026Routes,
  coursevania2026Routes,
  discudemy2026Routes,
  htmlFixture,
  loadOnlySource,
  presetFetchPolicy,
  redirectTo as redirect,
} from "../../../tests/setup/coupon-fixture-sites";
import {
  answer,
  startFixtureServer,
  type FixtureServer,
} from "../../../tests/setup/fixture-http-server";
import { newCouponRecord, type CouponRecord } from "./coupon-record";
import { COUPON_SOURCE_PRESETS } from "./presets";

/**
 * The presets as their sites were in November 2026 (docs/decisions/0033): fixtures in the format
 * the public trackers read, served from a fake server each preset is pointed at.
 */
const now = new Date("2026-11-27T03:00:00Z");

let server: FixtureServer;
let origin: string;
const coursonBodies: unknown[] = [];
const coursevaniaNonces: string[] = [];

const html = (file: string) => htmlFixture(file, () => origin);
const loadOnly = (entry: unknown) => loadOnlySource(entry, now);

function record(
  fields: Partial<CouponRecord> & Pick<CouponRecord, "courseUrl" | "title">,
): CouponRecord {
  return newCouponRecord({ foundAt: now, ...fields });
}

beforeAll(async () => {
  server = await startFixtureServer({
    "/api/courses": byQuery(
      "page",
      {
        "1": (request, response, url) =>
          answer(
            fixture("real-discount-page-1.json").replaceAll(
              "https://www.real.discount/ad/",
              `${origin}/rd-ad/`,
            ),
          )(request, response, url),
        "2": answer(fixture("real-discount-page-2.json")),
      },
      answer({ items: [], totalPages: 2 }),
    ),
    "/api/v1/coupons": byQuery(
      "pageIndex",
      {
        "0": answer(fixture("thanh0x-coupons-page-0.json")),
        "1": answer(fixture("thanh0x-coupons-page-1.json")),
      },
      answer(fixture("thanh0x-coupons-page-2.json")),
    ),
    "/idc/wp-json/wp/v2/product": answer(fixture("idownloadcoupon-products.json")),
    "/idc/udemy/240301/": redirect(
      () =>
        "https://trk.udemy.com/c/3925155/1234567/39197?u=https%3A%2F%2Fwww.udemy.com%2Fcourse%2Fsql-for-data-analysts-idc%2F%3FcouponCode%3DSQL-NOV26",
    ),
    // A short trk.udemy.com link without `u=`: it must be followed to learn the course.
    "/idc/udemy/240302/": redirect(() => `${origin}/trk/yZ4kQ`),
    "/trk/yZ4kQ": redirect(
      () =>
        "https://www.udemy.com/course/react-native-crash-course-idc/?couponCode=RN-NOV26&utm_source=impact&utm_medium=affiliate",
    ),
    ...discudemy2026Routes(() => origin, "/seg"),
    ...coursejoiner2026Routes("/cj"),
    ...courson2026Routes(coursonBodies),
    ...coursevania2026Routes(() => origin, coursevaniaNonces),
    "/all/1": html("couponami-list-1.html"),
    "/go/belajar-figma-untuk-pemula": html("couponami-go-belajar-figma-untuk-pemula.html"),
    "/go/chatgpt-prompt-engineering": html("couponami-go-chatgpt-prompt-engineering.html"),
    "/course/udemy/1": html("e-next-list-1.html"),
    "/course/udemy/view/complete-java-masterclass-2026": html(
      "e-next-view-complete-java-masterclass-2026.html",
    ),
    "/course/udemy/view/digital-marketing-strategy": html(
      "e-next-view-digital-marketing-strategy.html",
    ),
    "/free-udemy-courses/1": html("udemy-freebies-list-1.html"),
    "/out/power-bi-dashboard-design": redirect(
      () => "https://www.udemy.com/course/power-bi-dashboard-design-uf/?couponCode=PBI-NOV26",
    ),
    "/out/bahasa-inggris-percakapan": redirect(
      () =>
        "https://trk.udemy.com/c/3925155/1234567/39197?u=https%3A%2F%2Fwww.udemy.com%2Fcourse%2Fbahasa-inggris-percakapan%2F%3FcouponCode%3DENGLISH-ID",
    ),
    "/courses": byQuery(
      "page",
      { "1": html("udemyxpert-list-1.html") },
      answer("<html><body></body></html>", 200, "text/html"),
    ),
    "/courses/kotlin-android-development": html(
      "udemyxpert-course-kotlin-android-development.html",
    ),
    "/courses/akuntansi-dasar": html("udemyxpert-course-akuntansi-dasar.html"),
  });
  origin = server.url("").replace(/\/$/, "");
});

afterAll(async () => {
  await server.close();
});

describe("presets as their sites are in 2026", () => {
  it("real-discount sends its site's referer and a browser's user-agent on every API page", async () => {
    const before = server.requests.length;
    await loadOnly({ preset: "real-discount", url: server.url("/api/courses"), maxPages: 2 });
    const sent = server.requests.slice(before);
    expect(sent.map((request) => request.path)).toEqual(["/api/courses", "/api/courses"]);
    for (const request of sent) {
      expect(request.headers.referer).toBe("https://www.real.discount/");
      expect(request.headers["user-agent"]).toMatch(/^Mozilla\/5\.0 .*Chrome\//);
    }
  });

  it("real-discount (api): sponsored items dropped before any link is followed; a sale price above 0 is not free; language kept", async () => {
    const { records, rejected } = await loadOnly({
      preset: "real-discount",
      url: server.url("/api/courses"),
      maxPages: 2,
    });
    expect(records.map((item) => [item.title, item.couponCode, item.language])).toEqual([
      ["Python Dasar untuk Analis Data", "RD-PY-0306", "Indonesian"],
      ["Excel for Beginners", "EXCEL-FREE", "English"],
      ["Public Speaking Essentials", "SPEAK24", "English"],
    ]);
    expect(records[0]).toEqual(
      record({
        courseUrl: "https://www.udemy.com/course/python-dasar-analis-data/?couponCode=RD-PY-0306",
        couponCode: "RD-PY-0306",
        title: "Python Dasar untuk Analis Data",
        category: "Development",
        subCategory: "Data Science",
        language: "Indonesian",
        imageUrl: "https://img-c.udemycdn.com/course/750x422/1111111_aaaa.jpg",
        udemyRating: 4.4,
        foundAt: new Date("2024-03-05T23:10:00Z"),
      }),
    );
    expect(rejected).toEqual(["page 1 item 2: not free: sale_price is 12.99"]);
    expect(server.hits("/rd-ad/forex-trader-pro")).toBe(0);
  });

  it("thanh0x-coupons (api): pageIndex from 0 with numberPerPage, the summary fields of each coupon", async () => {
    const { records, rejected } = await loadOnly({
      preset: "thanh0x-coupons",
      url: server.url("/api/v1/coupons"),
    });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl:
          "https://www.udemy.com/course/belajar-laravel-11-dari-nol/?couponCode=LARAVEL-NOV26",
        couponCode: "LARAVEL-NOV26",
        title: "Belajar Laravel 11 dari Nol",
        category: "Development",
        level: "Beginner",
        instructor: "Rizky Pratama",
        imageUrl: "https://img-c.udemycdn.com/course/750x422/5123456_abcd.jpg",
        udemyRating: 4.55,
        students: 3400,
        usesRemaining: 812,
        expiresAt: new Date("2026-11-30T06:19:00Z"),
      }),
      record({
        courseUrl: "https://www.udemy.com/course/excel-pivot-tables-one-hour/?couponCode=PIVOT26",
        couponCode: "PIVOT26",
        title: "Excel Pivot Tables in One Hour",
        category: "Office Productivity",
        level: "All Levels",
        instructor: "Sari Dewi",
        imageUrl: "https://img-c.udemycdn.com/course/750x422/4987001_ef01.jpg",
        udemyRating: 4.1,
        students: 900,
        usesRemaining: 120,
        expiresAt: new Date("2026-11-29T12:00:00Z"),
      }),
      record({
        courseUrl:
          "https://www.udemy.com/course/docker-kubernetes-developers/?couponCode=DOCKER-K8S",
        couponCode: "DOCKER-K8S",
        title: "Docker & Kubernetes for Developers",
        category: "IT & Software",
        level: "Intermediate",
        instructor: "Budi Santoso",
        imageUrl: "https://img-c.udemycdn.com/course/750x422/3890123_9a9a.jpg",
        udemyRating: 4.7,
        students: 15200,
        usesRemaining: 45,
        expiresAt: new Date("2026-11-28T23:59:00Z"),
      }),
    ]);
    const asked = server.requests.filter((request) => request.path === "/api/v1/coupons");
    expect(asked).toHaveLength(3);
  });

  it("idownloadcoupon (wordpress products): /udemy/<id>/ → trk.udemy.com, its u= read, a short link without u= followed", async () => {
    const { records, rejected } = await loadOnly({
      preset: "idownloadcoupon",
      url: server.url("/idc"),
      linkTemplate: `${server.url("/idc/udemy/")}{id}/`,
    });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl: "https://www.udemy.com/course/sql-for-data-analysts-idc/?couponCode=SQL-NOV26",
        couponCode: "SQL-NOV26",
        title: "SQL for Data Analysts &#8211; Free Udemy Course",
        foundAt: new Date("2026-11-27T01:40:00Z"),
      }),
      record({
        courseUrl:
          "https://www.udemy.com/course/react-native-crash-course-idc/?couponCode=RN-NOV26",
        couponCode: "RN-NOV26",
        title: "React Native Crash Course",
        foundAt: new Date("2026-11-27T00:05:00Z"),
      }),
    ]);
    expect(server.hits("/trk/yZ4kQ")).toBe(1);
  });

  it("a source's own headers go on its list pages, detail pages and the links it follows", async () => {
    const headers = { referer: "https://referer.example/", "accept-language": "id-ID" };
    const before = server.requests.length;
    await loadOnly({ preset: "discudemy", url: `${origin}/seg/{page}`, maxPages: 1, headers });
    await loadOnly({
      preset: "udemy-freebies",
      url: `${origin}/free-udemy-courses/{page}`,
      maxPages: 1,
      headers,
    });
    const sent = server.requests.slice(before);
    expect(sent.map((request) => request.path)).toEqual(
      expect.arrayContaining([
        "/seg/1",
        "/go/python-absolute-beginners",
        "/free-udemy-courses/1",
        "/out/power-bi-dashboard-design",
      ]),
    );
    for (const request of sent) {
      expect(request.headers).toMatchObject(headers);
      expect(request.headers["user-agent"]).toBe(presetFetchPolicy.userAgent);
    }
  });

  it("sites that turn bots away are asked as a browser asks; thanh0x's API for programs hears our bot's name", async () => {
    const browser = /^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\) .*Chrome\//;
    let before = server.requests.length;
    await loadOnly({ preset: "discudemy", url: `${origin}/seg/{page}`, maxPages: 1 });
    const pages = server.requests.slice(before);
    expect(pages.map((request) => request.path)).toEqual(
      expect.arrayContaining(["/seg/1", "/go/python-absolute-beginners"]),
    );
    for (const request of pages) {
      expect(request.headers["user-agent"]).toMatch(browser);
      expect(request.headers.accept).toMatch(/^text\/html,application\/xhtml\+xml/);
      expect(request.headers["accept-language"]).toBe("en-US,en;q=0.9");
    }

    before = server.requests.length;
    await loadOnly({
      preset: "idownloadcoupon",
      url: server.url("/idc"),
      linkTemplate: `${server.url("/idc/udemy/")}{id}/`,
    });
    const api = server.requests.slice(before).find((request) => request.path.includes("wp-json"))!;
    expect(api.headers["user-agent"]).toMatch(browser);
    expect(api.headers.accept).toBe("application/json, text/plain, */*");

    before = server.requests.length;
    await loadOnly({ preset: "thanh0x-coupons", url: server.url("/api/v1/coupons") });
    for (const request of server.requests.slice(before)) {
      expect(request.headers["user-agent"]).toBe(presetFetchPolicy.userAgent);
    }
  });

  it("every preset bounds what one run asks of its site: list or API pages, and HTML course pages", () => {
    for (const [name, preset] of Object.entries(COUPON_SOURCE_PRESETS)) {
      expect({ name, maxPages: preset.maxPages }).toEqual({ name, maxPages: expect.any(Number) });
      expect(preset.maxPages).toBeLessThanOrEqual(4);
      if (preset.kind === "html") expect(preset.maxDetailPages).toBeLessThanOrEqual(20);
    }
  });

  it('discudemy (html): the link in the div whose class is exactly "ui segment", not the first of several segments', async () => {
    const { records, rejected } = await loadOnly({
      preset: "discudemy",
      url: `${origin}/seg/{page}`,
      maxPages: 1,
    });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl:
          "https://www.udemy.com/course/python-absolute-beginners-du/?couponCode=PYTHON-NOV26",
        couponCode: "PYTHON-NOV26",
        title: "Python for Absolute Beginners",
      }),
    ]);
    expect(server.hits("/sponsor/vpn-deal")).toBe(0);
  });

  it("coursejoiner (wordpress): each post's APPLY HERE button, not the other links of the post", async () => {
    const { records, rejected } = await loadOnly({ preset: "coursejoiner", url: `${origin}/cj` });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl:
          "https://www.udemy.com/course/docker-kubernetes-beginners-cj/?couponCode=DOCKER-NOV26",
        couponCode: "DOCKER-NOV26",
        title: "Docker &amp; Kubernetes for Beginners &#8211; (Free Course)",
        foundAt: new Date("2026-11-27T02:45:04Z"),
      }),
      record({
        courseUrl: "https://www.udemy.com/course/excel-untuk-pemula-cj/?couponCode=EXCEL-ID26",
        couponCode: "EXCEL-ID26",
        title: "Excel untuk Pemula &#8211; (Free Course)",
        foundAt: new Date("2026-11-26T16:10:00Z"),
      }),
    ]);
  });

  it("courson (api, POST): the offset in a JSON body, 30 a page; the Udemy link built from id_name and coupon_code", async () => {
    const { records, rejected } = await loadOnly({
      preset: "courson",
      url: `${origin}/load-more-coupons`,
    });
    expect(rejected).toEqual([]);
    expect(coursonBodies).toEqual([
      { filters: {}, offset: 0 },
      { filters: {}, offset: 30 },
    ]);
    const sent = server.requests.filter((request) => request.path === "/load-more-coupons");
    expect(sent[0]!.headers["content-type"]).toBe("application/json");
    expect(sent[0]!.headers["user-agent"]).toBe(presetFetchPolicy.userAgent);
    expect(records).toEqual([
      record({
        courseUrl:
          "https://www.udemy.com/course/flutter-dart-complete-guide-cx/?couponCode=FLUTTER-NOV26",
        couponCode: "FLUTTER-NOV26",
        title: "Flutter & Dart: The Complete Guide",
      }),
      record({
        courseUrl: "https://www.udemy.com/course/manajemen-proyek-dasar/?couponCode=PM-ID-2611",
        couponCode: "PM-ID-2611",
        title: '"Manajemen Proyek untuk Pemula"',
      }),
    ]);
  });

  it("couponami (html): cards → /go/ pages, the link in the violet message, not a segment's ad", async () => {
    const { records, rejected } = await loadOnly({
      preset: "couponami",
      url: `${origin}/all/{page}`,
      maxPages: 1,
    });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl: "https://www.udemy.com/course/belajar-figma-untuk-pemula/?couponCode=FIGMA-ID26",
        couponCode: "FIGMA-ID26",
        title: "Belajar Figma untuk Pemula",
      }),
      record({
        courseUrl:
          "https://www.udemy.com/course/chatgpt-prompt-engineering-ca/?couponCode=GPT-NOV26",
        couponCode: "GPT-NOV26",
        title: "ChatGPT Prompt Engineering &amp; AI Tools",
      }),
    ]);
  });

  it("e-next (html): list buttons → pages whose h3 is the title and btn-primary the link", async () => {
    const { records, rejected } = await loadOnly({
      preset: "e-next",
      url: `${origin}/course/udemy/{page}`,
      maxPages: 1,
    });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl:
          "https://www.udemy.com/course/complete-java-masterclass-en/?couponCode=JAVA-NOV-26",
        couponCode: "JAVA-NOV-26",
        title: "Complete Java Masterclass 2026",
      }),
      record({
        courseUrl:
          "https://www.udemy.com/course/digital-marketing-strategy-en/?couponCode=DMS_2611",
        couponCode: "DMS_2611",
        title: "Digital Marketing Strategy",
      }),
    ]);
  });

  it("udemy-freebies (html): each card's /out/<slug> redirect followed, no course page fetched", async () => {
    const { records, rejected } = await loadOnly({
      preset: "udemy-freebies",
      url: `${origin}/free-udemy-courses/{page}`,
      maxPages: 1,
    });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl:
          "https://www.udemy.com/course/power-bi-dashboard-design-uf/?couponCode=PBI-NOV26",
        couponCode: "PBI-NOV26",
        title: "Power BI Dashboard Design",
      }),
      record({
        courseUrl: "https://www.udemy.com/course/bahasa-inggris-percakapan/?couponCode=ENGLISH-ID",
        couponCode: "ENGLISH-ID",
        title: "Bahasa Inggris Percakapan Sehari-hari",
      }),
    ]);
    expect(server.hits("/free-udemy-course/power-bi-dashboard-design")).toBe(0);
  });

  it("coursevania (html in JSON): the nonce from the courses page, the list from admin-ajax's content, the affiliate button's link", async () => {
    const { records, rejected } = await loadOnly({
      preset: "coursevania",
      url: `${origin}/wp-admin/admin-ajax.php?template=courses%2Fgrid&action=stm_lms_load_content&sort=date_high&nonce={token}`,
      token: { ...COUPON_SOURCE_PRESETS.coursevania.token, url: `${origin}/courses/` },
    });
    expect(coursevaniaNonces.at(-1)).toBe(COURSEVANIA_NONCE);
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl:
          "https://www.udemy.com/course/python-automation-everyday-tasks-cv/?couponCode=PYAUTO-NOV26",
        couponCode: "PYAUTO-NOV26",
        title: "Python Automation for Everyday Tasks",
      }),
      record({
        courseUrl:
          "https://www.udemy.com/course/excel-formulas-and-functions-cv/?couponCode=EXCEL-26NOV",
        couponCode: "EXCEL-26NOV",
        title: "Excel Formulas &amp; Functions Masterclass",
      }),
    ]);
  });

  it("coursevania: a challenge instead of the courses page, a page without the nonce, or an answer without the list fails the source", async () => {
    const noNonce = await startFixtureServer({
      "/courses/": answer("<html><body>Just a moment...</body></html>", 403, "text/html"),
      "/plain/": answer("<html><body>no nonces here</body></html>", 200, "text/html"),
      "/wp-admin/admin-ajax.php": answer("-1", 200, "text/html"),
    });
    try {
      const url = noNonce.url("/wp-admin/admin-ajax.php?nonce={token}");
      const pattern = COUPON_SOURCE_PRESETS.coursevania.token.pattern;
      await expect(
        loadOnly({ preset: "coursevania", url, token: { pattern, url: noNonce.url("/courses/") } }),
      ).rejects.toThrow(/^token page: /);
      await expect(
        loadOnly({ preset: "coursevania", url, token: { pattern, url: noNonce.url("/plain/") } }),
      ).rejects.toThrow('token page: no token matches "' + pattern + '" (format changed?)');
      await expect(
        loadOnly({
          preset: "coursevania",
          url,
          token: { pattern, url: `${origin}/courses/` },
        }),
      ).rejects.toThrow('list page 1: no "content" text in the JSON answer (format changed?)');
    } finally {
      await noNonce.close();
    }
  });

  it("udemyxpert (html): card image alt as the title, the first Udemy course link of the page", async () => {
    const { records, rejected } = await loadOnly({
      preset: "udemyxpert",
      url: `${origin}/courses?page={page}`,
      maxPages: 1,
    });
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      record({
        courseUrl:
          "https://www.udemy.com/course/kotlin-android-development-ux/?couponCode=KOTLIN26",
        couponCode: "KOTLIN26",
        title: "Kotlin Android Development Bootcamp",
      }),
      record({
        courseUrl: "https://www.udemy.com/course/akuntansi-dasar-umkm/?couponCode=AKUN-UMKM",
        couponCode: "AKUN-UMKM",
        title: "Akuntansi Dasar untuk UMKM",
      }),
    ]);
  });
});
