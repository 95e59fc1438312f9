import type { CouponRecord } from "./coupon-record";
import type { CouponFeeds, CouponSource, SourceLoadContext } from "./feeds";
import type { FeedParseResult } from "./udemy-json";

export type FixtureSource = {
  name: string;
  kind?: CouponSource["kind"];
  /** Records to hand over, a failure to throw, or a function of the load context. */
  answer:
    | CouponRecord[]
    | FeedParseResult
    | Error
    | ((context: SourceLoadContext) => Promise<FeedParseResult>);
};

/** Coupon feeds answering from fixtures, for tests that do not need HTTP. */
export function createFixtureFeeds(sources: FixtureSource[]): CouponFeeds {
  return {
    sources: sources.map(({ name, kind = "json", answer }) => ({
      name,
      kind,
      load: async (context) => {
        if (answer instanceof Error) throw answer;
        if (typeof answer === "function") return answer(context);
        if (Array.isArray(answer)) return { records: structuredClone(answer), rejected: [] };
        return structuredClone(answer);
      },
    })),
  };
}
