import { gzipSync } from "node:zlib";
import type { BenchData } from "./bench-seed";
import type { BenchCase } from "./bench-load";
import { SCRIPT_BROWSER_UA, signInWithDevForm } from "../local-server";
import { THREE_FILTERS_PATH } from "./bench-filters";

export type BenchVisitors = {
  /** `kk_session=…` of 50 signed-in premium users (opening never runs out during the run). */
  sessions: string[];
  /**
   * The cookies of 20 signed-in learners who never open a course, as their browser holds them
   * (session and the "no claimed courses" hint): the shared list with their layer.
   */
  readers: string[];
  /**
   * The same for 20 learners who opened 3 courses each before the run: their list leaves those
   * out, so it is rendered for each of them.
   */
  claimers: string[];
  /** `kk_anon=…`: the visitor cookie an anonymous course open leaves. */
  visitorCookie: string;
};

const LEARNERS_PER_KIND = 20;
const COURSES_CLAIMED_EACH = 3;

/**
 * Signs in the bench's 50 premium users, its readers and its learners with claims, and becomes
 * a returning visitor. `courseIds` are the courses the learners with claims open.
 */
export async function prepareVisitors(
  base: string,
  premiumCode: string,
  courseIds: number[],
): Promise<BenchVisitors> {
  const readers: string[] = [];
  const claimers: string[] = [];
  for (let index = 0; index < LEARNERS_PER_KIND; index += 1) {
    const reader = await signInWithDevForm(base, `bench-reader-${index}@example.com`);
    readers.push(await withFirstListCookies(base, reader));
    const claimer = await signInWithDevForm(base, `bench-claimer-${index}@example.com`);
    for (let opened = 0; opened < COURSES_CLAIMED_EACH; opened += 1) {
      const courseId = courseIds[(index * COURSES_CLAIMED_EACH + opened) % courseIds.length]!;
      const answer = await fetch(`${base}/go/${courseId}`, {
        redirect: "manual",
        headers: { cookie: claimer, "user-agent": SCRIPT_BROWSER_UA },
      });
      if (answer.status !== 302) throw new Error(`/go/${courseId} answered ${answer.status}`);
    }
    claimers.push(await withFirstListCookies(base, claimer));
  }
  const sessions: string[] = [];
  for (let index = 0; index < 50; index += 1) {
    const session = await signInWithDevForm(base, `bench-user-${index}@example.com`);
    await fetch(`${base}/redeem`, {
      method: "POST",
      headers: {
        Origin: base,
        cookie: session,
        "content-type": "application/x-www-form-urlencoded",
        // Redeeming allows an address 10 tries a minute (TRUST_PROXY: this names another one).
        "x-forwarded-for": `2001:db8:2::${index.toString(16)}`,
      },
      body: `code=${premiumCode}`,
    });
    sessions.push(session);
  }
  const opened = await fetch(`${base}/go/${courseIds[0]!}`, {
    redirect: "manual",
    headers: { "user-agent": SCRIPT_BROWSER_UA },
  });
  const visitorCookie = opened.headers
    .getSetCookie()
    .find((value) => value.startsWith("kk_anon="))
    ?.split(";")[0];
  if (!visitorCookie) throw new Error(`no visitor cookie from /go: ${opened.status}`);
  return { sessions, readers, claimers, visitorCookie };
}

/**
 * A session's cookies after its first list, as a browser keeps them: the saved exclusions it is
 * given there (without them every visit would ask the database again).
 */
async function withFirstListCookies(base: string, session: string): Promise<string> {
  const answer = await fetch(`${base}/`, {
    headers: { cookie: session, "user-agent": SCRIPT_BROWSER_UA },
  });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`/ for a signed-in learner: ${answer.status}`);
  const given = answer.headers.getSetCookie().map((value) => value.split(";")[0]!);
  return [session, ...given].join("; ");
}

const SEARCH_TERMS = [
  "python",
  "excel",
  "marketing",
  "design",
  "data science",
  "react",
  "java",
  "sql",
];

/** The money path's case: a signed-in learner opening a course. */
export const GO_CASE = "/go/:id signed in";

/** A flash message as the sign-in's redirect leaves it (URL-encoded JSON). */
const FLASH_VALUE = encodeURIComponent(JSON.stringify({ type: "success", message: "Saved" }));

/**
 * Every case of the bench, the two bare ceilings first. Page cases are held against the bare
 * server answering the shared home page's bytes, the static file against one answering the CSS.
 */
export function buildCases(
  data: BenchData,
  visitors: BenchVisitors,
  staticAssetPath: string,
  coursePagePaths: string[],
): BenchCase[] {
  const { sessions, readers, claimers, visitorCookie } = visitors;
  const signedIn = (request: number) => ({ cookie: sessions[request % sessions.length]! });
  const reader = (request: number) => ({ cookie: readers[request % readers.length]! });
  return [
    { name: "bare node:http, / bytes (ceiling)", target: "page", ceiling: "page", path: "/" },
    {
      name: "bare node:http, CSS bytes (ceiling)",
      target: "css",
      ceiling: "css",
      path: staticAssetPath,
    },
    { name: "static asset (CSS)", target: "server", ceiling: "css", path: staticAssetPath },
    {
      name: "/ shared (no cookies)",
      target: "server",
      ceiling: "page",
      path: "/",
      isSharedPage: true,
    },
    {
      // Chosen filters leave a page every visitor shares: it should answer like the bare home.
      name: "/ with three filters (no cookies)",
      target: "server",
      ceiling: "page",
      path: THREE_FILTERS_PATH,
    },
    {
      name: "/ signed in",
      target: "server",
      ceiling: "page",
      path: "/",
      vsSharedPage: true,
      vary: (request) => ({ headers: reader(request) }),
    },
    {
      name: "/ signed in, with claimed courses",
      target: "server",
      ceiling: "page",
      path: "/",
      vsSharedPage: true,
      vary: (request) => ({ headers: { cookie: claimers[request % claimers.length]! } }),
    },
    {
      name: "/ returning visitor",
      target: "server",
      ceiling: "page",
      path: "/",
      vsSharedPage: true,
      vary: () => ({ headers: { cookie: visitorCookie } }),
    },
    {
      name: "/?search=… (40 searches, returning visitor)",
      target: "server",
      ceiling: "page",
      path: "/?search=python&type=Development&page=2",
      vsSharedPage: true,
      vary: (request) => ({
        path: `/?search=${encodeURIComponent(SEARCH_TERMS[request % SEARCH_TERMS.length]!)}&type=Development&page=${1 + (request % 5)}`,
        headers: { cookie: visitorCookie },
      }),
    },
    { name: "/articles (no cookies)", target: "server", ceiling: "page", path: "/articles" },
    {
      name: "course page (no cookies)",
      target: "server",
      ceiling: "page",
      path: coursePagePaths[0]!,
    },
    {
      name: "course pages (returning visitor, 50 courses)",
      target: "server",
      ceiling: "page",
      path: coursePagePaths[0]!,
      vsSharedPage: true,
      vary: (request) => ({
        path: coursePagePaths[request % coursePagePaths.length]!,
        headers: { cookie: visitorCookie },
      }),
    },
    {
      name: "article (no cookies)",
      target: "server",
      ceiling: "page",
      path: `/article?id=${data.articleIds[0]}`,
    },
    {
      name: "/api?action=getCourses (many clients)",
      target: "server",
      ceiling: "page",
      path: "/api?action=getCourses",
      vsSharedPage: true,
      // The API allows one client 300 reads a minute: from a single address the case would
      // measure the 429 answer. Each request comes from another documentation-range address
      // (only a header: every request still goes to 127.0.0.1; the server trusts the proxy).
      vary: (request) => ({
        headers: { "x-forwarded-for": `2001:db8::${request.toString(16)}` },
      }),
    },
    {
      name: "/ after a write (flash, signed in)",
      target: "server",
      ceiling: "page",
      path: "/",
      vsSharedPage: true,
      // The page a form's redirect lands on carries its message in a cookie for one page view.
      vary: (request) => ({
        headers: { cookie: `${reader(request).cookie}; kk_flash=${FLASH_VALUE}` },
      }),
    },
    {
      name: "/api?action=getUser signed in",
      target: "server",
      ceiling: "page",
      path: "/api?action=getUser",
      vsSharedPage: true,
      vary: (request) => ({
        headers: { ...signedIn(request), "x-forwarded-for": `2001:db8:1::${request.toString(16)}` },
      }),
    },
    {
      name: GO_CASE,
      target: "server",
      ceiling: "page",
      path: "/go/1",
      vsSharedPage: true,
      redirects: true,
      vary: (request) => ({
        path: `/go/${data.courseIds[request % data.courseIds.length]}`,
        headers: signedIn(request),
      }),
    },
  ];
}

/** What each page ships to the browser (gzip), for the JavaScript budget. */
export async function measureBundles(base: string, data: BenchData, coursePagePath: string) {
  const bundles = [];
  for (const [name, pagePath] of [
    ["/", "/"],
    ["/articles", "/articles"],
    ["article", `/article?id=${data.articleIds[0]}`],
    ["course page", coursePagePath],
    ["/dashboard", "/dashboard"],
  ] as const) {
    const html = await (
      await fetch(`${base}${pagePath}`, { headers: { "user-agent": SCRIPT_BROWSER_UA } })
    ).text();
    const urls = new Set(
      [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!),
    );
    let js = 0;
    let css = 0;
    for (const url of urls) {
      const bytes = Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer());
      const size = gzipSync(bytes).length;
      if (url.endsWith(".js")) js += size;
      else css += size;
    }
    bundles.push({
      route: name,
      jsGzipKb: +(js / 1024).toFixed(1),
      cssGzipKb: +(css / 1024).toFixed(1),
      files: urls.size,
    });
  }
  return bundles;
}
