/**
 * Lighthouse's mobile score slows the host's CPU down 4× in its simulation, a factor calibrated
 * for a high-end desktop (its CPU benchmark index 1 500–2 000): that lands on a mid-tier phone
 * (125–800). On a slower host the same page reads as a slower phone, and on a busy one it varies
 * from run to run (decision 0048). This says which phone a set of runs stood for.
 */

/** The benchmark index range Lighthouse's documentation gives for a mid-tier phone. */
const MID_TIER_PHONE = { from: 125, to: 800 };

export type HostCalibration = {
  /** The median of the runs' benchmark indexes. */
  host: number;
  lowest: number;
  highest: number;
  runs: number;
  slowdown: number;
  /** The benchmark index of the phone the score stands for: the host's, divided by the slowdown. */
  phone: number;
  phoneClass: keyof typeof PHONE_CLASS_WORDS;
};

const PHONE_CLASS_WORDS = {
  "faster than mid-tier": "faster than Lighthouse's mid-tier phone",
  "mid-tier": "within Lighthouse's mid-tier phone range",
  "slower than mid-tier": "slower than Lighthouse's mid-tier phone",
};

export function calibrate(
  benchmarkIndexes: readonly number[],
  slowdown: number,
): HostCalibration | null {
  if (benchmarkIndexes.length === 0) return null;
  const sorted = [...benchmarkIndexes].sort((a, b) => a - b);
  const host = sorted[Math.floor(sorted.length / 2)]!;
  const phone = Math.round(host / slowdown);
  return {
    host,
    lowest: sorted[0]!,
    highest: sorted.at(-1)!,
    runs: sorted.length,
    slowdown,
    phone,
    phoneClass:
      phone > MID_TIER_PHONE.to
        ? "faster than mid-tier"
        : phone < MID_TIER_PHONE.from
          ? "slower than mid-tier"
          : "mid-tier",
  };
}

export function describeCalibration(calibration: HostCalibration): string {
  const { host, lowest, highest, runs, slowdown, phone, phoneClass } = calibration;
  return (
    `host CPU benchmark index ${host} (median of ${runs} mobile runs, ${lowest}–${highest}); ` +
    `÷ ${slowdown} CPU slowdown ≈ a phone of ${phone}, ${PHONE_CLASS_WORDS[phoneClass]} ` +
    `(${MID_TIER_PHONE.from}–${MID_TIER_PHONE.to}).`
  );
}
