import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponRecord, seedCourses } from "../../../tests/setup/api-test-server";
import { createLocalImageStore } from "../../adapters/image-store/image-store";
import { parseConfig } from "../../config";
import { signInWithLocalIdentity } from "../accounts/accounts";
import { setFavourite } from "../catalog/favourites";
import { createRedeemCodes } from "../accounts/redeem";
import { addReview } from "../catalog/reviews";
import { createServices } from "../../services";
import { openDatabase, type Database, type DatabaseHandle } from "../../db/client";
import { moveEmbeddedToPostgres, MoveRefused } from "./move-to-postgres";
import { auditLog, courses } from "../../db/schema";
import { createScratchDatabase, type ScratchDatabase } from "../../../tests/setup/scratch-database";

/** An embedded installation with a bit of everything, copied into an empty PostgreSQL database. */
const adminUrl = process.env.DATABASE_URL;
let scratch: string;
let targetDatabase: ScratchDatabase | undefined;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "kursusku-move-"));
  if (adminUrl) targetDatabase = await createScratchDatabase(adminUrl);
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await targetDatabase?.drop();
});

/** Every row of every public table, as text, in primary-key order: equal means copied exactly. */
async function contents(db: Database): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    // Timestamps print in the session's zone: the same zone on both sides.
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = (await tx.execute(
      sql`select table_name as name from information_schema.tables
           where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: Array<{ name: string }> };
    const all: Record<string, string> = {};
    for (const { name: table } of tables.rows) {
      const result = (await tx.execute(
        sql.raw(
          `select coalesce(json_agg(t order by t::text), '[]')::text as rows from "${table}" t`,
        ),
      )) as unknown as { rows: Array<{ rows: string }> };
      all[table] = result.rows[0]!.rows;
    }
    return all;
  });
}

describe.runIf(adminUrl)("npm run db:move: the embedded database into PostgreSQL", () => {
  it("copies every row exactly, continues the counters, copies the uploads, and refuses a non-empty target", async () => {
    const config = parseConfig({
      NODE_ENV: "test",
      SEED: "none",
      DATA_DIR: path.join(scratch, "data"),
    });
    const sourceHandle = await createServices(config, pino({ level: "silent" }));
    const { services } = sourceHandle;
    await seedCourses(
      services,
      [1, 2, 3].map((n) => couponRecord({ slug: `move-${n}` })),
    );
    const [first] = await services.db.select({ id: courses.id }).from(courses).limit(1);
    const { user } = await signInWithLocalIdentity(services, { email: "mover@example.com" });
    await setFavourite(services, user.id, first!.id, true);
    await addReview(services, user.id, {
      courseId: first!.id,
      rating: 4,
      text: "Moved along nicely.",
    });
    await createRedeemCodes(services, { type: "credits", credits: 5, maxUses: 3 });
    await services.db.insert(auditLog).values({
      actorUserId: user.id,
      actorEmail: "mover@example.com",
      action: "test",
      details: { nested: { list: [1, 2] } },
    });
    await services.images.put("cover-9.webp", Buffer.from("image bytes"), "image/webp");
    await sourceHandle.close();

    const source: DatabaseHandle = await openDatabase({
      pgliteDir: path.join(config.dataDir, "db"),
    });
    const target = await openDatabase({ databaseUrl: targetDatabase!.url });
    const storeDir = path.join(scratch, "object-store");
    try {
      const report = await moveEmbeddedToPostgres({
        source,
        target,
        uploads: { from: config.uploadsDir, to: createLocalImageStore(storeDir) },
      });
      expect(report.tables.find((table) => table.table === "courses")?.rows).toBe(3);
      expect(report.uploads).toBe(1);
      expect(readFileSync(path.join(storeDir, "cover-9.webp"), "utf8")).toBe("image bytes");
      expect(await contents(target.db)).toEqual(await contents(source.db));

      // New rows get new ids after the copied ones (serial and identity columns).
      const [course] = await target.db
        .insert(courses)
        .values({
          slug: "after-move",
          title: "After",
          link: "https://www.udemy.com/course/after-move/",
          couponUrl: "https://www.udemy.com/course/after-move/",
          category: "Development",
          date: "2026-11-22",
          source: "test",
        })
        .returning({ id: courses.id });
      expect(course!.id).toBeGreaterThan(3);
      const [entry] = await target.db
        .insert(auditLog)
        .values({ actorUserId: user.id, actorEmail: "mover@example.com", action: "after" })
        .returning({ id: auditLog.id });
      expect(entry!.id).toBe(2);

      await expect(
        moveEmbeddedToPostgres({ source, target, uploads: null }),
      ).rejects.toBeInstanceOf(MoveRefused);
    } finally {
      await target.close();
      await source.close();
    }
  }, 120_000);
});
