import type { Locale } from "../../core/locale";
import { formatCount } from "../../core/numbers";

/**
 * Udemy's list price in its own currency, its code first: "USD 19.99", "IDR 249.000" (Udemy
 * prices a course in the visitor's currency; the catalogue keeps the one it was told).
 */
export function formatListPrice(
  price: { amount: number; currency: string },
  locale: Locale,
): string {
  const fractionDigits = Number.isInteger(price.amount) ? 0 : 2;
  return `${price.currency} ${formatCount(price.amount, locale, fractionDigits)}`;
}
