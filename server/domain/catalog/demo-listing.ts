import { and, eq, sql } from "drizzle-orm";
import { courses } from "../../db/schema";
import type { Services } from "../../services";
import { listedCondition } from "./catalog";

/**
 * Remembered briefly: every page asks (the banner). Under "catalog:", so an import that retires
 * the demo catalogue forgets it, and with it every shared page.
 */
const DEMO_LISTED_TTL_MS = 30_000;

/** Whether any course of the demo catalogue is listed now: then every page says it is a demo. */
export function isDemoCatalogueListed(services: Services): Promise<boolean> {
  return services.cache.remember("catalog:demo-listed", DEMO_LISTED_TTL_MS, async () => {
    const [row] = await services.db
      .select({ one: sql<number>`1` })
      .from(courses)
      .where(and(eq(courses.isDemo, true), listedCondition(services)))
      .limit(1);
    return row !== undefined;
  });
}
