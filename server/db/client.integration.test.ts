import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../../tests/setup/scratch-database";
import { openDatabase } from "./client";

const adminUrl = process.env.DATABASE_URL;
let scratch: ScratchDatabase | undefined;

beforeAll(async () => {
  if (adminUrl) scratch = await createScratchDatabase(adminUrl);
});
afterAll(async () => {
  await scratch?.drop();
});

describe.runIf(adminUrl)("closing the PostgreSQL pool", () => {
  it("lets a request that is still querying finish its queries, one after another", async () => {
    const handle = await openDatabase({ databaseUrl: scratch!.url, poolSize: 2 });
    // A handler whose client has gone: two queries in a row, the second asked after close began.
    const handler = (async () => {
      await handle.db.execute(sql`select pg_sleep(0.2)`);
      const rows = (await handle.db.execute(sql`select 2 as two`)) as unknown as {
        rows: Array<{ two: number }>;
      };
      return rows.rows[0]!.two;
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await handle.close();
    await expect(handler).resolves.toBe(2);
  });
});
