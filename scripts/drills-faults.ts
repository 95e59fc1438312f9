import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { AI_MESSAGES } from "../core/ai-schemas";
import { ARTICLE_MESSAGES } from "../core/article-rules";
import { DEFAULT_FETCH_POLICY } from "../server/adapters/coupon-feeds/http-fetch";
import { findFreePort, signInWithDevForm, type LocalServer } from "./local-server";

/**
 * The third-party fault drills of `npm run drills` (see drills.ts):
 *  (c) the AI provider hangs or answers garbage: pages answer, AI calls and article submissions
 *      answer with the texts within the AI time budget, and nothing unchecked is stored;
 *  (d) a coupon feed hangs during an ingest run: the site stays responsive, and the run ends by
 *      itself within the fetch policy's bound with the error recorded.
 * Fakes listen on 127.0.0.1 only, inside this process.
 */
export type DrillKit = {
  root: string;
  check: (ok: boolean, message: string) => void;
  startDrillServer: (
    dataDir: string,
    port: number,
    env?: Record<string, string>,
  ) => Promise<LocalServer>;
};

const AI_TIMEOUT_MS = 2000;
/** What an AI answer may take beyond AI_TIMEOUT_MS: the offline stand-in, the database. */
const AI_SLACK_MS = 3000;
const FEED_TIMEOUT_MS = 2000;
/** A page or API read slower than this while a third party misbehaves counts as stuck. */
const RESPONSIVE_MS = 2000;
/** No request of the drill waits longer than this: a stuck server becomes a FAIL, not a hang. */
const REQUEST_LIMIT_MS = 30_000;
const ADMIN_EMAIL = "drill-admin@example.com";
/** The server logs every provoked AI fault as a warning or error; they would bury the checks. */
const QUIET_AI = { LOG_LEVEL: "fatal" };
/** A failed feed is only a warning: errors still show. */
const QUIET_FEEDS = { LOG_LEVEL: "error" };

type FakeService = {
  base: string;
  /** Request paths received so far, in order. */
  seen: string[];
  close: () => Promise<void>;
};

async function startFakeService(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<FakeService> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? "");
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        // Hanging answers hold their sockets open; close() alone would wait for them forever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** SIGTERM waits for in-flight requests; a drill that found a stuck one must still end. */
async function stopWithin(server: LocalServer, ms: number) {
  const stopped = await Promise.race([server.stop().then(() => true), sleep(ms).then(() => false)]);
  if (!stopped) {
    console.log(`     the server did not stop within ${ms / 1000} s of SIGTERM: killed`);
    server.process.kill("SIGKILL");
    await server.stop();
  }
}

/** A server that died is reported with how it ended, not as a string of refused connections. */
function checkServerAlive(kit: DrillKit, server: LocalServer): boolean {
  const { exitCode, signalCode } = server.process;
  if (exitCode === null && signalCode === null) return true;
  kit.check(false, `the server is gone (exit code ${exitCode}, signal ${signalCode})`);
  return false;
}

type CliRun = { child: ChildProcess; done: Promise<{ code: number | null; output: string }> };

/** A command-line tool as the operator runs it; killed when it outlives `timeoutMs`. */
function runCli(
  root: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
): CliRun {
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: timeoutMs,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, output })),
  );
  return { child, done };
}

type Answer = { status: number; body: unknown; ms: number };

/** One request, timed; status 0 when it failed or outlived REQUEST_LIMIT_MS. */
async function fetchTimed(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // pages answer HTML
    }
    return { status: response.status, body, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, body: String(error), ms: performance.now() - started };
  }
}

function postJson(base: string, url: string, body: unknown, cookie?: string): Promise<Answer> {
  return fetchTimed(`${base}${url}`, {
    method: "POST",
    headers: { Origin: base, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

// ---------------------------------------------------------------------------------------------
// (c) the AI provider

type GeminiFault = { name: string; answer: (response: ServerResponse) => void };

function answerJson(response: ServerResponse, body: unknown) {
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

const GEMINI_FAULTS: GeminiFault[] = [
  { name: "never answers", answer: () => {} },
  {
    name: "answers 200 with a body that is not JSON",
    answer: (response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end("<html><body>502 upstream proxy error</body></html>");
    },
  },
  {
    name: "answers 200 with JSON that has no candidates",
    answer: (response) => answerJson(response, { status: "ok", result: null }),
  },
  {
    name: "answers 200 with a candidate whose text is not the asked-for JSON",
    answer: (response) =>
      answerJson(response, {
        candidates: [
          {
            content: {
              role: "model",
              parts: [{ text: "Sure! Here is my verdict: {isSafe: maybe" }],
            },
            finishReason: "STOP",
            index: 0,
          },
        ],
      }),
  },
];

/** The `text` of a 200 from /api/ai: the answer as a JSON string. */
function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The task's failure text with details, or (for an unreadable verdict) the advisory. */
function describeModerationFailure(answer: Answer, failureText: string): string | null {
  const body = answer.body as { error?: unknown; details?: unknown; text?: unknown };
  if (answer.status >= 500 && body.error === failureText && typeof body.details === "string") {
    return `${answer.status} "${failureText}" + details "${body.details}"`;
  }
  if (answer.status === 200 && typeof body.text === "string") {
    const verdict = parseObject(body.text);
    if (verdict.isSafe === false && verdict.reason === AI_MESSAGES.checkUnparseable) {
      return `200 advisory "${AI_MESSAGES.checkUnparseable}"`;
    }
  }
  return null;
}

/**
 * Compass and trending may stand in with the offline answer (server/adapters/ai/index.ts) or
 * fail with SPEC's text; either way the modal has something to show.
 */
function describeHelperAnswer(
  answer: Answer,
  field: string,
  failureTexts: string[],
): string | null {
  const body = answer.body as { error?: unknown; details?: unknown; text?: unknown };
  if (answer.status === 200 && typeof body.text === "string") {
    const value = parseObject(body.text)[field];
    return typeof value === "string" && value !== "" ? "200 offline stand-in" : null;
  }
  if (answer.status >= 500 && failureTexts.includes(body.error as string)) {
    return `${answer.status} "${String(body.error)}"`;
  }
  return null;
}

async function signInPremiumAuthor(kit: DrillKit, base: string, dataDir: string): Promise<string> {
  const cookie = await signInWithDevForm(base, "drill-c-author@example.com");
  // The operator's route to premium: mint a code with the CLI (through the running server).
  const minted = await runCli(
    kit.root,
    "codes",
    ["create", "--type", "premium", "--days", "1", "--uses", "1"],
    { DATA_DIR: dataDir },
    60_000,
  ).done;
  const code = minted.output.trim().split(/\s+/).at(-1) ?? "";
  const redeemed = await postJson(base, "/api", { action: "checkRedeemCode", code }, cookie);
  const user = await fetchTimed(`${base}/api?action=getUser`, { headers: { cookie } });
  kit.check(
    minted.code === 0 &&
      redeemed.status === 200 &&
      (user.body as { isPremium?: unknown }).isPremium === true,
    "an author became premium with a code minted by `npm run codes` (server running)",
  );
  return cookie;
}

const SUBMISSION_REFUSALS: string[] = [
  ARTICLE_MESSAGES.aiUnavailable,
  ARTICLE_MESSAGES.aiUnreadable,
];

/** The web form answers its page; the refusal is the form's error text in it. */
function findRefusalInPage(answer: Answer): string | undefined {
  return SUBMISSION_REFUSALS.find((text) => String(answer.body).includes(text));
}

async function checkSubmissionsRefused(
  kit: DrillKit,
  base: string,
  submissions: { api: Answer; web: Answer; titles: string[] },
) {
  const { api, web, titles } = submissions;
  const apiMessage = (api.body as { error?: { message?: unknown } }).error?.message;
  const webMessage = findRefusalInPage(web);
  const listed = await Promise.all(
    titles.map((title) =>
      fetchTimed(`${base}/api?action=getArticles&search=${encodeURIComponent(title)}`),
    ),
  );
  const found = listed.reduce(
    (sum, answer) => sum + (Array.isArray(answer.body) ? answer.body.length : NaN),
    0,
  );
  const articlesPage = String((await fetchTimed(`${base}/articles`)).body);
  kit.check(
    api.status === 503 && SUBMISSION_REFUSALS.includes(apiMessage as string),
    `a premium author's article through the API was refused ${api.status} "${String(apiMessage)}"`,
  );
  kit.check(
    web.status === 503 && webMessage !== undefined,
    `the same through the web form (/articles/new) was refused ${web.status}${webMessage ? ` "${webMessage}"` : " without SPEC's text"}`,
  );
  kit.check(
    found === 0 && titles.every((title) => !articlesPage.includes(title)),
    `neither is stored: getArticles finds ${found}, /articles does not list them`,
  );
}

async function checkOneAiFault(kit: DrillKit, server: LocalServer, cookie: string, round: number) {
  const { base } = server;
  const titles = [
    `Drill AI putaran ${round} lewat API`,
    `Drill AI putaran ${round} lewat formulir`,
  ];
  const sentence = `Artikel latihan putaran ${round}: moderasi AI harus gagal dengan jujur.`;
  const content = `${sentence} Tidak ada yang boleh tersimpan tanpa pemeriksaan. ${sentence}`;
  const form = new FormData();
  for (const [name, value] of Object.entries({ title: titles[1]!, content, author: "Drill" })) {
    form.set(name, value);
  }
  const ai = (task: string, contents: string) => postJson(base, "/api/ai", { task, contents });
  const pending = Promise.all([
    ai("moderateTitle", titles[0]!),
    ai("moderateContent", content),
    ai("compass", `belajar data science putaran ${round}`),
    ai("trending", ""),
    postJson(
      base,
      "/api",
      { action: "addArticle", title: titles[0], content, author: "Drill" },
      cookie,
    ),
    fetchTimed(`${base}/articles/new`, {
      method: "POST",
      headers: { Origin: base, cookie },
      body: form,
      redirect: "manual",
    }),
  ]);
  // Measured while those calls wait on the fake.
  await sleep(200);
  const pages = [await fetchTimed(`${base}/`), await fetchTimed(`${base}/articles`)];
  kit.check(
    pages.every((page) => page.status === 200 && page.ms < RESPONSIVE_MS),
    `/ and /articles answered ${pages.map((page) => page.status).join("/")} in ${pages.map((page) => page.ms.toFixed(0)).join("/")} ms while AI calls waited`,
  );
  const answers = await pending;
  const [moderateTitle, moderateContent, compass, trending, api, web] = answers;

  const titleOutcome = describeModerationFailure(moderateTitle, AI_MESSAGES.titleCheckFailed);
  const contentOutcome = describeModerationFailure(moderateContent, AI_MESSAGES.contentCheckFailed);
  kit.check(
    titleOutcome !== null && contentOutcome !== null,
    `moderateTitle/moderateContent: ${titleOutcome ?? `unexpected ${moderateTitle.status} ${JSON.stringify(moderateTitle.body)}`}; ${contentOutcome ?? `unexpected ${moderateContent.status} ${JSON.stringify(moderateContent.body)}`}`,
  );
  const compassOutcome = describeHelperAnswer(compass, "advice", [
    AI_MESSAGES.compassFailed,
    AI_MESSAGES.compassUnreadable,
  ]);
  const trendingOutcome = describeHelperAnswer(trending, "topic", [
    AI_MESSAGES.trendingFailed,
    AI_MESSAGES.trendingMalformed,
  ]);
  kit.check(
    compassOutcome !== null && trendingOutcome !== null,
    `compass: ${compassOutcome ?? `unexpected ${compass.status} ${JSON.stringify(compass.body)}`}; trending: ${trendingOutcome ?? `unexpected ${trending.status} ${JSON.stringify(trending.body)}`}`,
  );
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  kit.check(
    slowest <= AI_TIMEOUT_MS + AI_SLACK_MS,
    `every AI call and submission answered within AI_TIMEOUT_MS + ${AI_SLACK_MS / 1000} s (slowest ${(slowest / 1000).toFixed(1)} s)`,
  );
  await checkSubmissionsRefused(kit, base, { api, web, titles });
}

export async function drillAiProviderFaults(kit: DrillKit) {
  console.log(`\n(c) the AI provider hangs or answers garbage (AI_TIMEOUT_MS=${AI_TIMEOUT_MS})`);
  let fault = GEMINI_FAULTS[0]!;
  const gemini = await startFakeService((request, response) => {
    request.resume();
    fault.answer(response);
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), "kursusku-drills-ai-"));
  const port = await findFreePort();
  const env = {
    ...QUIET_AI,
    GEMINI_API_KEY: "drill-key-0000",
    GEMINI_BASE_URL: gemini.base,
    AI_TIMEOUT_MS: String(AI_TIMEOUT_MS),
  };
  let server: LocalServer | undefined;
  let cookie = "";
  try {
    for (const [round, next] of GEMINI_FAULTS.entries()) {
      fault = next;
      // A fresh process per fault: trending is cached in memory for an hour once answered.
      server = await kit.startDrillServer(dataDir, port, env);
      if (round === 0) cookie = await signInPremiumAuthor(kit, server.base, dataDir);
      console.log(`     Gemini ${fault.name}:`);
      const asked = gemini.seen.length;
      await checkOneAiFault(kit, server, cookie, round);
      if (!checkServerAlive(kit, server)) break;
      const requests = gemini.seen.length - asked;
      const paths = [...new Set(gemini.seen.slice(asked))].join(", ");
      kit.check(requests > 0, `the fake Gemini was asked ${requests} times (${paths})`);
      await stopWithin(server, 15_000);
      server = undefined;
    }
  } finally {
    if (server) await stopWithin(server, 15_000);
    await gemini.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// (d) a hanging coupon feed

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
    server = await kit.startDrillServer(dataDir, port, {
      ...QUIET_FEEDS,
      INGEST_SOURCES: JSON.stringify(sources),
      INGEST_FETCH_TIMEOUT_MS: String(FEED_TIMEOUT_MS),
      // Only the drill's own runs: no scheduled tick may take the run lock meanwhile.
      INGEST_CRON: "0 0 1 1 *",
      ADMIN_EMAILS: ADMIN_EMAIL,
    });
    for (const fault of FEED_FAULTS) await checkOneHangingFeed(kit, server, feed, dataDir, fault);
    if (!checkServerAlive(kit, server)) return;

    const admin = await signInWithDevForm(server.base, ADMIN_EMAIL);
    const consolePage = String(
      (await fetchTimed(`${server.base}/admin?section=ingest`, { headers: { cookie: admin } }))
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
