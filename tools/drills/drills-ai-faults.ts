import { mkdtempSync, rmSync } from "node:fs";
import { type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { AI_MESSAGES } from "../../core/ai-schemas";
import { ARTICLE_MESSAGES } from "../../core/article-rules";
import { findFreePort, signInWithDevForm, type LocalServer } from "../local-server";

import {
  type DrillKit,
  AI_TIMEOUT_MS,
  AI_SLACK_MS,
  RESPONSIVE_MS,
  QUIET_AI,
  startFakeService,
  sleep,
  stopWithin,
  checkServerAlive,
  runCli,
  type Answer,
  fetchTimed,
  postJson,
} from "./drills-kit";

/**
 * Drill (c): the AI provider hangs or answers garbage. Pages answer, AI calls and article
 * submissions answer with the site's failure texts within the AI time budget, and nothing
 * unchecked is stored.
 */

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
