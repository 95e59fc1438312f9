import { mkdtempSync, rmSync } from "node:fs";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_FETCH_POLICY } from "../../server/adapters/coupon-feeds/http-fetch";
import { findFreePort, signInWithDevForm, type LocalServer } from "../local-server";

import {
  type DrillKit,
  FEED_TIMEOUT_MS,
  RESPONSIVE_MS,
  ADMIN_EMAIL,
  ingestDrillEnv,
  type FakeService,
  startFakeService,
  sleep,
  stopWithin,
  checkServerAlive,
  runCli,
  fetchTimed,
} from "./drills-kit";

/**
 * Drill (d): a coupon feed hangs during an ingest run. The site stays responsive, and the run
 * ends by itself within the fetch policy's bound with the error recorded.
 */

type FeedFault = { source: string; path: string; name: string };

const FEED_FAULTS: FeedFault[] = [
  { source: "drill-hang", path: "/hang.json", name: "accepts the request and never answers" },
  {
    source: "drill-dribble",
    path: "/dribble.json",
    name: "answers 200 and dribbles a byte every 200 ms forever",
  },
];

function answerFeed(request: IncomingMessage, response: ServerResponse) {
  if (!request.url?.startsWith("/dribble")) return;
  response.writeHead(200, { "content-type": "application/json" });
  response.write("[");
  const timer = setInterval(() => response.write(" "), 200);
  response.once("close", () => clearInterval(timer));
}

/** The longest a source may wait on a dead feed: every attempt times out, backoff between. */
function computeFeedRunBoundMs(): number {
  const { retries, backoffMs } = DEFAULT_FETCH_POLICY;
  return (retries + 1) * FEED_TIMEOUT_MS + backoffMs * (2 ** retries - 1);
}

type Probe = { url: string; statuses: number[]; maxMs: number };

/** Each URL 20 times in a row, the three side by side. */
async function probeResponsiveness(base: string): Promise<Probe[]> {
  return Promise.all(
    ["/", "/healthz", "/api?action=getCourses"].map(async (url) => {
      const probe: Probe = { url, statuses: [], maxMs: 0 };
      for (let index = 0; index < 20; index += 1) {
        const answer = await fetchTimed(`${base}${url}`);
        probe.statuses.push(answer.status);
        probe.maxMs = Math.max(probe.maxMs, answer.ms);
      }
      return probe;
    }),
  );
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) return false;
    await sleep(50);
  }
  return true;
}

async function checkOneHangingFeed(
  kit: DrillKit,
  server: LocalServer,
  feed: FakeService,
  dataDir: string,
  fault: FeedFault,
) {
  console.log(`     feed ${fault.source} ${fault.name}:`);
  if (!checkServerAlive(kit, server)) return;
  const bound = computeFeedRunBoundMs();
  const asked = () => feed.seen.filter((seen) => seen === fault.path).length;
  const before = asked();
  const run = runCli(
    kit.root,
    "ingest",
    ["--source", fault.source],
    { DATA_DIR: dataDir },
    bound + 60_000,
  );
  const reached = await waitFor(() => asked() > before, 30_000);
  const stuckAt = performance.now();
  kit.check(
    reached,
    `\`npm run ingest -- --source ${fault.source}\` handed the run to the server and it fetched the feed`,
  );
  if (!reached) {
    run.child.kill("SIGKILL");
    const { output } = await run.done;
    console.log(`     the CLI said: ${output.trim().split("\n").join(" | ") || "(nothing)"}`);
    checkServerAlive(kit, server);
    return;
  }

  const probes = await probeResponsiveness(server.base);
  const stillStuck = run.child.exitCode === null && run.child.signalCode === null;
  kit.check(
    probes.every(
      (probe) => probe.statuses.every((status) => status === 200) && probe.maxMs <= RESPONSIVE_MS,
    ),
    `while the run waited: ${probes.map((probe) => `${probe.url} ${probe.statuses.filter((status) => status === 200).length}/20 × 200, max ${probe.maxMs.toFixed(0)} ms`).join("; ")}`,
  );
  kit.check(stillStuck, "the run was still waiting on the feed when those answers came back");

  const result = await run.done;
  const waited = performance.now() - stuckAt;
  const reported =
    result.output
      .split("\n")
      .find((line) => line.includes(`${fault.source} (json):`))
      ?.trim() ?? "";
  kit.check(
    waited <= bound + 3000 &&
      result.code === 1 &&
      /errors 1\b/.test(result.output) &&
      /timed out/.test(reported),
    `the run ended by itself ${(waited / 1000).toFixed(1)} s after the first fetch (bound ${(bound / 1000).toFixed(0)} s: ${DEFAULT_FETCH_POLICY.retries + 1} × ${FEED_TIMEOUT_MS / 1000} s + backoff), exit ${result.code}, reported "${reported}"`,
  );
}

export async function drillHangingFeed(kit: DrillKit) {
  console.log(
    `\n(d) a coupon feed hangs during an ingest run (INGEST_FETCH_TIMEOUT_MS=${FEED_TIMEOUT_MS})`,
  );
  const feed = await startFakeService(answerFeed);
  const dataDir = mkdtempSync(path.join(tmpdir(), "kursusku-drills-feed-"));
  const port = await findFreePort();
  const sources = FEED_FAULTS.map((fault) => ({
    kind: "json",
    name: fault.source,
    url: `${feed.base}${fault.path}`,
  }));
  let server: LocalServer | undefined;
  try {
    server = await kit.startDrillServer(dataDir, port, ingestDrillEnv(sources));
    for (const fault of FEED_FAULTS) await checkOneHangingFeed(kit, server, feed, dataDir, fault);
    if (!checkServerAlive(kit, server)) return;

    const admin = await signInWithDevForm(server.base, ADMIN_EMAIL);
    const consolePage = String(
      (await fetchTimed(`${server.base}/admin/ingest`, { headers: { cookie: admin } }))
        .body,
    );
    const recorded = FEED_FAULTS.filter((fault) => consolePage.includes(`>${fault.source}<`));
    kit.check(
      recorded.length === FEED_FAULTS.length &&
        (consolePage.match(/timed out after/g) ?? []).length >= FEED_FAULTS.length,
      `ingest_runs (admin console) lists ${recorded.map((fault) => fault.source).join(", ") || "no drill run"} with their timeout errors`,
    );
    const { base } = server;
    const after = await Promise.all(["/", "/healthz"].map((url) => fetchTimed(`${base}${url}`)));
    kit.check(
      after.every((answer) => answer.status === 200),
      "the server still answers / and /healthz afterwards",
    );
  } finally {
    if (server) await stopWithin(server, 15_000);
    await feed.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
