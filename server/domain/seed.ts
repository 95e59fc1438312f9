import { count } from "drizzle-orm";
import { courses } from "../db/schema";
import type { Services } from "../services";
import { generateDemoCatalogue } from "./demo-catalog";
import { importCouponRecords, type ImportSummary } from "./ingest/import-records";

/** Seeds the demo catalogue into an empty database (SEED=none turns this off). */
export async function seedDemoCatalogueIfEmpty(services: Services): Promise<ImportSummary | null> {
  if (services.config.seed === "none") return null;
  const [row] = await services.db.select({ total: count() }).from(courses);
  if ((row?.total ?? 0) > 0) return null;
  return importCouponRecords(services, generateDemoCatalogue(services.clock.now()), "demo");
}
