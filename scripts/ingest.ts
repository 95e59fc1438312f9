import path from "node:path";
import { parseArgs } from "node:util";
import { ValidationError } from "../server/domain/common/errors";
import { importCouponFile, type FileImportSummary } from "../server/domain/ingest/import-file";
import { IngestInProgress } from "../server/domain/ingest/ingest-runs";
import { toIngestServices } from "../server/domain/ingest/ingest-services";
import {
  runIngest,
  type IngestProgress,
  type IngestRunSummary,
} from "../server/domain/ingest/run-sources";
import { UTC_OFFSET_PATTERN } from "../core/dates";
import { callServer, openCliTarget, postToServer, readCliConfig } from "./cli-database";
import { describeOutcome } from "./ingest-summary";

const usage = `Usage: npm run ingest [-- --source <name>]
       npm run ingest -- --file <feed.json> [--source <name>] [--timezone <±HH:MM>]

  (no --file)  run the coupon sources of INGEST_SOURCES (all, or the one named by --source),
               then retire expired, stale and (with UDEMY_CHECK=true) invalid coupons
  --file       import a coupon feed in the udemy-coupons JSON shape (snapshots or a bare array);
               new coupons are listed once Udemy says they are free (UDEMY_CHECK=false: unchecked)
  --source     with --file: name recorded for this run (default: file:<file name>)
  --timezone   with --file: UTC offset of the feed's zone-less update_time values (default: UTC)

Exit status: 0 when every source was read; 3 when some sources failed and the others were
imported; 1 when every source failed, on any other failure, and while another run is in
progress (only one run at a time); 2 for a wrong request.`;

/** Some sources failed, the others were imported: a cron wrapper can tell it from success. */
const PARTLY_FAILED = 3;

/** A failure with the exit code it deserves: 2 for a wrong request, 1 for everything else. */
class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

function toCliFailure(error: unknown): CliFailure {
  if (error instanceof CliFailure) return error;
  if (error instanceof ValidationError) return new CliFailure(error.message, 2);
  if (error instanceof IngestInProgress) return new CliFailure(error.message, 1);
  return new CliFailure(error instanceof Error ? error.message : String(error), 1);
}

async function main() {
  const { values } = parseArgs({
    options: {
      file: { type: "string" },
      source: { type: "string" },
      timezone: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (values.timezone && !values.file) {
    console.error("--timezone only applies to --file");
    process.exit(2);
  }
  if (values.timezone && !UTC_OFFSET_PATTERN.test(values.timezone)) {
    console.error(`--timezone must look like +01:00 or Z, not "${values.timezone}"`);
    process.exit(2);
  }
  const config = readCliConfig();
  try {
    const code = values.file
      ? await importFile(config, {
          file: path.resolve(values.file),
          source: values.source,
          updateTimeOffset: values.timezone,
        })
      : await runSources(config, values.source);
    process.exit(code);
  } catch (error) {
    const failure = toCliFailure(error);
    console.error(failure.message);
    if (failure.exitCode === 2 && !values.file) console.error(`\n${usage}`);
    process.exit(failure.exitCode);
  }
}

async function importFile(
  config: ReturnType<typeof readCliConfig>,
  request: { file: string; source?: string; updateTimeOffset?: string },
): Promise<number> {
  const target = await openCliTarget(config);
  let summary: FileImportSummary;
  if (target.kind === "server") {
    console.log(`The server (pid ${target.owner.pid}) owns the database: importing through it.`);
    summary = await callServer<FileImportSummary>(target.owner, "ingest-file", request);
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
  if (summary.unverified > 0) {
    console.log(
      `${summary.unverified} new coupons were not listed: Udemy could not be asked (${summary.uncheckedReason ?? "no answer"}); to import them unchecked on purpose, run again with UDEMY_CHECK=false.`,
    );
  }
  return summary.found > 0 && summary.rejected.length === summary.found ? 1 : 0;
}

async function runSources(
  config: ReturnType<typeof readCliConfig>,
  source: string | undefined,
): Promise<number> {
  const target = await openCliTarget(config);
  let summary: IngestRunSummary;
  if (target.kind === "server") {
    console.log(`The server (pid ${target.owner.pid}) owns the database: running through it.`);
    summary = await runThroughServer(target.owner, source);
  } else {
    try {
      summary = await runIngest(toIngestServices(target.services), {
        source,
        requireSources: true,
        onProgress: printProgress,
      });
    } finally {
      await target.close();
    }
  }
  printSummary(summary);
  const failed = summary.sources.filter((outcome) => !outcome.ok).length;
  if (failed === 0) return 0;
  return failed === summary.sources.length ? 1 : PARTLY_FAILED;
}

/** Streams the run's progress from the server's NDJSON answer (see server/ops-endpoint.ts). */
async function runThroughServer(
  owner: { port: number; token: string },
  source: string | undefined,
): Promise<IngestRunSummary> {
  const response = await postToServer(
    owner,
    "ingest-sources",
    source === undefined ? {} : { source },
  );
  if (!response.ok || !response.body) {
    const payload = (await response.json().catch(() => null)) as {
      error?: { message?: string };
    } | null;
    throw new CliFailure(
      payload?.error?.message ?? `the server answered ${response.status}`,
      response.status === 400 ? 2 : 1,
    );
  }
  let buffered = "";
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf("\n")) !== -1) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (line === "") continue;
      const event = JSON.parse(line) as
        | IngestProgress
        | { event: "heartbeat" }
        | { event: "done"; summary: IngestRunSummary }
        | { event: "error"; message: string };
      if (event.event === "done") return event.summary;
      if (event.event === "error") throw new CliFailure(event.message, 1);
      if (event.event !== "heartbeat") printProgress(event);
    }
  }
  throw new CliFailure("The server stopped answering before the run finished.", 1);
}

function printProgress(event: IngestProgress) {
  if (event.event === "started") {
    console.log(
      event.sources.length === 0
        ? "No sources to run: retiring expired coupons only."
        : `Running ${event.sources.length === 1 ? "source" : "sources"}: ${event.sources.join(", ")}`,
    );
  } else if (event.event === "source") console.log(describeOutcome(event.outcome));
  else console.log(`  Udemy check: ${event.checked} checked, ${event.invalid} no longer valid`);
}

function printSummary(summary: IngestRunSummary) {
  const { retired } = summary;
  console.log(
    `found ${summary.found}, added ${summary.added}, updated ${summary.updated}, unchanged ${summary.unchanged}, expired ${summary.expired} (past expiry ${retired.pastExpiry}, stale ${retired.stale}, invalid ${retired.invalid}), errors ${summary.errors.length}`,
  );
  for (const error of summary.errors.slice(0, 20)) console.log(`  error: ${error}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
