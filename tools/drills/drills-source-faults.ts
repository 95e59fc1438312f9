import { mkdtempSync, rmSync } from "node:fs";
import { type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_FETCH_POLICY } from "../../server/adapters/coupon-feeds/http-fetch";
import { DEFAULT_LINK_FOLLOW } from "../../server/adapters/coupon-feeds/link-follower";
import { findFreePort, signInWithDevForm, type LocalServer } from "../local-server";
import {
  type DrillKit,
  type FakeService,
  FEED_TIMEOUT_MS,
  RESPONSIVE_MS,
  ADMIN_EMAIL,
  ingestDrillEnv,
  startFakeService,
  sleep,
  stopWithin,
  checkServerAlive,
  runCli,
  fetchTimed,
} from "./drills-kit";

/**
 * Drill (g): one ingest run with a good json source beside hostile ones (HTML instead of JSON, a
 * 50 MB body, redirect loops, links that lead off Udemy, bad coupon codes, a hanging socket), all
 * served on 127.0.0.1. The run ends by itself, each bad source records its own error, only the
 * good source's courses are listed, and the site answers throughout.
 */

/** A word no demo course has: a search for it lists exactly what this drill's sources added. */
const MARK = "Zqdrill";
const GOOD_TITLES = [1, 2, 3].map((n) => `${MARK} Good Course ${n}`);
const HUGE_BYTES = 50 * 1024 * 1024;
/** config.ts's INGEST_MAX_FEED_BYTES default: the drill leaves it unset, so this must cut. */
const FEED_LIMIT = 10 * 1024 * 1024;
const ATTEMPTS = DEFAULT_FETCH_POLICY.retries + 1;

type Hostile = {
  /** Also the fake's path for its url. */
  name: string;
  fault: string;
  /** The error its outcome must carry. */
  expect: RegExp;
  /** Its one record (link, coupon code; BASE is the fake), titled `${MARK} Hostile <name>`. */
  record?: [string, string];
  /** Its failure is one the fetch policy retries (timeouts, network errors). */
  retried?: boolean;
  preset?: string;
};

const udemy = (slug: string) => `https://www.udemy.com/course/${slug}/`;
const bad = (name: string, fault: string, expect: RegExp, more: Partial<Hostile> = {}) => ({
  name,
  fault,
  expect,
  ...more,
});

/** The messages that depend on the policy: the size limit, the attempts, the timeout. */
const TOO_LARGE = new RegExp(`larger than ${FEED_LIMIT} bytes`);
// A redirect loop is never retried: asking again only repeats it.
const LOOPED = /redirect loop at \S+\/drill-feed-loop/;
const TIMED_OUT = new RegExp(`timed out after ${FEED_TIMEOUT_MS} ms \\(after ${ATTEMPTS} attempts`);

const HOSTILE: Hostile[] = [
  bad("drill-html", "HTML where JSON was expected", /invalid JSON.*format changed\?/),
  bad("real-discount", "the preset (api) answered HTML", /page 1: invalid JSON.*changed\?/, {
    preset: "real-discount",
  }),
  bad("drill-huge", "a 50 MB body, a valid record first", TOO_LARGE, {
    record: [udemy("zqdrill-huge"), "HUGE"],
  }),
  bad("drill-link-loop", "coupon_link loops /loop/a → /loop/b → /loop/a", /redirect loop at/, {
    record: ["BASE/loop/a", ""],
  }),
  bad("drill-feed-loop", "the feed URL redirects in a loop", LOOPED),
  bad("drill-not-udemy", "coupon_link leads off Udemy", /leads to no Udemy course/, {
    record: ["BASE/out/evil", "EVIL"],
  }),
  bad("drill-code-space", 'coupon code "FREE NOW"', /coupon code with whitespace inside/, {
    record: [udemy("zqdrill-space"), "FREE NOW"],
  }),
  bad("drill-code-long", "a 500-character coupon code", /coupon code longer than 64 char/, {
    record: [udemy("zqdrill-long"), "A".repeat(500)],
  }),
  bad("drill-hang", "accepts, never answers", TIMED_OUT, { retried: true }),
];

const titleOf = (source: Hostile) => `${MARK} Hostile ${source.name}`;

/** "2024-03-06 01:00:00": the feed's zone-less UTC time (the source's default offset). */
function feedTime(offsetMs: number): string {
  return new Date(Date.now() + offsetMs).toISOString().slice(0, 19).replace("T", " ");
}

/** One snapshot in the udemy-coupons shape, seen an hour ago, coupons valid for three days. */
function snapshot(records: Array<{ title: string; link: string; code: string }>): string {
  const results = records.map((record, index) => ({
    course_id: String(9_900_000 + index),
    title: record.title,
    coupon_code: record.code,
    coupon_link: record.link,
    expired_date: `${feedTime(3 * 86_400_000)}+00:00`,
  }));
  return JSON.stringify([{ update_time: feedTime(-3_600_000), results }]);
}

const HTML_PAGE = "<!doctype html><html><head><title>Just a moment...</title></head></html>";
const GOOD_FEED = () =>
  snapshot(
    GOOD_TITLES.map((title, n) => ({
      title,
      link: `${udemy(`zqdrill-good-${n + 1}`)}?couponCode=DRILLG${n + 1}`,
      code: `DRILLG${n + 1}`,
    })),
  );

/** Bytes the 50 MB answer had written when the server hung up on it. */
let hugeWritten = 0;

function answerHostile(base: string, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? "/", base).pathname;
  const redirect = (to: string) => response.writeHead(302, { location: to }).end();
  const hostile = HOSTILE.find((source) => `/${source.name}` === url);
  if (url === "/drill-huge") streamHuge(response, hostile!);
  else if (url === "/drill-good" || hostile?.record) {
    const [link, code] = hostile?.record ?? ["", ""];
    const body = hostile
      ? snapshot([{ title: titleOf(hostile), link: link.replace("BASE", base), code }])
      : GOOD_FEED();
    response.writeHead(200, { "content-type": "application/json" }).end(body);
  } else if (url === "/drill-html" || url === "/real-discount" || url.startsWith("/evil.example/"))
    response.writeHead(200, { "content-type": "text/html" }).end(HTML_PAGE);
  else if (url === "/loop/a") redirect("/loop/b");
  else if (url === "/loop/b") redirect("/loop/a");
  else if (url === "/drill-feed-loop") redirect("/feed-loop/b");
  else if (url === "/feed-loop/b") redirect("/drill-feed-loop");
  // Stands in for https://evil.example/course/x/: an outside host would mean a DNS lookup.
  else if (url === "/out/evil") redirect(`${base}/evil.example/course/x/`);
  // /drill-hang: accepted, never answered.
}

/** Valid JSON with a usable record, then 50 MB of one string: only a size limit stops it. */
function streamHuge(response: ServerResponse, source: Hostile) {
  const [link, code] = source.record!;
  const head = snapshot([{ title: titleOf(source), link, code }]);
  // No content-length: the server must count the streamed bytes, not trust a header.
  response.writeHead(200, { "content-type": "application/json" });
  response.write(`${head.slice(0, -1)},{"padding":"`);
  hugeWritten = 0;
  const chunk = "x".repeat(64 * 1024);
  let closed = false;
  response.once("close", () => (closed = true));
  const pump = () => {
    while (!closed && hugeWritten < HUGE_BYTES) {
      hugeWritten += chunk.length;
      if (!response.write(chunk)) return void response.once("drain", pump);
    }
    if (!closed) response.end(`"}]`);
  };
  pump();
}

/** The longest the run may take: each source's fetches as the policy bounds them, in turn. */
function computeRunBoundMs(): number {
  const { retries, backoffMs } = DEFAULT_FETCH_POLICY;
  const retriedMs = (retries + 1) * FEED_TIMEOUT_MS + backoffMs * (2 ** retries - 1);
  // A followed link: up to maxHops + 1 requests, each within the shorter of the two timeouts.
  const { maxHops, timeoutMs } = DEFAULT_LINK_FOLLOW;
  const walkMs = (maxHops + 1) * Math.min(timeoutMs, FEED_TIMEOUT_MS);
  const follows = (source: Hostile) => (source.record?.[0].startsWith("BASE") ? 1 : 0);
  // The good source answers at once: one attempt; so does every source not marked `retried`.
  return HOSTILE.reduce(
    (sum, source) =>
      sum + (source.retried ? retriedMs : FEED_TIMEOUT_MS) + follows(source) * walkMs,
    FEED_TIMEOUT_MS,
  );
}

/** Each URL again and again, the three side by side, until `running()` turns false. */
async function probeWhile(base: string, running: () => boolean) {
  const probes = await Promise.all(
    ["/", "/healthz", "/api?action=getCourses"].map(async (url) => {
      const times: number[] = [];
      let ok = 0;
      while (running()) {
        const answer = await fetchTimed(`${base}${url}`);
        times.push(answer.ms);
        if (answer.status === 200) ok += 1;
        await sleep(100);
      }
      const [asked, maxMs] = [times.length, Math.max(0, ...times)];
      const fine = asked > 0 && ok === asked && maxMs <= RESPONSIVE_MS;
      return { fine, text: `${url} ${ok}/${asked} × 200, max ${maxMs.toFixed(0)} ms` };
    }),
  );
  return { fine: probes.every((probe) => probe.fine), text: probes.map((p) => p.text).join("; ") };
}

/** Tags dropped, entities left as they are: the expected messages hold none. */
const textOf = (html: string) => html.replace(/(<[^>]*>|\s)+/g, " ").trim();

type SourceRow = { cells: string[]; errors: number; text: string };

/** The console's "Coupon sources" table by source name: cells as text, and the error count. */
function sourceRows(page: string): Map<string, SourceRow> {
  const table = /aria-label="Coupon sources"[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
  const rows = new Map<string, SourceRow>();
  for (const row of table.split("<tr").slice(2)) {
    const [, ...cells] = row.split(/(?=<td)/).map(textOf);
    const errors = Number(/<summary>(\d+)<\/summary>/.exec(row)?.[1] ?? 0);
    rows.set(cells[0]?.split(" ")[0] ?? "", { cells, errors, text: textOf(row) });
  }
  return rows;
}

/** The run through `npm run ingest`, probed meanwhile; then what the CLI said of each source. */
async function checkRun(kit: DrillKit, server: LocalServer, fake: FakeService, dataDir: string) {
  const bound = computeRunBoundMs();
  const run = runCli(kit.root, "ingest", [], { DATA_DIR: dataDir }, bound + 60_000);
  const until = Date.now() + 30_000;
  while (fake.seen.length === 0 && Date.now() < until) await sleep(50);
  const firstFetch = performance.now();
  kit.check(fake.seen.length > 0, "`npm run ingest` handed the run to the server, which fetched");
  let running = true;
  const probing = probeWhile(server.base, () => running);
  const result = await run.done;
  const ranMs = performance.now() - firstFetch;
  running = false;
  const probes = await probing;
  kit.check(probes.fine, `during the run: ${probes.text}`);
  const lines = result.output.split("\n").map((line) => line.trim());
  const summary = lines.find((line) => line.startsWith("found ")) ?? "(no summary)";
  const errors = Number(/errors (\d+)/.exec(summary)?.[1] ?? -1);
  // scripts/ingest.ts exits 3 when some sources failed and others were imported. Each hostile
  // source has at least its verdict; one whose items were all refused also lists them.
  kit.check(
    ranMs <= bound + 3000 && result.code === 3 && errors >= HOSTILE.length,
    `the run ended by itself ${(ranMs / 1000).toFixed(1)} s after its first fetch (bound ${(bound / 1000).toFixed(0)} s from the fetch policy), exit ${result.code} (3: some sources failed, the others were imported): "${summary}"`,
  );
  const line = (name: string) => lines.find((text) => text.startsWith(`${name} (`)) ?? "(none)";
  const good = line("drill-good");
  kit.check(/found 3, added 3,/.test(good) && !/errors/.test(good), `good source: "${good}"`);
  for (const source of HOSTILE) {
    const said = line(source.name);
    kit.check(
      said.includes(": failed: ") && source.expect.test(said),
      `${source.name} (${source.fault}): "${said.replace(/^\S+ \(\w+\): /, "").slice(0, 200)}"`,
    );
  }
  const walks = fake.seen.filter((seen) => /^\/(loop|out|evil\.example)\//.test(seen));
  console.log(
    `     the 50 MB feed had written ${(hugeWritten / 2 ** 20).toFixed(1)} MB when the server hung up`,
  );
  kit.check(
    walks.join(" ") === "/loop/a /loop/b /out/evil /evil.example/course/x/",
    `the link walks stayed on 127.0.0.1 and stopped at the loop and the dead end: ${walks.join(" → ")}`,
  );
}

/** Only the good source's courses are listed; no row of a hostile record, not even half. */
async function checkListings(kit: DrillKit, server: LocalServer) {
  const badTitles = HOSTILE.filter((source) => source.record).map(titleOf);
  const api = await fetchTimed(`${server.base}/api?action=getCourses&search=${MARK}`);
  const listed = Array.isArray(api.body)
    ? api.body.map((course) => String((course as { title?: unknown }).title))
    : [];
  kit.check(
    api.status === 200 &&
      listed.length === GOOD_TITLES.length &&
      GOOD_TITLES.every((title) => listed.includes(title)),
    `/api?action=getCourses&search=${MARK} lists exactly: ${listed.join(", ") || "(nothing)"}`,
  );
  const home = String((await fetchTimed(`${server.base}/?search=${MARK}`)).body);
  const good = GOOD_TITLES.filter((title) => home.includes(title));
  const bad = badTitles.filter((title) => home.includes(title) || listed.includes(title));
  kit.check(
    good.length === GOOD_TITLES.length && bad.length === 0,
    `the home page shows ${good.length}/3 good titles; hostile titles listed: ${bad.length}/${badTitles.length}${bad.length ? ` (${bad.join(", ")})` : ""}`,
  );
}

async function checkConsole(kit: DrillKit, server: LocalServer) {
  const admin = await signInWithDevForm(server.base, ADMIN_EMAIL);
  const headers = { cookie: admin };
  const page = String((await fetchTimed(`${server.base}/admin/ingest`, { headers })).body);
  const rows = sourceRows(page);
  const good = rows.get("drill-good");
  const missing = HOSTILE.filter((source) => {
    const row = rows.get(source.name);
    return !(row && row.cells[2] === "0" && row.errors >= 1 && source.expect.test(row.text));
  }).map((source) => source.name);
  kit.check(
    good?.cells[2] === "3" && good.cells[3] === "3" && good.errors === 0 && missing.length === 0,
    `/admin/ingest "Coupon sources": drill-good found ${good?.cells[2]}, new ${good?.cells[3]}, errors ${good?.errors}; ${HOSTILE.length - missing.length}/${HOSTILE.length} hostile rows with found 0 and their error${missing.length ? ` (not: ${missing.join(", ")})` : ""}`,
  );
}

export async function drillHostileSources(kit: DrillKit) {
  console.log(
    `\n(g) one ingest run: a good json source beside ${HOSTILE.length} hostile ones (INGEST_FETCH_TIMEOUT_MS=${FEED_TIMEOUT_MS})`,
  );
  const started = performance.now();
  let base = "";
  const fake = await startFakeService((request, response) =>
    answerHostile(base, request, response),
  );
  base = fake.base;
  const dataDir = mkdtempSync(path.join(tmpdir(), "kursusku-drills-sources-"));
  const port = await findFreePort();
  const sources = [
    { kind: "json", name: "drill-good", url: `${base}/drill-good` },
    ...HOSTILE.map(({ name, preset }) =>
      preset
        ? { preset, url: `${base}/${name}`, maxPages: 1 }
        : { kind: "json", name, url: `${base}/${name}` },
    ),
  ];
  let server: LocalServer | undefined;
  try {
    server = await kit.startDrillServer(dataDir, port, ingestDrillEnv(sources));
    await checkRun(kit, server, fake, dataDir);
    if (!checkServerAlive(kit, server)) return;
    await checkListings(kit, server);
    await checkConsole(kit, server);
    const { base: site } = server;
    const after = await Promise.all(["/", "/healthz"].map((url) => fetchTimed(`${site}${url}`)));
    kit.check(
      checkServerAlive(kit, server) && after.every((answer) => answer.status === 200),
      "the server is alive and answers / and /healthz afterwards",
    );
  } finally {
    if (server) await stopWithin(server, 15_000);
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`     drill (g) took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
