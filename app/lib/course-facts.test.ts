import { describe, expect, it } from "vitest";
import {
  formatCheckedAgo,
  formatCount,
  formatDuration,
  formatLevel,
  formatTimeLeft,
} from "./course-facts";

describe("formatDuration", () => {
  it("shows minutes, hours, or both", () => {
    expect(formatDuration(45, "en")).toBe("45m");
    expect(formatDuration(60, "en")).toBe("1h");
    expect(formatDuration(90, "en")).toBe("1h 30m");
    expect(formatDuration(600, "en")).toBe("10h");
    expect(formatDuration(1, "en")).toBe("1m");
  });

  it("shows nothing for unknown, zero or negative durations", () => {
    expect(formatDuration(null, "en")).toBeNull();
    expect(formatDuration(0, "en")).toBeNull();
    expect(formatDuration(-5, "en")).toBeNull();
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
    expect(formatTimeLeft(after(12 * MINUTE), now, "en")).toBe("Expires in 12 minutes");
    expect(formatTimeLeft(after(59 * MINUTE + 59_000), now, "en")).toBe("Expires in 59 minutes");
    expect(formatTimeLeft(after(MINUTE), now, "en")).toBe("Expires in 1 minute");
  });

  it("shows at least 1 minute, in the singular, when under a minute is left", () => {
    expect(formatTimeLeft(after(30_000), now, "en")).toBe("Expires in 1 minute");
  });

  it("counts hours under two days", () => {
    expect(formatTimeLeft(after(HOUR), now, "en")).toBe("Expires in 1 hour");
    expect(formatTimeLeft(after(5 * HOUR + 30 * MINUTE), now, "en")).toBe("Expires in 5 hours");
    expect(formatTimeLeft(after(47 * HOUR), now, "en")).toBe("Expires in 47 hours");
  });

  it("counts days from two days on", () => {
    expect(formatTimeLeft(after(48 * HOUR), now, "en")).toBe("Expires in 2 days");
    expect(formatTimeLeft(after(6 * 24 * HOUR + 23 * HOUR), now, "en")).toBe("Expires in 6 days");
  });

  it("shows nothing when expired, unknown or unreadable", () => {
    expect(formatTimeLeft(after(0), now, "en")).toBeNull();
    expect(formatTimeLeft(after(-HOUR), now, "en")).toBeNull();
    expect(formatTimeLeft(null, now, "en")).toBeNull();
    expect(formatTimeLeft("", now, "en")).toBeNull();
    expect(formatTimeLeft("soon", now, "en")).toBeNull();
  });
});

describe("formatLevel", () => {
  it("drops the trailing word Level", () => {
    expect(formatLevel("Beginner Level", "en")).toBe("Beginner");
    expect(formatLevel("Intermediate level", "en")).toBe("Intermediate");
    expect(formatLevel("All Levels", "en")).toBe("All Levels");
    expect(formatLevel("Expert", "en")).toBe("Expert");
  });

  it("shows nothing for a missing level", () => {
    expect(formatLevel(null, "en")).toBeNull();
    expect(formatLevel("", "en")).toBeNull();
  });
});

describe("formatCheckedAgo", () => {
  const now = new Date("2026-11-22T03:00:00Z");
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("says how long ago Udemy was asked, in the largest whole unit", () => {
    expect(formatCheckedAgo(before(20_000), now, "en")).toBe("confirmed just now");
    expect(formatCheckedAgo(before(60_000), now, "en")).toBe("confirmed 1 min ago");
    expect(formatCheckedAgo(before(59 * 60_000), now, "en")).toBe("confirmed 59 min ago");
    expect(formatCheckedAgo(before(60 * 60_000), now, "en")).toBe("confirmed 1 hour ago");
    expect(formatCheckedAgo(before(47 * 3_600_000), now, "en")).toBe("confirmed 47 hours ago");
    expect(formatCheckedAgo(before(72 * 3_600_000), now, "en")).toBe("confirmed 3 days ago");
  });

  it("says nothing when Udemy was never asked, and 'just now' for a clock slightly behind", () => {
    expect(formatCheckedAgo(null, now, "en")).toBeNull();
    expect(formatCheckedAgo("not a date", now, "en")).toBeNull();
    expect(formatCheckedAgo(before(-30_000), now, "en")).toBe("confirmed just now");
  });
});

describe("in Indonesian", () => {
  const now = new Date("2026-01-15T10:00:00Z");
  const after = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it("words durations, time left and levels", () => {
    expect(formatDuration(45, "id")).toBe("45 mnt");
    expect(formatDuration(60, "id")).toBe("1 jam");
    expect(formatDuration(90, "id")).toBe("1 jam 30 mnt");
    expect(formatTimeLeft(after(60_000), now, "id")).toBe("Berakhir dalam 1 menit");
    expect(formatTimeLeft(after(5 * 3_600_000), now, "id")).toBe("Berakhir dalam 5 jam");
    expect(formatTimeLeft(after(72 * 3_600_000), now, "id")).toBe("Berakhir dalam 3 hari");
    expect(formatLevel("Beginner Level", "id")).toBe("Pemula");
    expect(formatLevel("All Levels", "id")).toBe("Semua Level");
    expect(formatLevel("Something Else", "id")).toBe("Something Else");
    expect(formatCheckedAgo(new Date(now.getTime() - 5 * 60_000).toISOString(), now, "id")).toBe(
      "dikonfirmasi 5 menit lalu",
    );
  });
});
