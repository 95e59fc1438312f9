import { parse } from "cookie";

/** The coupon notice's dismissal, remembered per browser (decision 0006). */
export const COUPON_BANNER_COOKIE = "kk_coupon_banner";

export function isCouponBannerDismissed(cookieHeader: string | null): boolean {
  return parse(cookieHeader ?? "")[COUPON_BANNER_COOKIE] === "dismissed";
}
