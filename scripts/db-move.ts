import path from "node:path";
import { parseArgs } from "node:util";
import { createConfiguredImageStore } from "../server/adapters/image-store/configured-image-store";
import { acquireDataDirLock, DataDirBusyError } from "../server/data-dir-lock";
import { openDatabase } from "../server/db/client";
import { moveEmbeddedToPostgres, MoveRefused } from "../server/domain/admin/move-to-postgres";
import { readCliConfig } from "./cli-database";

/**
 * `npm run db:move -- --to postgres://…`: copies this installation's embedded database
 * (DATA_DIR) into an empty PostgreSQL database (server/db/move-to-postgres.ts) and its uploads
 * into the store the new installation uses, checks the row counts, and says which two lines of
 * the environment to change. The server must be stopped: a write after the copy would be lost.
 */
const usage = "Usage: npm run db:move -- --to postgres://user:password@host:5432/database";

async function main() {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    console.error(usage);
    process.exit(2);
  }
  const config = readCliConfig();
  if (config.databaseUrl) {
    console.error("DATABASE_URL is set: this installation already runs on PostgreSQL.");
    process.exit(2);
  }
  let lock;
  try {
    lock = acquireDataDirLock(config.dataDir, "cli");
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      console.error(
        `${error.message}\nStop the server first: writes after the copy would be lost.`,
      );
      process.exit(1);
    }
    throw error;
  }
  const source = await openDatabase({ pgliteDir: path.join(config.dataDir, "db") });
  const target = await openDatabase({ databaseUrl: values.to });
  try {
    // Uploads go to the object store when S3_* is set for the new installation; otherwise they
    // stay where they are (UPLOADS_DIR) and there is nothing to copy.
    const report = await moveEmbeddedToPostgres({
      source,
      target,
      uploads: config.s3
        ? { from: config.uploadsDir, to: createConfiguredImageStore(config) }
        : null,
      onTable: (table, rows) => console.log(`  ${table.padEnd(24)} ${rows} rows`),
    });
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `\nCopied ${rows} rows in ${report.tables.length} tables to ${target.location}; every count matches.`,
    );
    console.log(
      config.s3
        ? `Uploads: ${report.uploads} copied to ${createConfiguredImageStore(config).describe()}.`
        : `Uploads: they stay in ${config.uploadsDir} (no S3_BUCKET set for an object store).`,
    );
    console.log(
      [
        "",
        "Now change two lines in the server's environment, then start it:",
        `  DATABASE_URL=${values.to}`,
        `  SESSION_SECRET=$(cat ${path.join(config.dataDir, "session-secret")})`,
        "(the second keeps visitors' cookies valid; PostgreSQL in production requires it).",
        `The embedded database in ${config.dataDir} is left as it was.`,
      ].join("\n"),
    );
  } catch (error) {
    if (error instanceof MoveRefused) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  } finally {
    await target.close();
    await source.close();
    lock.release();
  }
}

main().catch((error: unknown) => {
  console.error(`The move failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
