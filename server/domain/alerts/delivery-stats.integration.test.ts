import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addUser } from "../../../tests/setup/alert-fixtures";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { alertChannels, alertDeliveries, courses, pushSubscriptions } from "../../db/schema";
import { readAlertDeliveryStats } from "./delivery-stats";

let harness: TestServices;
beforeEach(async () => {
  harness = await createTestServices({ now: "2026-11-23T12:00:00+07:00" });
});
afterEach(() => harness.close());

const hoursAgo = (hours: number) =>
  new Date(harness.services.clock.now().getTime() - hours * 3600_000);

describe("alert delivery stats for the operator console", () => {
  it("counts deliveries per channel by status and age, channels turned off, and the latest failures", async () => {
    const { services } = harness;
    await addUser(services, "ana");
    await addUser(services, "budi");
    const [course] = await services.db
      .insert(courses)
      .values({
        slug: "rust-basics",
        title: "Rust Basics",
        link: "https://www.udemy.com/course/rust-basics/",
        category: "Development",
        date: services.clock.today(),
        source: "fixture",
        firstSeenAt: services.clock.now(),
        lastSeenAt: services.clock.now(),
      })
      .returning({ id: courses.id });
    const delivery = (
      userId: string,
      channel: "email" | "push",
      status: "pending" | "sent" | "failed" | "cancelled",
      at: Date,
      couponCode: string,
      error: string | null = null,
    ) => ({
      userId,
      courseId: course!.id,
      couponCode,
      channel,
      reason: "search" as const,
      status,
      createdAt: at,
      sentAt: status === "sent" ? at : null,
      error,
    });
    await services.db
      .insert(alertDeliveries)
      .values([
        delivery("ana", "email", "pending", hoursAgo(1), "A1"),
        delivery("ana", "email", "sent", hoursAgo(2), "A2"),
        delivery("ana", "email", "sent", hoursAgo(50), "A3"),
        delivery("ana", "email", "sent", hoursAgo(24 * 9), "A4"),
        delivery("budi", "email", "cancelled", hoursAgo(3), "B1"),
        delivery("ana", "push", "failed", hoursAgo(4), "P1", "push service answered 410"),
        delivery("budi", "push", "failed", hoursAgo(24 * 8), "P2", "an old failure"),
      ]);
    await services.db.update(alertChannels).set({ emailEnabled: false, emailNote: "Refused." });
    await services.db.insert(pushSubscriptions).values({
      userId: "ana",
      endpoint: "https://push.example/ana",
      p256dh: "key",
      auth: "secret",
      disabledAt: services.clock.now(),
      disabledNote: "This browser no longer takes notifications.",
    });

    const stats = await readAlertDeliveryStats(services);
    expect(stats.channels).toEqual([
      {
        channel: "email",
        waiting: 1,
        sentLastDay: 1,
        sentLast7Days: 2,
        failedLast7Days: 0,
        cancelledLast7Days: 1,
      },
      {
        channel: "push",
        waiting: 0,
        sentLastDay: 0,
        sentLast7Days: 0,
        failedLast7Days: 1,
        cancelledLast7Days: 0,
      },
    ]);
    expect(stats.channelsOff).toEqual({ email: 2, push: 1, telegram: 0 });
    expect(stats.recentFailures.map((failure) => [failure.userEmail, failure.error])).toEqual([
      ["budi@example.com", "an old failure"],
      ["ana@example.com", "push service answered 410"],
    ]);
  });
});
