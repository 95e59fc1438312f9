import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import type { Services } from "../../services";
import { findApkDownload } from "../admin/app-download";
import { buildAtomFeed, feedTitle, type FeedCourse } from "./course-feed";
import {
  buildRobotsTxt,
  buildSitemapXml,
  sitemapDocument,
  uploadPath,
  type SitemapEntry,
} from "./sitemap";
import { escapeXml } from "./xml-text";

const SITE = "https://kursusku.example";

function course(overrides: Partial<FeedCourse> = {}): FeedCourse {
  return {
    id: 7,
    slug: "python-django-bootcamp",
    title: 'Python & Django <Bootcamp> "2024"',
    category: "Development",
    headline: "Build web apps & APIs",
    date: "2026-11-22",
    firstSeenAt: new Date("2026-11-22T01:00:00Z"),
    lastSeenAt: new Date("2026-11-22T03:00:00Z"),
    ...overrides,
  };
}

describe("escapeXml", () => {
  it("escapes markup characters and drops characters XML cannot carry", () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe("a &amp; b &lt; c &gt; d &quot; e &apos; f");
    expect(escapeXml("bell\u0007 tab\t")).toBe("bell tab\t");
  });
});

describe("buildSitemapXml", () => {
  it("writes absolute, escaped locations with priorities, lastmod and images", () => {
    const xml = buildSitemapXml(SITE, [
      { path: "/", priority: 1, changefreq: "daily" },
      {
        path: "/article?id=3",
        priority: 0.8,
        changefreq: "weekly",
        lastmod: new Date("2026-01-02T03:04:05Z"),
        image: { path: uploadPath("articles/a b.webp"), caption: "Tips & <tricks>" },
      },
    ]);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(xml).toContain(`<loc>${SITE}/</loc>`);
    expect(xml).toContain("<priority>1.0</priority>");
    expect(xml).toContain(`<loc>${SITE}/article?id=3</loc>`);
    expect(xml).toContain("<lastmod>2026-01-02T03:04:05.000Z</lastmod>");
    expect(xml).toContain("<changefreq>weekly</changefreq>");
    expect(xml).toContain(`<image:loc>${SITE}/uploads/articles/a%20b.webp</image:loc>`);
    expect(xml).toContain("<image:caption>Tips &amp; &lt;tricks&gt;</image:caption>");
  });

  it("escapes the ampersand of a query string", () => {
    const xml = buildSitemapXml(SITE, [{ path: "/?a=1&b=2", priority: 0.5 }]);
    expect(xml).toContain(`<loc>${SITE}/?a=1&amp;b=2</loc>`);
  });
});

describe("buildRobotsTxt", () => {
  it("allows everything but private paths and points at the sitemap", () => {
    const text = buildRobotsTxt(SITE);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    for (const prefix of ["/go/", "/api/", "/auth/", "/dashboard"]) {
      expect(text).toContain(`Disallow: ${prefix}\n`);
    }
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe("sitemapDocument", () => {
  const entries = (count: number): SitemapEntry[] =>
    Array.from({ length: count }, (_, index) => ({
      path: `/course/c-${index + 1}`,
      priority: 0.7,
      lastmod: "2026-11-21",
    }));

  it("is one urlset while every URL fits, each page in both languages, with its day as lastmod", () => {
    const xml = sitemapDocument(SITE, entries(3), null, 6)!;
    expect(xml).toContain("<urlset");
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml.match(/<url>/g)).toHaveLength(6);
    expect(xml).toContain(`<loc>${SITE}/course/c-3</loc>`);
    expect(xml).toContain(`<loc>${SITE}/id/course/c-3</loc>`);
    expect(xml).toContain("<lastmod>2026-11-21</lastmod>");
    expect(xml).toContain("<priority>0.7</priority>");
  });

  it("names in each language's URL every language's address and English as x-default", () => {
    const xml = sitemapDocument(SITE, [{ path: "/article?id=3", priority: 0.8 }], null)!;
    const urls = xml.split("<url>").slice(1);
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url).toContain(
        `<xhtml:link rel="alternate" hreflang="en" href="${SITE}/article?id=3"/>`,
      );
      expect(url).toContain(
        `<xhtml:link rel="alternate" hreflang="id" href="${SITE}/id/article?id=3"/>`,
      );
      expect(url).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/article?id=3"/>`,
      );
    }
    expect(urls[1]).toContain(`<loc>${SITE}/id/article?id=3</loc>`);
  });

  it("past the limit, is an index of numbered files that hold every URL once", () => {
    const all = entries(7);
    const index = sitemapDocument(SITE, all, null, 3)!;
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index.match(/<sitemap>/g)).toHaveLength(5);
    expect(index).toContain(`<loc>${SITE}/sitemap.xml?page=5</loc>`);
    const files = ["1", "2", "3", "4", "5"].map((page) => sitemapDocument(SITE, all, page, 3)!);
    const locations = files.flatMap((file) =>
      [...file.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]),
    );
    expect(locations).toEqual(
      all.flatMap((entry) => [`${SITE}${entry.path}`, `${SITE}/id${entry.path}`]),
    );
    expect(files.every((file) => file.includes("<urlset"))).toBe(true);
  });

  it("has no file past the last, nor a file named otherwise", () => {
    for (const page of ["0", "6", "-1", "1e2", "x", "9999999"]) {
      expect(sitemapDocument(SITE, entries(7), page, 3)).toBeNull();
    }
  });

  it("splits at the protocol's 50 000 URLs by default, counting both languages", () => {
    expect(sitemapDocument(SITE, entries(25_000), null)).toContain("<urlset");
    expect(sitemapDocument(SITE, entries(25_001), null)).toContain("<sitemapindex");
    // 100 000 URLs written twice: seconds on a loaded machine.
  }, 30_000);
});

describe("buildAtomFeed", () => {
  const now = new Date("2026-11-22T05:00:00Z");

  it("escapes titles and links each entry to the course's page", () => {
    const xml = buildAtomFeed({ siteUrl: SITE, courses: [course()], now });
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(xml).toContain(`<title>${escapeXml(feedTitle())}</title>`);
    expect(xml).toContain(
      '<title type="text">Python &amp; Django &lt;Bootcamp&gt; &quot;2024&quot;</title>',
    );
    expect(xml).toContain(`href="${SITE}/course/python-django-bootcamp"`);
    expect(xml).toContain("<id>tag:kursusku.example,2024:course:7</id>");
    expect(xml).toContain('<category term="Development" label="Development"/>');
    expect(xml).toContain('<summary type="text">Build web apps &amp; APIs</summary>');
    expect(xml).toContain("<updated>2026-11-22T03:00:00.000Z</updated>");
    expect(xml).toContain(`<link rel="self" type="application/atom+xml" href="${SITE}/feed.xml"/>`);
  });

  it("names the category and links itself with the filter", () => {
    const xml = buildAtomFeed({ siteUrl: SITE, category: "IT & Software", courses: [], now });
    expect(xml).toContain("<title>Kursusku — new free courses: IT &amp; Software</title>");
    expect(xml).toContain(`href="${SITE}/feed.xml?type=IT%20%26%20Software"`);
    expect(xml).toContain("<updated>2026-11-22T05:00:00.000Z</updated>");
    expect(xml).not.toContain("<entry>");
  });
});

describe("findApkDownload", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function servicesWith(env: Record<string, string> = {}): Services {
    return { config: parseConfig({ NODE_ENV: "test", ...env }) } as Services;
  }

  it("prefers the configured APK_URL", async () => {
    const apk = await findApkDownload(servicesWith({ APK_URL: "https://cdn.example/k.apk" }));
    expect(apk).toEqual({ href: "https://cdn.example/k.apk", source: "config", sizeBytes: null });
  });

  it("offers the bundled file when it exists, else nothing", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "kk-apk-"));
    expect(await findApkDownload(servicesWith(), { rootDir: dir })).toBeNull();
    await mkdir(path.join(dir, "build/client/downloads"), { recursive: true });
    await writeFile(path.join(dir, "build/client/downloads/kursusku.apk"), "apk-bytes");
    expect(await findApkDownload(servicesWith(), { rootDir: dir })).toEqual({
      href: "/downloads/kursusku.apk",
      source: "bundled",
      sizeBytes: 9,
    });
  });
});
