import { describe, expect, it } from "vitest";
import { calibrate, describeCalibration } from "./host-calibration";

describe("which phone a Lighthouse mobile score stands for", () => {
  it("divides the median host index by the slowdown", () => {
    const calibration = calibrate([2826, 1758, 2578], 4);
    expect(calibration).toMatchObject({ host: 2578, lowest: 1758, highest: 2826, phone: 645 });
    expect(calibration?.phoneClass).toBe("mid-tier");
  });

  it("says when the host makes the score stand for a phone outside the mid-tier range", () => {
    expect(calibrate([4000], 4)?.phoneClass).toBe("faster than mid-tier");
    expect(calibrate([400], 4)?.phoneClass).toBe("slower than mid-tier");
    expect(calibrate([2800], 8)).toMatchObject({ phone: 350, phoneClass: "mid-tier" });
  });

  it("has nothing to say without a run", () => {
    expect(calibrate([], 4)).toBeNull();
  });

  it("prints the host, the range of runs and the phone", () => {
    expect(describeCalibration(calibrate([4000, 3000, 3200], 4)!)).toBe(
      "host CPU benchmark index 3200 (median of 3 mobile runs, 3000–4000); " +
        "÷ 4 CPU slowdown ≈ a phone of 800, within Lighthouse's mid-tier phone range (125–800).",
    );
    expect(describeCalibration(calibrate([4000], 4)!)).toContain(
      "a phone of 1000, faster than Lighthouse's mid-tier phone (125–800)",
    );
  });
});
