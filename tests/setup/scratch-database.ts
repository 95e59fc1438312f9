import { randomBytes } from "node:crypto";
import pg from "pg";

export type ScratchDatabase = { url: string; drop(): Promise<void> };

/**
 * A new, empty PostgreSQL database on the server `adminUrl` names (DATABASE_URL), under a random
 * name so test files never see each other's rows; `drop` removes it even with clients connected.
 */
export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `kursusku_test_${randomBytes(6).toString("hex")}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
