/** The coupon notice's dismissal, remembered per browser (decision 0006). */
export const COUPON_BANNER_COOKIE = "kk_coupon_banner";

export function isCouponBannerDismissed(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(/;\s*/).includes(`${COUPON_BANNER_COOKIE}=dismissed`);
}
