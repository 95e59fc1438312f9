import { describe, expect, it } from "vitest";
import { placeToast } from "./toast-placement";

const base = { minTop: 70, maxBottom: 830, height: 60, gap: 8 };

describe("placeToast", () => {
  it("sits at the bottom when nothing is in the way", () => {
    expect(placeToast({ ...base, obstacles: [] })).toBe(770);
  });

  it("ignores controls outside the allowed area", () => {
    expect(
      placeToast({
        ...base,
        obstacles: [
          { top: 10, bottom: 50 },
          { top: 840, bottom: 880 },
        ],
      }),
    ).toBe(770);
  });

  it("moves above a button at the bottom of the screen, keeping the gap", () => {
    expect(placeToast({ ...base, obstacles: [{ top: 780, bottom: 824 }] })).toBe(780 - 8 - 60);
  });

  it("climbs past buttons that leave too little room between them", () => {
    const obstacles = [
      { top: 780, bottom: 824 },
      { top: 700, bottom: 744 },
      { top: 300, bottom: 344 },
    ];
    // Between 744+8 and 780-8 there are only 20 px; above 700-8 the next button ends at 352.
    expect(placeToast({ ...base, obstacles })).toBe(692 - 60);
  });

  it("handles overlapping and unsorted controls", () => {
    const obstacles = [
      { top: 400, bottom: 450 },
      { top: 100, bottom: 800 },
    ];
    // Only 22 px are free under the header: no spot fits, so the toast keeps its usual place.
    expect(placeToast({ ...base, obstacles })).toBe(770);
  });

  it("never goes above the header: falls back to the bottom when no band is free", () => {
    expect(placeToast({ ...base, obstacles: [{ top: 60, bottom: 900 }] })).toBe(770);
  });

  it("never leaves a free spot that overlaps a control", () => {
    const obstacles = Array.from({ length: 5 }, (_, index) => ({
      top: 120 + index * 170,
      bottom: 164 + index * 170,
    }));
    const top = placeToast({ ...base, obstacles });
    for (const band of obstacles) {
      expect(top + base.height <= band.top - base.gap || top >= band.bottom + base.gap).toBe(true);
    }
    expect(top).toBeGreaterThanOrEqual(base.minTop);
  });
});
