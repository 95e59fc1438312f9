import { count } from "drizzle-orm";
import { tryJobLock } from "../../db/advisory-lock";
import { courses } from "../../db/schema";
import type { Services } from "../../services";
import { noteListedCouponsAsMatched } from "../alerts/match-new-coupons";
import { generateDemoCatalogue } from "./demo-catalog";
import { importCouponRecords, type ImportSummary } from "../ingest/import-records";

/** Advisory-lock key of seeding ("KKSD"). */
const SEED_LOCK_KEY = 0x4b4b5344;
const LOCK_RETRY_MS = 200;

/**
 * Seeds the demo catalogue into an empty database (SEED=none turns this off). Its courses are
 * flagged as examples (is_demo): a banner says so, opening one spends nothing and sends nobody to
 * a made-up coupon, and the first real run that lists courses retires them. SEED=test seeds the
 * same courses as ordinary listed ones, for test harnesses that open courses and spend credits.
 * Instances starting together on an empty PostgreSQL database seed one after another under a
 * lock, and each looks again once it holds it: the first seeds, the others find courses and leave
 * them be.
 */
export async function seedDemoCatalogueIfEmpty(services: Services): Promise<ImportSummary | null> {
  if (services.config.seed === "none") return null;
  if (!(await isCatalogueEmpty(services))) return null;
  let lock = await tryJobLock(services.db, SEED_LOCK_KEY);
  while (!lock) {
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    lock = await tryJobLock(services.db, SEED_LOCK_KEY);
  }
  try {
    if (!(await isCatalogueEmpty(services))) return null;
    const summary = await importCouponRecords(
      services,
      generateDemoCatalogue(services.clock.now()),
      "demo",
      { demo: services.config.seed === "demo" },
    );
    // A new site's whole catalogue is not news to anyone's alerts.
    await noteListedCouponsAsMatched(services);
    return summary;
  } finally {
    await lock.release();
  }
}

async function isCatalogueEmpty(services: Services): Promise<boolean> {
  const [row] = await services.db.select({ total: count() }).from(courses);
  return (row?.total ?? 0) === 0;
}
