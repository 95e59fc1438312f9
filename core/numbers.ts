/**
 * Whole numbers as the English pages show them: "1,234,567".
 *
 * Not `Intl.NumberFormat` or `toLocaleString`: in a browser the first use of either loads the
 * ICU locale data, ~15 ms of main thread on a fast machine and ~60 ms on a phone, inside the
 * hydration that a visitor is waiting on (decision 0020). Counts are whole; a fraction is
 * rounded to the nearest whole number.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.round(value);
  const digits = String(Math.abs(whole));
  // Above 1e21 String() switches to exponent notation: nothing to group there.
  if (!/^\d+$/.test(digits)) return String(whole);
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ",");
  return whole < 0 ? `-${grouped}` : grouped;
}
