import { SCRIPT_BROWSER_UA } from "../local-server";

/**
 * The load of the cluster drill's fault phases: one loop per user, all through the load balancer,
 * each request waiting for the last (as a person clicking does). A loop adds a favourite (a write;
 * at most 30 a day, the product's cap, after which it only reads), loads the home page with its
 * personal layer, and reads its account, over and over. Every answer is recorded with when its
 * request started and ended; a favourite is *acknowledged* when the server answered success.
 */
export type LoadRecord = { startedAt: number; endedAt: number; status: number; write: boolean };

/**
 * A signed-in user of the load. `address` is where they connect from (X-Forwarded-For, which the
 * instances trust behind the balancer): real users do not share one address, and the API's
 * per-client read limit would otherwise answer them all 429 once the load is on.
 */
export type LoadUser = {
  cookie: string;
  address: string;
  courses: Array<{ id: number; link: string }>;
};

export type RunningLoad = {
  /** Requests sent and not yet answered. */
  inFlight(): number;
  /** Resolves once every user had `answers` answers (or after `timeoutMs`): the load is on. */
  warmedUp(answers: number, timeoutMs: number): Promise<void>;
  /** Stops the loops (each finishes its request) and returns what happened. */
  stop(): Promise<{ records: LoadRecord[]; acknowledged: Map<LoadUser, Set<string>> }>;
};

const FAVOURITES_PER_DAY = 30;
const REQUEST_LIMIT_MS = 20_000;

export function startLoad(base: string, users: LoadUser[]): RunningLoad {
  const records: LoadRecord[] = [];
  const acknowledged = new Map<LoadUser, Set<string>>();
  let inFlight = 0;
  let stopping = false;

  async function send(url: string, init: RequestInit, write: boolean) {
    const startedAt = performance.now();
    inFlight += 1;
    let status = 0;
    let body: unknown;
    try {
      const response = await fetch(url, {
        ...init,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
      });
      status = response.status;
      const text = await response.text();
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    } catch {
      status = 0; // no answer at all: the connection broke or timed out
    } finally {
      inFlight -= 1;
    }
    records.push({ startedAt, endedAt: performance.now(), status, write });
    return { status, body };
  }

  async function loop(user: LoadUser) {
    const mine = new Set<string>();
    acknowledged.set(user, mine);
    const headers = {
      cookie: user.cookie,
      "user-agent": SCRIPT_BROWSER_UA,
      "x-forwarded-for": user.address,
    };
    let added = 0;
    for (let step = 0; !stopping; step += 1) {
      if (step % 3 === 0 && added < Math.min(FAVOURITES_PER_DAY, user.courses.length)) {
        const course = user.courses[added]!;
        added += 1;
        const answer = await send(
          `${base}/favourites`,
          {
            method: "POST",
            headers: {
              ...headers,
              origin: base,
              "content-type": "application/x-www-form-urlencoded",
            },
            body: `courseId=${course.id}&favourite=true`,
          },
          true,
        );
        if (answer.status === 200 && (answer.body as { success?: boolean }).success === true)
          mine.add(course.link);
      } else if (step % 3 === 1) {
        await send(`${base}/`, { headers }, false);
      } else {
        await send(`${base}/api?action=getUser`, { headers }, false);
      }
    }
  }

  const loops = users.map((user) => loop(user));
  return {
    inFlight: () => inFlight,
    async warmedUp(answers, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (records.length < answers * users.length && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    },
    async stop() {
      stopping = true;
      await Promise.all(loops);
      return { records, acknowledged };
    },
  };
}

/** A failure the user sees: no answer, or a 5xx (HAProxy's 502/503 included). */
export const failed = (record: LoadRecord) => record.status === 0 || record.status >= 500;

/** "502×3, no answer×1": how the failures looked, for the drill's output. */
export function describeFailures(records: LoadRecord[]): string {
  const counts = new Map<string, number>();
  for (const record of records.filter(failed)) {
    const label = record.status === 0 ? "no answer" : String(record.status);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, count]) => `${label}×${count}`).join(", ") || "none";
}

/**
 * The favourites an account lists now, read through `base`. The load itself reads the account
 * over and over from the user's address, so on a fast machine that address may have spent the
 * API's per-minute read allowance: the answer is then a correct 429, and this waits what its
 * Retry-After says, as any client would, and asks again. Anything else but a 200 throws: an
 * unreadable account must not count as lost favourites (nor as kept ones).
 */
export async function readFavourites(
  base: string,
  cookie: string,
  address?: string,
): Promise<Set<string>> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${base}/api?action=getUser`, {
      headers: { cookie, ...(address ? { "x-forwarded-for": address } : {}) },
    });
    if (response.status === 429 && attempt < 3) {
      const waitSeconds = Math.min(Number(response.headers.get("retry-after")) || 1, 65);
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000 + 200));
      continue;
    }
    if (response.status !== 200) {
      throw new Error(`reading favourites: GET /api?action=getUser answered ${response.status}`);
    }
    const body = (await response.json()) as { likedCourses?: string[] };
    return new Set(body.likedCourses ?? []);
  }
}

/** Acknowledged favourites missing from the accounts now (should be none). */
export async function countLost(
  base: string,
  acknowledged: Map<LoadUser, Set<string>>,
): Promise<{ acknowledged: number; lost: number }> {
  let total = 0;
  let lost = 0;
  for (const [user, links] of acknowledged) {
    const stored = await readFavourites(base, user.cookie, user.address);
    total += links.size;
    for (const link of links) if (!stored.has(link)) lost += 1;
  }
  return { acknowledged: total, lost };
}
