import {
  newCouponRecord,
  type CouponRecord,
} from "../../server/adapters/coupon-feeds/coupon-record";
import { createFixtureFeeds } from "../../server/adapters/coupon-feeds/fake-feeds";
import { eq } from "drizzle-orm";
import { alertChannels, alertDeliveries, users } from "../../server/db/schema";
import { toIngestServices } from "../../server/domain/ingest/ingest-services";
import { runIngest } from "../../server/domain/ingest/run-sources";
import type { Services } from "../../server/services";

/** Shared by the alert tests: users, their e-mail channel, coupon records. */

export async function addUser(
  services: Services,
  id: string,
  email: { enabled: boolean; hour?: number } = { enabled: true, hour: 7 },
): Promise<void> {
  await services.db.insert(users).values({ id, email: `${id}@example.com`, name: id });
  await services.db.insert(alertChannels).values({
    userId: id,
    emailEnabled: email.enabled,
    emailHour: email.hour ?? 7,
  });
}

export function couponRecord(
  services: Services,
  slug: string,
  title: string,
  couponCode: string,
  fields: Partial<CouponRecord> = {},
): CouponRecord {
  return newCouponRecord({
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=${couponCode}`,
    title,
    couponCode,
    category: "Development",
    language: "English",
    foundAt: services.clock.now(),
    ...fields,
  });
}

/** An ingest run (which matches alerts after it commits) whose one source serves `records`. */
export function ingestRecords(services: Services, records: CouponRecord[]) {
  return runIngest(
    toIngestServices(services, {
      feeds: createFixtureFeeds([
        { name: "fixture", answer: () => Promise.resolve({ records, rejected: [] }) },
      ]),
    }),
  );
}

/** A user's deliveries as "channel:status", sorted: what the alert tests compare. */
export async function deliveryStatuses(services: Services, userId: string): Promise<string[]> {
  const rows = await services.db
    .select({ channel: alertDeliveries.channel, status: alertDeliveries.status })
    .from(alertDeliveries)
    .where(eq(alertDeliveries.userId, userId));
  return rows.map((row) => `${row.channel}:${row.status}`).sort();
}
