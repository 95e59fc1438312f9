import { useState } from "react";
import { Form } from "react-router";

import { COUPON_BANNER_COOKIE } from "../../core/coupon-banner";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { rememberPreference } from "../../core/preference-cookie";

/**
 * The Indonesian coupon notice, one line tall until "more" is tapped: on a phone the full text
 * took six lines above the first course. The line is a native <details>, so it opens before
 * hydration and without JavaScript. Dismissal is remembered in a cookie (not local storage) so
 * the server leaves the banner out of the next page instead of flashing it and hiding it.
 */
export function CouponBanner() {
  const { t, href, locale } = useMessages();
  const [visible, setVisible] = useState(true);
  if (!visible) return null;
  return (
    <aside
      aria-label={t(m.coupon_banner_label)}
      lang="id"
      className="mb-3 flex items-start gap-1 rounded-xl border border-amber-300 bg-amber-50 pl-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <details className="group min-w-0 flex-1">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 py-2 [&::-webkit-details-marker]:hidden">
          {/* eslint-disable i18next/no-literal-string -- the coupon note is Indonesian on every page, as the product words it. */}
          <span className="min-w-0 flex-1 truncate group-open:whitespace-normal">
            <strong>Info kupon:</strong> kursus di sini gratis 100% dengan kupon dari Udemy. Kupon
            hanya berlaku beberapa hari dan untuk jumlah pendaftar terbatas, jadi segera daftar
            selagi masih gratis. Jika harga sudah tidak Rp0, berarti kuponnya sudah habis.
          </span>
          {/* eslint-enable i18next/no-literal-string */}
          {/* The controls are in the page's language; the notice itself is always Indonesian. */}
          <span
            lang={locale}
            aria-hidden="true"
            className="shrink-0 self-start py-0.5 font-semibold underline underline-offset-2"
          >
            <span className="group-open:hidden">{t(m.coupon_banner_more)}</span>
            <span className="hidden group-open:inline">{t(m.coupon_banner_less)}</span>
          </span>
        </summary>
      </details>
      <Form
        method="post"
        action={`${href("/")}?index`}
        onSubmit={(event) => {
          event.preventDefault();
          rememberPreference(COUPON_BANNER_COOKIE, "dismissed");
          setVisible(false);
        }}
      >
        <input type="hidden" name="intent" value="dismiss-coupon-banner" />
        <button
          type="submit"
          className="inline-flex h-11 w-11 items-center justify-center rounded-xl font-bold"
          aria-label={t(m.coupon_banner_dismiss)}
        >
          ✕
        </button>
      </Form>
    </aside>
  );
}
