import { describe, expect, it } from "vitest";
import { newArticlesMessage, newCoursesMessage } from "./live-updates";
import { liveUpdatesQuerySchema } from "./live-updates-query";

describe("live update toasts", () => {
  it("reads exactly as SPEC §4 writes them", () => {
    expect(newCoursesMessage(1)).toBe("1 new course(s) available!");
    expect(newCoursesMessage(2)).toBe("2 new course(s) available!");
    expect(newArticlesMessage(3)).toBe("3 new article(s) published!");
  });
});

describe("liveUpdatesQuerySchema", () => {
  it("reads whole, non-negative ids and defaults to 0", () => {
    expect(liveUpdatesQuerySchema.parse({ courseSince: "12", articleSince: "3" })).toEqual({
      courseSince: 12,
      articleSince: 3,
    });
    expect(liveUpdatesQuerySchema.parse({})).toEqual({ courseSince: 0, articleSince: 0 });
  });

  it.each([
    { courseSince: "-1" },
    { courseSince: "1.5" },
    { articleSince: "abc" },
    { courseSince: "99999999999" },
  ])("refuses %j", (query) => {
    expect(liveUpdatesQuerySchema.safeParse(query).success).toBe(false);
  });
});
