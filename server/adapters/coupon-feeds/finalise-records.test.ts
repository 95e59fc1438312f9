import { describe, expect, it } from "vitest";
import { newCouponRecord, type CouponRecord } from "./coupon-record";
import { checkCouponCode, finaliseRecords } from "./finalise-records";
import type { LinkFollowResult } from "./link-follower";

const now = new Date("2024-03-06T03:00:00Z");

function record(
  courseUrl: string,
  couponCode: string | null = null,
  title = "A course",
): CouponRecord {
  return newCouponRecord({ courseUrl, couponCode, title, foundAt: now });
}

const neverFollow = async (url: string): Promise<LinkFollowResult> => ({
  ok: false,
  reason: `would have followed ${url}`,
});

describe("finaliseRecords", () => {
  it("keeps only couponCode of a tracked link inside a LinkShare murl wrapper", async () => {
    const inner =
      "https://www.udemy.com/course/belajar-sql/?utm_source=aff&utm_medium=x&utm_campaign=y&utm_term=z&utm_content=w" +
      "&fbclid=IwAR0&gclid=Cj0&ranMID=39197&ranEAID=AbC&ranSiteID=AbC-123&LSNPUBID=AbC&CouponCode=SQL-24";
    const wrapped = `https://click.linksynergy.com/deeplink?id=AbC&mid=39197&murl=${encodeURIComponent(inner)}`;
    const { records, rejected } = await finaliseRecords(
      { records: [record(wrapped, "OTHER")], rejected: [] },
      neverFollow,
    );
    expect(rejected).toEqual([]);
    expect(records.map(({ courseUrl, couponCode }) => ({ courseUrl, couponCode }))).toEqual([
      {
        courseUrl: "https://www.udemy.com/course/belajar-sql/?couponCode=SQL-24",
        couponCode: "SQL-24",
      },
    ]);
  });

  it("takes the source's code when the link has none, and follows links that are not Udemy's", async () => {
    const follow = async (url: string): Promise<LinkFollowResult> =>
      url === "https://agg.example/go/1"
        ? {
            ok: true,
            url: "http://udemy.com/course/figma/learn/lecture/9?couponCode=FIG&utm_source=a",
          }
        : { ok: false, reason: `${url} leads to no Udemy course` };
    const { records, rejected } = await finaliseRecords(
      {
        records: [
          record("https://www.udemy.com/course/canva/?utm_source=x", " CANVA1 "),
          record("https://agg.example/go/1", null, "Figma"),
          record("https://agg.example/go/2", null, "Lost"),
          record("https://www.udemy.com/course/no-code/"),
        ],
        rejected: ["page 1 item 4: missing title"],
      },
      follow,
    );
    expect(records.map(({ courseUrl, couponCode }) => [courseUrl, couponCode])).toEqual([
      ["https://www.udemy.com/course/canva/?couponCode=CANVA1", "CANVA1"],
      ["https://www.udemy.com/course/figma/?couponCode=FIG", "FIG"],
      ["https://www.udemy.com/course/no-code/", null],
    ]);
    expect(rejected).toEqual([
      "page 1 item 4: missing title",
      '"Lost": https://agg.example/go/2 leads to no Udemy course',
    ]);
  });

  it.each([
    ["ABC DEF", 'coupon code with whitespace inside: "ABC DEF"'],
    ["A".repeat(65), `coupon code longer than 64 characters: "${"A".repeat(65)}"`],
    [
      "FREE!<script>",
      'coupon code with characters other than letters, digits, . _ -: "FREE!<script>"',
    ],
  ])("rejects the record with coupon code %j", async (code, message) => {
    const { records, rejected } = await finaliseRecords(
      {
        records: [
          record("https://www.udemy.com/course/ok/?couponCode=OK"),
          record("https://www.udemy.com/course/bad/", code, "Bad"),
        ],
        rejected: [],
      },
      neverFollow,
    );
    expect(records).toHaveLength(1);
    expect(rejected).toEqual([`"Bad": ${message}`]);
  });

  it("fails the source when nothing it gave was usable", async () => {
    await expect(
      finaliseRecords(
        { records: [record("https://agg.example/x", null, "X")], rejected: [] },
        neverFollow,
      ),
    ).rejects.toThrow(
      'no usable coupon among 1 item(s), e.g. "X": would have followed https://agg.example/x (format changed?)',
    );
    await expect(finaliseRecords({ records: [], rejected: [] }, neverFollow)).resolves.toEqual({
      records: [],
      rejected: [],
    });
  });
});

describe("checkCouponCode", () => {
  it("accepts Udemy-like codes, undoing percent-encoding and outer spaces", () => {
    expect(checkCouponCode("MAR.24_free-1")).toEqual({ code: "MAR.24_free-1" });
    expect(checkCouponCode("FIN101%20")).toEqual({ code: "FIN101" });
    expect(checkCouponCode("  ")).toEqual({ code: null });
    expect(checkCouponCode(null)).toEqual({ code: null });
    expect(checkCouponCode("A".repeat(64))).toEqual({ code: "A".repeat(64) });
  });
});
