import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";
import { useRootData } from "./use-root-data";

/**
 * Every page says so while the demo catalogue is listed (no coupon source could be reached).
 * Rendered on the server in the page's flow, so it shifts nothing after the first paint; one
 * short line on a laptop, three small lines on a phone.
 */
export function DemoCatalogueBanner() {
  const { t } = useMessages();
  if (!useRootData()?.demoCatalogue) return null;
  return (
    <p
      role="note"
      data-testid="demo-banner"
      className="border-b border-amber-300 bg-amber-50 px-4 py-1.5 text-center text-xs text-amber-950 sm:text-sm dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {t(m.demo_banner)}
    </p>
  );
}

/** Beside a favourite or a visit of a demo course, which stays in the learner's lists. */
export function ExampleCourseLabel() {
  const { t } = useMessages();
  return (
    <span
      data-testid="example-course"
      className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
    >
      {t(m.demo_example_course)}
    </span>
  );
}
