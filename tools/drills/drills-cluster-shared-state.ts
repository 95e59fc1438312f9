import type { Cluster } from "./drills-cluster";
import { readFavourites } from "./drills-cluster-load";
import { runCli, sleep } from "./drills-kit";
import { SCRIPT_BROWSER_UA, signInWithDevForm } from "../local-server";

/**
 * The cluster drill's checks of what the instances share (see drills-cluster.ts):
 *  (a) a user's writes through one instance are read through another at once, and that
 *      instance's shared page is forgotten (LISTEN/NOTIFY);
 *  (b) a redeem brute force spread over the instances is stopped at the same count as on one.
 */
const GUARD_MESSAGE = "Too many invalid attempts. Please try again in an hour.";

/** The limits count in windows of a clock minute: a brute force must not straddle two. */
async function awayFromMinuteEnd() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 200);
}

function post(
  base: string,
  path: string,
  origin: string,
  cookie: string,
  body: string,
  type: string,
) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { cookie, origin, "content-type": type, "user-agent": SCRIPT_BROWSER_UA },
    body,
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = "application/x-www-form-urlencoded";

async function balance(base: string, cookie: string): Promise<number> {
  const response = await fetch(`${base}/api?action=getUser`, { headers: { cookie } });
  return ((await response.json()) as { creditBalance: number }).creditBalance;
}

export async function drillWritesReadElsewhere(cluster: Cluster) {
  const { kit, lb } = cluster;
  const [one, two] = [cluster.instances[0]!.base, cluster.instances[1]!.base];
  console.log("\n(a) writes through instance 1 are read through instance 2 at once");
  const cookie = await signInWithDevForm(lb.base, "cluster-a@example.com");
  const [liked, opened, reviewed] = cluster.courses;

  await post(
    one,
    "/favourites",
    lb.base,
    cookie,
    form({ courseId: String(liked!.id), favourite: "true" }),
    FORM,
  );
  kit.check(
    (await readFavourites(two, cookie)).has(liked!.link),
    "a favourite added through 1 is listed by 2",
  );

  const before = await balance(two, cookie);
  const go = await fetch(`${one}/go/${opened!.id}`, {
    redirect: "manual",
    headers: { cookie, "user-agent": SCRIPT_BROWSER_UA },
  });
  const after = await balance(two, cookie);
  kit.check(
    go.status === 302 && after === before - 1,
    `a course opened through 1 costs a credit that 2 shows at once (${before} → ${after})`,
  );

  const minted = await runCli(
    kit.root,
    "codes",
    ["create", "--type", "credits", "--credits", "5", "--uses", "10"],
    { DATABASE_URL: cluster.postgres.url, LOG_LEVEL: "error" },
    60_000,
  ).done;
  const code = minted.output.trim().split("\n").pop()?.trim() ?? "";
  const redeemed = await post(
    two,
    "/api",
    lb.base,
    cookie,
    JSON.stringify({ action: "checkRedeemCode", code }),
    "application/json",
  );
  const credited = await balance(one, cookie);
  kit.check(
    minted.code === 0 && redeemed.ok && credited === after + 5,
    `a credit code (minted by the CLI on PostgreSQL) redeemed through 2 shows on 1 at once (${after} → ${credited})`,
  );

  const review = await post(
    one,
    "/reviews",
    lb.base,
    cookie,
    form({
      courseId: String(reviewed!.id),
      rating: "5",
      text: "Clear and practical, seen from every instance.",
    }),
    FORM,
  );
  const reviews = await fetch(
    `${two}/api?action=getReviews&courseLink=${encodeURIComponent(reviewed!.link)}`,
  );
  const listed = JSON.stringify(await reviews.json()).includes("seen from every instance");
  kit.check(review.ok && listed, "a review written through 1 is listed by 2");
  await checkPageForgottenElsewhere(cluster, 0, 1, "");
}

/**
 * Instance `reader` keeps its shared home page (a second request is a HIT); a write through
 * `writer` must make it render the page again (MISS) on the next request, within one round trip.
 */
export async function checkPageForgottenElsewhere(
  cluster: Cluster,
  writer: number,
  reader: number,
  when: string,
) {
  const { kit, lb } = cluster;
  const writerBase = cluster.instances[writer]!.base;
  const readerBase = cluster.instances[reader]!.base;
  const home = () => fetch(`${readerBase}/`, { headers: { "user-agent": SCRIPT_BROWSER_UA } });
  // Kept: the page is served from memory (any write anywhere, like an ingest run, forgets it).
  let cached = (await home()).headers.get("x-cache");
  for (let attempt = 0; cached !== "HIT" && attempt < 10; attempt += 1)
    cached = (await home()).headers.get("x-cache");
  const cookie = await signInWithDevForm(lb.base, `cluster-pages-${writer}-${reader}@example.com`);
  // A review changes what everybody sees (the course's rating); a heart would change only the
  // writer's own layer, which leaves the shared pages as they are.
  const course = cluster.courses[5]!;
  await post(
    writerBase,
    "/reviews",
    lb.base,
    cookie,
    form({ courseId: String(course.id), rating: "4", text: "Rated through one instance." }),
    FORM,
  );
  const wroteAt = performance.now();
  let first = (await home()).headers.get("x-cache");
  let waited = performance.now() - wroteAt;
  while (first !== "MISS" && waited < 2000) {
    await sleep(20);
    first = (await home()).headers.get("x-cache");
    waited = performance.now() - wroteAt;
  }
  kit.check(
    cached === "HIT" && first === "MISS" && waited < 1000,
    `a write through instance ${writer + 1} makes instance ${reader + 1} forget its shared page ${when}`.trim() +
      ` (kept: ${cached}; next: ${first} after ${waited.toFixed(0)} ms)`,
  );
}

export async function drillLimitsAcrossInstances(cluster: Cluster) {
  const { kit, lb } = cluster;
  console.log(
    "\n(b) a redeem brute force spread over the instances stops at the same count as on one",
  );
  const guesses = 14;
  const users = await Promise.all(
    Array.from({ length: guesses }, (_, index) =>
      signInWithDevForm(lb.base, `cluster-b-${index}@example.com`),
    ),
  );
  // Each guess by another user, from one address (X-Forwarded-For, trusted behind the balancer).
  const bruteForce = async (from: string, instanceOf: (guess: number) => number) => {
    let answered = 0;
    for (let guess = 0; guess < guesses; guess += 1) {
      const base = cluster.instances[instanceOf(guess)]!.base;
      const response = await fetch(`${base}/api`, {
        method: "POST",
        headers: {
          cookie: users[guess]!,
          origin: lb.base,
          "content-type": "application/json",
          "x-forwarded-for": from,
        },
        body: JSON.stringify({ action: "checkRedeemCode", code: `WRONG${guess}` }),
      });
      if (response.status === 429) break;
      answered += 1;
    }
    return answered;
  };
  await awayFromMinuteEnd();
  const alone = await bruteForce("192.0.2.10", () => 0);
  await awayFromMinuteEnd();
  const spread = await bruteForce("192.0.2.11", (guess) => guess % cluster.instances.length);
  kit.check(
    alone === 10 && spread === 10,
    `one address: ${alone} guesses answered on one instance, ${spread} spread over ${cluster.instances.length} (limit 10 a minute)`,
  );

  // One user, each guess from another address: the per-user guard (10 failures an hour).
  const cookie = await signInWithDevForm(lb.base, "cluster-b-guard@example.com");
  let failures = 0;
  let refusal = "";
  for (let guess = 0; guess < guesses; guess += 1) {
    const base = cluster.instances[guess % cluster.instances.length]!.base;
    const response = await fetch(`${base}/api`, {
      method: "POST",
      headers: {
        cookie,
        origin: lb.base,
        "content-type": "application/json",
        "x-forwarded-for": `198.51.100.${guess + 1}`,
      },
      body: JSON.stringify({ action: "checkRedeemCode", code: `GUARD${guess}` }),
    });
    if (response.status === 429) {
      refusal = ((await response.json()) as { error?: { message?: string } }).error?.message ?? "";
      break;
    }
    failures += 1;
  }
  kit.check(
    failures === 10 && refusal === GUARD_MESSAGE,
    `one user guessing through every instance from many addresses is refused after ${failures} failures (${refusal})`,
  );
}
