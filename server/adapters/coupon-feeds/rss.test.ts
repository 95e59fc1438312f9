import { describe, expect, it } from "vitest";
import { FeedFormatError, parseRssFeed } from "./rss";

const now = new Date("2024-03-06T03:00:00Z");

const rss = (items: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
     xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel><title>Free Udemy coupons</title><link>https://coupons.example/</link>
${items}
  </channel>
</rss>`;

describe("parseRssFeed (RSS 2.0)", () => {
  it("reads an item whose link is the Udemy course with its coupon", () => {
    const { records, rejected } = parseRssFeed(
      rss(`<item>
        <title>[100% OFF] Python &amp;amp; Django Bootcamp</title>
        <link>https://www.udemy.com/course/python-django/?couponCode=MARCH24</link>
        <pubDate>Tue, 05 Mar 2024 10:00:00 +0000</pubDate>
        <category>Free Udemy Courses</category>
        <category><![CDATA[Development]]></category>
        <enclosure url="https://img-c.udemycdn.com/course/750x422/12345_abcd.jpg" type="image/jpeg" length="1"/>
      </item>`),
      { now },
    );
    expect(rejected).toEqual([]);
    expect(records).toEqual([
      {
        courseUrl: "https://www.udemy.com/course/python-django/?couponCode=MARCH24",
        couponCode: "MARCH24",
        title: "[100% OFF] Python &amp; Django Bootcamp",
        category: "Development",
        subCategory: null,
        language: null,
        level: null,
        instructor: null,
        headline: null,
        description: null,
        imageUrl: "https://img-c.udemycdn.com/course/750x422/12345_abcd.jpg",
        durationMinutes: null,
        udemyRating: null,
        udemyReviews: null,
        students: null,
        usesRemaining: null,
        expiresAt: null,
        foundAt: new Date("2024-03-05T10:00:00Z"),
      },
    ]);
  });

  it("finds the coupon link in the content when the item links to the aggregator's post", () => {
    const { records } = parseRssFeed(
      rss(`<item>
        <title>Excel Masterclass</title>
        <link>https://coupons.example/excel-masterclass</link>
        <guid isPermaLink="false">post-1</guid>
        <dc:date>2024-03-05T08:00:00Z</dc:date>
        <category>Office Productivity</category>
        <description>&lt;p&gt;Enroll: &lt;a href="https://www.udemy.com/course/excel-master/?couponCode=XL&amp;amp;utm_source=x"&gt;here&lt;/a&gt;&lt;/p&gt;</description>
        <content:encoded><![CDATA[<img src="https://img-b.udemycdn.com/course/480x270/777_1.jpg">]]></content:encoded>
      </item>`),
      { now },
    );
    expect(records[0]).toMatchObject({
      courseUrl: "https://www.udemy.com/course/excel-master/?couponCode=XL&utm_source=x",
      couponCode: "XL",
      title: "Excel Masterclass",
      category: "Office Productivity",
      imageUrl: "https://img-b.udemycdn.com/course/480x270/777_1.jpg",
      foundAt: new Date("2024-03-05T08:00:00Z"),
    });
  });

  it("unwraps affiliate links and prefers a link that carries a coupon", () => {
    const target = "https://www.udemy.com/course/seo-basics/?couponCode=SEO1";
    const { records } = parseRssFeed(
      rss(`<item>
        <title>SEO Basics</title>
        <link>https://www.udemy.com/course/seo-basics/</link>
        <description>https://click.linksynergy.com/deeplink?id=a&amp;murl=${encodeURIComponent(target)}</description>
      </item>`),
      { now },
    );
    expect(records[0]?.courseUrl).toBe(target);
    expect(records[0]?.couponCode).toBe("SEO1");
  });

  it("dates an item without a readable date by now, and never in the future", () => {
    const { records } = parseRssFeed(
      rss(`<item><title>A</title><link>https://www.udemy.com/course/a/?couponCode=A</link></item>
           <item><title>B</title><link>https://www.udemy.com/course/b/?couponCode=B</link><pubDate>whenever</pubDate></item>
           <item><title>C</title><link>https://www.udemy.com/course/c/?couponCode=C</link><pubDate>Wed, 01 Jan 2031 00:00:00 GMT</pubDate></item>`),
      { now },
    );
    expect(records.map((record) => record.foundAt)).toEqual([now, now, now]);
  });

  it("rejects items without a Udemy course link, a coupon code or a title, saying which", () => {
    const { records, rejected } = parseRssFeed(
      rss(`<item><title>Blog post</title><link>https://coupons.example/about</link></item>
           <item><title>Always free</title><link>https://www.udemy.com/course/free-one/</link></item>
           <item><link>https://www.udemy.com/course/untitled/?couponCode=U</link></item>
           <item><title>Good</title><link>https://www.udemy.com/course/good/?couponCode=G</link></item>`),
      { now },
    );
    expect(records.map((record) => record.couponCode)).toEqual(["G"]);
    expect(rejected).toEqual([
      'item 0: no Udemy course link in "Blog post"',
      "item 1: no couponCode in https://www.udemy.com/course/free-one/",
      "item 2: missing title for https://www.udemy.com/course/untitled/?couponCode=U",
    ]);
  });
});

describe("parseRssFeed (Atom and RSS 1.0)", () => {
  it("reads Atom entries: link href, updated, category term", () => {
    const { records, rejected } = parseRssFeed(
      `<?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom">
        <title>Coupons</title>
        <link rel="self" href="https://coupons.example/atom.xml"/>
        <entry>
          <title type="html">Guitar &amp;lt;Basics&amp;gt;</title>
          <link rel="alternate" href="https://www.udemy.com/course/guitar/?couponCode=GTR"/>
          <id>urn:uuid:1</id>
          <updated>2024-03-04T12:00:00+07:00</updated>
          <category term="Music" label="Music"/>
        </entry>
      </feed>`,
      { now },
    );
    expect(rejected).toEqual([]);
    expect(records[0]).toMatchObject({
      courseUrl: "https://www.udemy.com/course/guitar/?couponCode=GTR",
      couponCode: "GTR",
      title: "Guitar &lt;Basics&gt;",
      category: "Music",
      foundAt: new Date("2024-03-04T05:00:00Z"),
    });
  });

  it("reads RSS 1.0 (RDF) items", () => {
    const { records } = parseRssFeed(
      `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
        <item rdf:about="x"><title>Yoga</title><link>https://www.udemy.com/course/yoga/?couponCode=Y</link></item>
      </rdf:RDF>`,
      { now },
    );
    expect(records).toHaveLength(1);
  });

  it("refuses malformed XML and documents that are not feeds", () => {
    expect(() => parseRssFeed("<rss><channel><item></channel></rss>", { now })).toThrow(
      FeedFormatError,
    );
    expect(() => parseRssFeed("<rss><channel><item></channel></rss>", { now })).toThrow(
      /^malformed XML: <\/channel> does not close <item>/,
    );
    expect(() => parseRssFeed("<html><body>Hi</body></html>", { now })).toThrow(
      "not an RSS or Atom feed (root element <html>)",
    );
    expect(() => parseRssFeed('{"items": []}', { now })).toThrow("malformed XML");
  });
});
