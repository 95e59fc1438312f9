import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOnlySource } from "../../../tests/setup/coupon-fixture-sites";
import {
  answer,
  startFixtureServer,
  type FixtureServer,
} from "../../../tests/setup/fixture-http-server";
import { toCourseRow } from "./record-to-course";

/**
 * A feed title goes source → finalise → toCourseRow and is decoded exactly once on the way,
 * whatever the source kind: a site that double-escaped a title ("&amp;lt;img&amp;gt;", the
 * literal text "&lt;img&gt;") keeps it literal; "Tom &amp; Jerry" becomes "Tom & Jerry".
 */
const now = new Date("2026-11-27T03:00:00Z");
const course = (slug: string) => `https://www.udemy.com/course/${slug}/?couponCode=FREE-NOV26`;
const HTML_PAGE = "text/html; charset=utf-8";

let server: FixtureServer;

beforeAll(async () => {
  server = await startFixtureServer({
    "/list/1": answer(
      `<html><body>
        <a class="card" href="/view/img-tags">Learn &amp;lt;img&amp;gt; tags</a>
        <a class="card" href="/view/cartoons">Tom &amp; Jerry</a>
      </body></html>`,
      200,
      HTML_PAGE,
    ),
    "/view/img-tags": answer(
      `<html><body><h3>Learn &amp;lt;img&amp;gt; tags</h3>
        <a class="go" href="${course("learn-img-tags")}">Enrol</a></body></html>`,
      200,
      HTML_PAGE,
    ),
    "/view/cartoons": answer(
      `<html><head><meta property="og:title" content="Tom &amp; Jerry"></head><body>
        <a class="go" href="${course("tom-and-jerry")}">Enrol</a></body></html>`,
      200,
      HTML_PAGE,
    ),
    "/links/1": answer(
      `<html><body>
        <a class="card" href="${course("learn-img-tags")}"><img alt="Learn &amp;lt;img&amp;gt; tags"></a>
        <a class="card" title="Tom &amp; Jerry" href="${course("tom-and-jerry")}">card</a>
      </body></html>`,
      200,
      HTML_PAGE,
    ),
    "/blog/wp-json/wp/v2/posts": answer([
      {
        id: 1,
        title: { rendered: "Learn &amp;lt;img&amp;gt; tags" },
        content: { rendered: `<a href="${course("learn-img-tags")}">Enrol</a>` },
      },
      {
        id: 2,
        title: { rendered: "Tom &amp; Jerry" },
        content: { rendered: `<a href="${course("tom-and-jerry")}">Enrol</a>` },
      },
    ]),
  });
});

afterAll(async () => {
  await server.close();
});

async function courseTitles(entry: Record<string, unknown>): Promise<string[]> {
  const { records } = await loadOnlySource(entry, now);
  return records.map((record) => {
    const row = toCourseRow(record, String(entry.name));
    if (typeof row === "string") throw new Error(row);
    return row.title;
  });
}

const EXPECTED = ["Learn &lt;img&gt; tags", "Tom & Jerry"];

describe("a feed title is decoded exactly once from source to course", () => {
  it("html: detail page titles (element text, <meta> content)", async () => {
    const titles = await courseTitles({
      kind: "html",
      name: "html-pages",
      url: server.url("/list/{page}"),
      maxPages: 1,
      itemSelector: "a.card",
      titleSelector: "h3, meta[property='og:title']",
      linkSelector: "a.go",
    });
    expect(titles).toEqual(EXPECTED);
  });

  it("html: list link titles (text fallback, image alt, title attribute)", async () => {
    const fromText = await courseTitles({
      kind: "html",
      name: "html-list-text",
      url: server.url("/list/{page}"),
      maxPages: 1,
      itemSelector: "a.card",
      linkSelector: "a.go",
    });
    expect(fromText).toEqual(EXPECTED);
    const fromAttributes = await courseTitles({
      kind: "html",
      name: "html-list-attributes",
      url: server.url("/links/{page}"),
      maxPages: 1,
      itemSelector: "a.card",
      detailIsLink: true,
    });
    expect(fromAttributes).toEqual(EXPECTED);
  });

  it("wordpress: title.rendered", async () => {
    const titles = await courseTitles({
      kind: "wordpress",
      name: "wp-blog",
      url: server.url("/blog"),
      maxPages: 1,
    });
    expect(titles).toEqual(EXPECTED);
  });
});
