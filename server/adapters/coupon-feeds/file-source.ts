import { readFile } from "node:fs/promises";
import type { CouponRecord } from "./coupon-record";
import { parseUdemyCouponFeed } from "./udemy-json";

export type FileImportOptions = {
  /** UTC offset of the feed's zone-less `update_time` values, e.g. "+01:00"; default UTC. */
  updateTimeOffset?: string;
  now: Date;
};

/** Reads a coupon feed file in the udemy-coupons JSON shape. */
export async function loadCouponFile(
  file: string,
  options: FileImportOptions,
): Promise<{ records: CouponRecord[]; rejected: string[] }> {
  const text = await readFile(file, "utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { records: [], rejected: [`${file} is not valid JSON: ${(error as Error).message}`] };
  }
  return parseUdemyCouponFeed(json, {
    fallbackFoundAt: options.now,
    updateTimeOffset: options.updateTimeOffset,
  });
}
