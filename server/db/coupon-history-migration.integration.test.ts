import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";

// Migration 0019 starts every course's coupon history from its current coupon.

const migrations = fileURLToPath(new URL("./migrations", import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), "kursusku-migrations-"));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The migrations folder as it was before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = path.join(scratch, "before");
  cpSync(migrations, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

it("backfills each course's current coupon: listed ones open, retired ones ended, none for demo courses or stubs", async () => {
  const client = await PGlite.create("memory://", { extensions: { pg_trgm } });
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore("0019_course_coupon_history") });
    const insert = (slug: string, fields: string, values: string) =>
      client.query(
        `insert into courses (slug, title, link, category, source, first_seen_at, last_seen_at, ${fields})
         values ('${slug}', 'A course', 'https://www.udemy.com/course/${slug}/', 'Development', 'blog-a',
                 '2026-01-01T00:00:00Z', '2026-11-20T00:00:00Z', ${values})`,
      );
    // Listed; its coupon was found on 18 Nov (Jakarta), long after the course was first seen.
    await insert(
      "listed",
      "coupon_code, date, expires_at",
      "'LIVE', '2026-11-18', '2030-01-01T00:00:00Z'",
    );
    await insert(
      "expired",
      "coupon_code, date, expires_at, active",
      "'OLD', '2026-11-10', '2026-11-12T05:00:00Z', false",
    );
    await insert("stale", "coupon_code, date, active", "'GONE', '2026-11-15', false");
    await insert("demo", "coupon_code, date, is_demo", "'DEMO', '2026-11-18', true");
    await insert("stub", "date, active", "'2026-11-18', false");
    await client.query(
      `insert into course_sources (course_id, source, first_seen_at, last_seen_at)
       select id, s, '2026-11-18T00:00:00Z', '2026-11-20T00:00:00Z'
         from courses, unnest(array['blog-a', 'deals-api']) as s where slug = 'listed'`,
    );

    await migrate(db, { migrationsFolder: migrations });

    const { rows } = await client.query<{
      slug: string;
      coupon_code: string;
      found_at: Date;
      ended_at: Date | null;
      sources: string[];
    }>(
      `select c.slug, cc.coupon_code, cc.found_at, cc.ended_at, cc.sources
         from course_coupons cc join courses c on c.id = cc.course_id order by c.slug`,
    );
    expect(
      rows.map((row) => [
        row.slug,
        row.coupon_code,
        row.found_at.toISOString(),
        row.ended_at?.toISOString() ?? null,
        row.sources,
      ]),
    ).toEqual([
      ["expired", "OLD", "2026-11-09T17:00:00.000Z", "2026-11-12T05:00:00.000Z", ["blog-a"]],
      ["listed", "LIVE", "2026-11-17T17:00:00.000Z", null, ["blog-a", "deals-api"]],
      ["stale", "GONE", "2026-11-14T17:00:00.000Z", "2026-11-20T00:00:00.000Z", ["blog-a"]],
    ]);
  } finally {
    await client.close();
  }
  // Two full migration runs on one shared CPU.
}, 120_000);
