import { describe, expect, it } from "vitest";
import { isCatchUpRunDue } from "./scheduler";

const tick = new Date("2026-11-22T03:00:00Z");
const minutes = (n: number) => new Date(tick.getTime() + n * 60_000);

describe("isCatchUpRunDue (the run soon after start-up)", () => {
  it("is due on a fresh install: sources configured, no real course, no run yet", () => {
    expect(
      isCatchUpRunDue({
        hasSources: true,
        hasRealCourse: false,
        lastRunStartedAt: null,
        previousTick: tick,
      }),
    ).toBe(true);
  });

  it("is due while the catalogue holds only demo courses, however recent the last run", () => {
    expect(
      isCatchUpRunDue({
        hasSources: true,
        hasRealCourse: false,
        lastRunStartedAt: minutes(1),
        previousTick: tick,
      }),
    ).toBe(true);
  });

  it("is due when the last run started before the schedule's latest tick (a tick was missed)", () => {
    expect(
      isCatchUpRunDue({
        hasSources: true,
        hasRealCourse: true,
        lastRunStartedAt: minutes(-31),
        previousTick: tick,
      }),
    ).toBe(true);
  });

  it("is not due when the latest tick ran, nor without sources", () => {
    expect(
      isCatchUpRunDue({
        hasSources: true,
        hasRealCourse: true,
        lastRunStartedAt: minutes(1),
        previousTick: tick,
      }),
    ).toBe(false);
    expect(
      isCatchUpRunDue({
        hasSources: false,
        hasRealCourse: false,
        lastRunStartedAt: null,
        previousTick: tick,
      }),
    ).toBe(false);
  });
});
