import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";

// Migration 0007 makes course slugs unique. A database from before it may hold two courses with
// one slug (links differing in letter case): the migration must give the later one a new slug
// instead of failing at start-up.

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

it("gives later courses of a shared slug their own slug, then slugs are unique", async () => {
  const client = await PGlite.create("memory://", { extensions: { pg_trgm } });
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsBefore("0007_course_pages") });
    const insert = (slug: string, link: string) =>
      client.query(
        `insert into courses (slug, title, link, category, date, source)
         values ($1, 'A course', $2, 'Development', '2026-11-22', 'test')`,
        [slug, link],
      );
    await insert("python", "https://www.udemy.com/course/Python/");
    await insert("python", "https://www.udemy.com/course/python/");
    await insert("python", "https://www.udemy.com/course/PYTHON/");
    await insert("excel", "https://www.udemy.com/course/excel/");

    await migrate(db, { migrationsFolder: migrations });

    const { rows } = await client.query<{ id: number; slug: string }>(
      "select id, slug from courses order by id",
    );
    expect(rows.map((row) => row.slug)).toEqual([
      "python",
      `python-${rows[1]!.id}`,
      `python-${rows[2]!.id}`,
      "excel",
    ]);
    await expect(insert("excel", "https://www.udemy.com/course/EXCEL/")).rejects.toThrow(
      /courses_slug_key/,
    );
  } finally {
    await client.close();
  }
});
