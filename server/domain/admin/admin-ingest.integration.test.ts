import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureServer, type FixtureServer } from "../../../tests/setup/fixture-http-server";
import { createTestServices, type TestServices } from "../../../tests/setup/test-services";
import { auditLog, courses, ingestRuns } from "../../db/schema";
import { signInWithLocalIdentity } from "../accounts/accounts";
import { adminRunIngest, listIngestSources } from "./admin";

const feed = [
  {
    update_time: "2026-11-22 01:00:00",
    results: [
      {
        course_id: "101",
        category: "Development",
        title: "Operator Console Test Course",
        coupon_code: "RUNNOW1",
        coupon_link: "https://www.udemy.com/course/operator-console-test/?couponCode=RUNNOW1",
        expired_date: "2026-11-25 00:00:00+00:00",
        language: "English",
      },
    ],
  },
];

describe("running ingestion from the console", () => {
  let test: TestServices;
  let server: FixtureServer;

  beforeAll(async () => {
    server = await startFixtureServer({
      "/feed.json": (_request, response) => {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(feed));
      },
    });
    test = await createTestServices({
      now: "2026-11-22T10:00:00+07:00",
      env: {
        ADMIN_EMAILS: "boss@example.com",
        INGEST_SOURCES: JSON.stringify([
          { kind: "json", name: "fixture", url: server.url("/feed.json") },
        ]),
      },
    });
  });

  afterAll(async () => {
    await test.close();
    await server.close();
  });

  it("lists the configured sources and runs one, recorded as a run and in the audit log", async () => {
    expect(listIngestSources(test.services)).toEqual(["fixture"]);
    const { user: admin } = await signInWithLocalIdentity(test.services, {
      email: "boss@example.com",
    });
    const summary = await adminRunIngest(test.services, admin, "fixture");
    expect(summary.added).toBe(1);
    const [course] = await test.services.db
      .select()
      .from(courses)
      .where(eq(courses.title, "Operator Console Test Course"));
    expect(course?.couponCode).toBe("RUNNOW1");
    const runs = await test.services.db
      .select()
      .from(ingestRuns)
      .where(eq(ingestRuns.id, summary.runId));
    expect(runs).toHaveLength(1);
    const entries = await test.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "ingest.run"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: "boss@example.com", target: "fixture" });
  });
});
