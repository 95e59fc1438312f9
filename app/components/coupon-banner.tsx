import { useState } from "react";
import { Form } from "react-router";

import { COUPON_BANNER_COOKIE } from "../../core/coupon-banner";

/**
 * The Indonesian coupon notice. Dismissal is remembered in a cookie (not local storage) so the
 * server leaves the banner out of the next page instead of flashing it and hiding it.
 */
export function CouponBanner() {
  const [visible, setVisible] = useState(true);
  if (!visible) return null;
  return (
    <aside
      aria-label="Info kupon"
      lang="id"
      className="mb-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex-1">
        <strong>Info kupon:</strong> kursus di sini gratis 100% dengan kupon dari Udemy. Kupon hanya
        berlaku beberapa hari dan untuk jumlah pendaftar terbatas, jadi segera daftar selagi masih
        gratis. Jika harga sudah tidak Rp0, berarti kuponnya sudah habis.
      </p>
      <Form
        method="post"
        action="/?index"
        onSubmit={(event) => {
          event.preventDefault();
          document.cookie = `${COUPON_BANNER_COOKIE}=dismissed; Path=/; Max-Age=31536000; SameSite=Lax`;
          setVisible(false);
        }}
      >
        <input type="hidden" name="intent" value="dismiss-coupon-banner" />
        <button type="submit" className="rounded p-1 font-bold" aria-label="Tutup info kupon">
          ✕
        </button>
      </Form>
    </aside>
  );
}
