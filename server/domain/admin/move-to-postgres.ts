import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ImageStore } from "../../adapters/image-store/image-store";
import type { Database, DatabaseHandle } from "../../db/client";

/**
 * `npm run db:move`: copies an installation on the embedded database into an empty PostgreSQL
 * database. The schema comes from our migrations (never copied), then every table's rows in
 * batches, parents before children (foreign keys), each row as JSON so every type (jsonb,
 * timestamps, identities) arrives exactly as it was; identity and serial counters continue after
 * the copied ids; row counts are compared table by table. All rows go in one transaction: a
 * failed move leaves the target with its schema and no rows, and can simply be run again after
 * emptying it. Uploads go to the store configured for the new installation.
 */
export class MoveRefused extends Error {
  override name = "MoveRefused";
}

export type MoveReport = {
  tables: Array<{ table: string; rows: number }>;
  uploads: number;
};

type Rows<T> = { rows: T[] };
const BATCH_ROWS = 1000;
const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,120}$/;

async function query<T>(db: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as Rows<T>).rows;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function moveEmbeddedToPostgres(options: {
  source: DatabaseHandle;
  /** Opened on the empty target; migrated here. */
  target: DatabaseHandle;
  /** The source's uploads directory and the new installation's store; null: uploads stay. */
  uploads: { from: string; to: ImageStore } | null;
  onTable?: (table: string, rows: number) => void;
}): Promise<MoveReport> {
  const { source, target } = options;
  if (source.kind !== "pglite" || target.kind !== "postgres")
    throw new MoveRefused("db:move copies the embedded database into PostgreSQL.");
  const existing = await query<{ tables: number }>(
    target.db,
    sql`select count(*)::int as tables from information_schema.tables
         where table_schema in ('public', 'drizzle')`,
  );
  if ((existing[0]?.tables ?? 0) > 0)
    throw new MoveRefused(
      `${target.location} is not empty: db:move fills a new, empty database (createdb one).`,
    );
  // Both at the newest schema: the same tables and columns on either side.
  await source.migrate();
  await target.migrate();

  const tables = await tablesParentsFirst(target.db);
  const report: MoveReport = { tables: [], uploads: 0 };
  await target.db.transaction(async (tx) => {
    for (const table of tables) {
      const columns = (
        await query<{ name: string }>(
          target.db,
          sql`select column_name as name from information_schema.columns
               where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
               order by ordinal_position`,
        )
      ).map((column) => quoted(column.name));
      const list = sql.raw(columns.join(", "));
      const order = sql.raw((await primaryKey(target.db, table)).join(", ") || "1");
      const name = sql.raw(quoted(table));
      let copied = 0;
      for (;;) {
        const [batch] = await query<{ rows: string; count: number }>(
          source.db,
          sql`select coalesce(json_agg(t), '[]')::text as rows, count(*)::int as count
                from (select ${list} from ${name} order by ${order}
                      limit ${BATCH_ROWS} offset ${copied}) t`,
        );
        if (!batch || batch.count === 0) break;
        await tx.execute(
          sql`insert into ${name} (${list}) overriding system value
                select ${list} from json_populate_recordset(null::${name}, ${batch.rows}::json)`,
        );
        copied += batch.count;
      }
      await continueCounters(tx as unknown as Database, table);
      report.tables.push({ table, rows: copied });
      options.onTable?.(table, copied);
    }
  });

  for (const { table, rows } of report.tables) {
    const name = sql.raw(quoted(table));
    const [counted] = await query<{ n: number }>(
      target.db,
      sql`select count(*)::int as n from ${name}`,
    );
    const [original] = await query<{ n: number }>(
      source.db,
      sql`select count(*)::int as n from ${name}`,
    );
    if (counted?.n !== rows || original?.n !== rows)
      throw new Error(
        `${table}: ${original?.n} rows in the embedded database, ${counted?.n} in PostgreSQL`,
      );
  }

  if (options.uploads && existsSync(options.uploads.from)) {
    for (const key of await readdir(options.uploads.from)) {
      if (!SAFE_KEY.test(key)) continue;
      const bytes = await readFile(path.join(options.uploads.from, key));
      await options.uploads.to.put(key, bytes, contentTypeOf(key));
      report.uploads += 1;
    }
  }
  return report;
}

/** The public tables, each after every table it references. */
async function tablesParentsFirst(db: Database): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
           where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.name);
  const references = await query<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_class p on p.oid = k.confrelid
          join pg_namespace n on n.oid = c.relnamespace
         where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const { child, parent } of references) if (child === table) place(parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

async function primaryKey(db: Database, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    sql`select a.attname as name
          from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = ${quoted(table)}::regclass and i.indisprimary
         order by array_position(i.indkey, a.attnum)`,
  );
  return rows.map((row) => quoted(row.name));
}

/** Serial and identity columns continue after the highest copied id. */
async function continueCounters(db: Database, table: string): Promise<void> {
  const counters = await query<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
         where table_schema = 'public' and table_name = ${table}
           and (column_default like 'nextval(%' or is_identity = 'YES')`,
  );
  for (const { name } of counters) {
    const column = sql.raw(quoted(name));
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${quoted(table)}, ${name}),
                        coalesce((select max(${column}) from ${sql.raw(quoted(table))}), 1),
                        (select max(${column}) from ${sql.raw(quoted(table))}) is not null)`,
    );
  }
}

function contentTypeOf(key: string): string {
  if (key.endsWith(".webp")) return "image/webp";
  if (key.endsWith(".png")) return "image/png";
  if (key.endsWith(".gif")) return "image/gif";
  return "image/jpeg";
}
