import { describe, expect, it } from "vitest";
import { isRowId, MAX_ROW_ID, parseRowId } from "./row-id";

describe("parseRowId", () => {
  it("reads ids from 1 to the largest PostgreSQL integer", () => {
    expect(parseRowId("1")).toBe(1);
    expect(parseRowId("209")).toBe(209);
    expect(parseRowId("007")).toBe(7);
    expect(parseRowId("2147483647")).toBe(MAX_ROW_ID);
  });

  it("refuses ids the integer column cannot hold, and anything but digits", () => {
    for (const value of [
      "0",
      "2147483648",
      "4294967296",
      "99999999999",
      "-1",
      "1e3",
      "0x10",
      " 12",
      "12 ",
      "1.5",
      "",
      null,
      undefined,
    ]) {
      expect(parseRowId(value), String(value)).toBeNull();
    }
  });
});

describe("isRowId", () => {
  it("accepts whole numbers in range only", () => {
    expect(isRowId(1)).toBe(true);
    expect(isRowId(MAX_ROW_ID)).toBe(true);
    for (const value of [0, -1, MAX_ROW_ID + 1, 1.5, Number.NaN, "1", null]) {
      expect(isRowId(value)).toBe(false);
    }
  });
});
