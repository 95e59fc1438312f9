import path from "node:path";
import { parseArgs } from "node:util";
import { importCouponFile, type ImportSummary } from "../server/domain/ingest";
import { callServer, openCliTarget, readCliConfig } from "./cli-database";

const usage = `Usage: npm run ingest -- --file <feed.json> [--source <name>] [--timezone <±HH:MM>]

  --file       a coupon feed in the udemy-coupons JSON shape (snapshots or a bare array)
  --source     name recorded for this run (default: file:<file name>)
  --timezone   UTC offset of the feed's zone-less update_time values (default: UTC)`;

async function main() {
  const { values } = parseArgs({
    options: {
      file: { type: "string" },
      source: { type: "string" },
      timezone: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || !values.file) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  if (values.timezone && !/^(Z|[+-]\d{2}:\d{2})$/.test(values.timezone)) {
    console.error(`--timezone must look like +01:00 or Z, not "${values.timezone}"`);
    process.exit(2);
  }
  const request = {
    file: path.resolve(values.file),
    source: values.source,
    updateTimeOffset: values.timezone,
  };

  const config = readCliConfig();
  const target = await openCliTarget(config);
  let summary: ImportSummary;
  if (target.kind === "server") {
    console.log(`The server (pid ${target.owner.pid}) owns the database: importing through it.`);
    summary = await callServer<ImportSummary>(target.owner, "ingest-file", request);
  } else {
    try {
      summary = await importCouponFile(target.services, request);
    } finally {
      await target.close();
    }
  }
  console.log(
    `found ${summary.found}, added ${summary.added}, updated ${summary.updated}, unchanged ${summary.unchanged}, rejected ${summary.rejected.length}`,
  );
  for (const problem of summary.rejected.slice(0, 20)) console.log(`  rejected: ${problem}`);
  process.exit(summary.found > 0 && summary.rejected.length === summary.found ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
