import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseUdemyCouponFeed } from "./udemy-json";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const samplePath = path.resolve(repoRoot, "../shared/data/udemy-coupons-sample.json");

const fallbackFoundAt = new Date("2024-10-26T03:00:00Z");

/** A record in the upstream shape: every value a string, "null" for a missing one. */
function feedRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    course_id: "4598132",
    category: "Personal Development",
    sub_category: "Leadership",
    title: "Emotional Navigation for New Age Managers",
    content_length: "71",
    level: "All Levels",
    author: "LaShae Peterkin",
    rating: "4.8",
    reviews: "4",
    students: "1921",
    coupon_code: "EF5900C46018920B0000",
    preview_img: "https://img-c.udemycdn.com/course/750x422/4598132_484f_2.jpg",
    coupon_link:
      "https://www.udemy.com/course/emotionalnavigation/?couponCode=EF5900C46018920B0000",
    expired_date: "2023-02-28 12:14:00+00:00",
    uses_remaining: "79",
    headline: "An map to inner harmony",
    description: "<p>This course shines a light.</p>",
    language: "English",
    ...overrides,
  };
}

describe("parseUdemyCouponFeed", () => {
  it("reads an array of snapshots, dating each record by its snapshot's update_time", () => {
    const { records, rejected } = parseUdemyCouponFeed(
      [
        { update_time: "2022-09-06 12:21:10", results: [feedRecord()] },
        {
          update_time: "2023-02-24 15:55:22",
          results: [
            feedRecord({
              title: "Second",
              coupon_link: "https://www.udemy.com/course/second/?couponCode=B",
            }),
          ],
        },
      ],
      { fallbackFoundAt },
    );
    expect(rejected).toEqual([]);
    expect(records).toHaveLength(2);
    expect(records[0]!.foundAt.toISOString()).toBe("2022-09-06T12:21:10.000Z");
    expect(records[1]!.foundAt.toISOString()).toBe("2023-02-24T15:55:22.000Z");
    expect(records[1]!.title).toBe("Second");
  });

  it("maps every field of a record", () => {
    const { records } = parseUdemyCouponFeed(
      [{ update_time: "2022-09-06 12:21:10", results: [feedRecord()] }],
      { fallbackFoundAt },
    );
    expect(records[0]).toEqual({
      courseUrl:
        "https://www.udemy.com/course/emotionalnavigation/?couponCode=EF5900C46018920B0000",
      couponCode: "EF5900C46018920B0000",
      title: "Emotional Navigation for New Age Managers",
      category: "Personal Development",
      subCategory: "Leadership",
      language: "English",
      level: "All Levels",
      instructor: "LaShae Peterkin",
      headline: "An map to inner harmony",
      description: "<p>This course shines a light.</p>",
      imageUrl: "https://img-c.udemycdn.com/course/750x422/4598132_484f_2.jpg",
      durationMinutes: 71,
      udemyRating: 4.8,
      udemyReviews: 4,
      students: 1921,
      usesRemaining: 79,
      expiresAt: new Date("2023-02-28T12:14:00Z"),
      foundAt: new Date("2022-09-06T12:21:10Z"),
    });
  });

  it("reads a bare array of records, dated by the fallback", () => {
    const { records, rejected } = parseUdemyCouponFeed([feedRecord(), feedRecord()], {
      fallbackFoundAt,
    });
    expect(rejected).toEqual([]);
    expect(records).toHaveLength(2);
    expect(records.every((record) => record.foundAt.getTime() === fallbackFoundAt.getTime())).toBe(
      true,
    );
  });

  it('turns "null" strings, blanks and missing fields into null', () => {
    const { records } = parseUdemyCouponFeed(
      [
        feedRecord({
          category: "null",
          sub_category: " ",
          language: "null",
          level: undefined,
          rating: "null",
          reviews: "null",
          students: "",
          content_length: "null",
          uses_remaining: "null",
          expired_date: "null",
          preview_img: "null",
          author: null,
        }),
      ],
      { fallbackFoundAt },
    );
    const [record] = records;
    expect(record).toMatchObject({
      category: null,
      subCategory: null,
      language: null,
      level: null,
      udemyRating: null,
      udemyReviews: null,
      students: null,
      durationMinutes: null,
      usesRemaining: null,
      expiresAt: null,
      imageUrl: null,
      instructor: null,
    });
  });

  it("parses numbers given as strings or numbers, rounding counts and refusing non-numbers", () => {
    const { records } = parseUdemyCouponFeed(
      [feedRecord({ rating: 4.25, reviews: "12.6", students: "n/a", content_length: " 90 " })],
      { fallbackFoundAt },
    );
    expect(records[0]).toMatchObject({
      udemyRating: 4.25,
      udemyReviews: 13,
      students: null,
      durationMinutes: 90,
    });
  });

  it("reads expired_date with its own offset", () => {
    const { records } = parseUdemyCouponFeed(
      [
        feedRecord({ expired_date: "2023-02-28 12:14:00+00:00" }),
        feedRecord({ expired_date: "2023-02-28 19:14:00+07:00" }),
      ],
      { fallbackFoundAt },
    );
    expect(records[0]!.expiresAt?.toISOString()).toBe("2023-02-28T12:14:00.000Z");
    expect(records[1]!.expiresAt?.toISOString()).toBe("2023-02-28T12:14:00.000Z");
  });

  it("reads update_time at the given offset", () => {
    const feed = [{ update_time: "2022-10-03 14:00:00", results: [feedRecord()] }];
    const utc = parseUdemyCouponFeed(feed, { fallbackFoundAt });
    const cet = parseUdemyCouponFeed(feed, { fallbackFoundAt, updateTimeOffset: "+02:00" });
    expect(utc.records[0]!.foundAt.toISOString()).toBe("2022-10-03T14:00:00.000Z");
    expect(cet.records[0]!.foundAt.toISOString()).toBe("2022-10-03T12:00:00.000Z");
  });

  it("rejects a snapshot whose update_time cannot be read", () => {
    const { records, rejected } = parseUdemyCouponFeed(
      [{ update_time: "sometime", results: [feedRecord()] }],
      { fallbackFoundAt },
    );
    expect(records).toEqual([]);
    expect(rejected).toEqual(['snapshot 0: unreadable update_time "sometime"']);
  });

  it("skips {} placeholders silently", () => {
    const { records, rejected } = parseUdemyCouponFeed(
      [{ update_time: "2022-09-06 12:21:10", results: [{}, feedRecord(), {}] }, {}],
      { fallbackFoundAt },
    );
    expect(records).toHaveLength(1);
    expect(rejected).toEqual([]);
  });

  it("rejects a record without a title or coupon_link, saying where and why", () => {
    const { records, rejected } = parseUdemyCouponFeed(
      [
        {
          update_time: "2022-09-06 12:21:10",
          results: [feedRecord({ title: "null" }), feedRecord(), feedRecord({ coupon_link: "" })],
        },
      ],
      { fallbackFoundAt },
    );
    expect(records).toHaveLength(1);
    expect(rejected).toEqual([
      "snapshot 0 record 0: missing title",
      "snapshot 0 record 2: missing coupon_link",
    ]);
  });

  it("rejects an unreadable coupon_link when the coupon code must come from it", () => {
    const { records, rejected } = parseUdemyCouponFeed(
      [feedRecord({ coupon_code: "null", coupon_link: "not a url" })],
      { fallbackFoundAt },
    );
    expect(records).toEqual([]);
    expect(rejected).toEqual(['record 0: invalid coupon_link "not a url"']);
  });

  it("rejects records that are not objects or have the wrong value types", () => {
    const { records, rejected } = parseUdemyCouponFeed(
      ["just text", 42, feedRecord({ title: { nested: true } })],
      { fallbackFoundAt },
    );
    expect(records).toEqual([]);
    expect(rejected).toHaveLength(3);
    expect(rejected[0]).toMatch(/^record 0: /);
    expect(rejected[1]).toMatch(/^record 1: /);
    expect(rejected[2]).toMatch(/^record 2: /);
  });

  it.each([{}, "text", null, 42, { results: [] }])(
    "rejects a feed that is not an array: %j",
    (json) => {
      expect(parseUdemyCouponFeed(json, { fallbackFoundAt })).toEqual({
        records: [],
        rejected: ["feed is not a JSON array"],
      });
    },
  );

  it("takes the coupon code from the couponCode query parameter when the field is missing", () => {
    const { records } = parseUdemyCouponFeed(
      [
        feedRecord({
          coupon_code: "null",
          coupon_link: "https://www.udemy.com/course/x/?couponCode=FROMLINK&utm=1",
        }),
        feedRecord({ coupon_code: "null", coupon_link: "https://www.udemy.com/course/y/" }),
        feedRecord({
          coupon_code: "FIELD",
          coupon_link: "https://www.udemy.com/course/z/?couponCode=LINK",
        }),
      ],
      { fallbackFoundAt },
    );
    expect(records.map((record) => record.couponCode)).toEqual(["FROMLINK", null, "FIELD"]);
  });

  it("parses the real sample: 1254 records, none rejected", () => {
    const json: unknown = JSON.parse(readFileSync(samplePath, "utf8"));
    const { records, rejected } = parseUdemyCouponFeed(json, { fallbackFoundAt });
    expect(rejected).toEqual([]);
    expect(records).toHaveLength(1254);
    expect(
      records.every((record) => record.title !== "" && record.courseUrl.startsWith("https://")),
    ).toBe(true);
    // Every record is dated by its snapshot, never by the fallback.
    expect(records.some((record) => record.foundAt.getTime() === fallbackFoundAt.getTime())).toBe(
      false,
    );
    const days = new Set(records.map((record) => record.foundAt.toISOString().slice(0, 10)));
    expect(days.size).toBe(12);
  });
});
