import { describe, expect, it } from "vitest";
import { formatCount, formatDuration, formatLevel, formatTimeLeft } from "./course-facts";

describe("formatDuration", () => {
  it("shows minutes, hours, or both", () => {
    expect(formatDuration(45)).toBe("45m");
    expect(formatDuration(60)).toBe("1h");
    expect(formatDuration(90)).toBe("1h 30m");
    expect(formatDuration(600)).toBe("10h");
    expect(formatDuration(1)).toBe("1m");
  });

  it("shows nothing for unknown, zero or negative durations", () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(0)).toBeNull();
    expect(formatDuration(-5)).toBeNull();
  });
});

describe("formatCount", () => {
  it("groups thousands", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(0)).toBe("0");
  });
});

describe("formatTimeLeft", () => {
  const now = new Date("2024-10-26T10:00:00Z");
  const after = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;

  it("counts minutes under an hour", () => {
    expect(formatTimeLeft(after(12 * MINUTE), now)).toBe("Expires in 12 minutes");
    expect(formatTimeLeft(after(59 * MINUTE + 59_000), now)).toBe("Expires in 59 minutes");
    expect(formatTimeLeft(after(MINUTE), now)).toBe("Expires in 1 minute");
  });

  it("shows at least 1 minute, in the singular, when under a minute is left", () => {
    expect(formatTimeLeft(after(30_000), now)).toBe("Expires in 1 minute");
  });

  it("counts hours under two days", () => {
    expect(formatTimeLeft(after(HOUR), now)).toBe("Expires in 1 hour");
    expect(formatTimeLeft(after(5 * HOUR + 30 * MINUTE), now)).toBe("Expires in 5 hours");
    expect(formatTimeLeft(after(47 * HOUR), now)).toBe("Expires in 47 hours");
  });

  it("counts days from two days on", () => {
    expect(formatTimeLeft(after(48 * HOUR), now)).toBe("Expires in 2 days");
    expect(formatTimeLeft(after(6 * 24 * HOUR + 23 * HOUR), now)).toBe("Expires in 6 days");
  });

  it("shows nothing when expired, unknown or unreadable", () => {
    expect(formatTimeLeft(after(0), now)).toBeNull();
    expect(formatTimeLeft(after(-HOUR), now)).toBeNull();
    expect(formatTimeLeft(null, now)).toBeNull();
    expect(formatTimeLeft("", now)).toBeNull();
    expect(formatTimeLeft("soon", now)).toBeNull();
  });
});

describe("formatLevel", () => {
  it("drops the trailing word Level", () => {
    expect(formatLevel("Beginner Level")).toBe("Beginner");
    expect(formatLevel("Intermediate level")).toBe("Intermediate");
    expect(formatLevel("All Levels")).toBe("All Levels");
    expect(formatLevel("Expert")).toBe("Expert");
  });

  it("shows nothing for a missing level", () => {
    expect(formatLevel(null)).toBeNull();
    expect(formatLevel("")).toBeNull();
  });
});
