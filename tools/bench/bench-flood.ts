import { runCase, type BenchCase, type LoadOptions } from "./bench-load";

/** A course id no catalogue reaches: every open of it is a 404. */
const MISSING_COURSE_ID = 2_000_000_000;

export type FloodResult = {
  flood: string;
  /** The learners opening courses as usual, on their half of the connections. */
  othersRequestsPerSecond: number;
  othersP50: number;
  othersP99: number;
  othersUnexpected: number;
  /** The flood itself. */
  floodRequestsPerSecond: number;
  floodP99: number;
  /** Answers that were not redirects: none for opens, every one (a 404) for made-up ids. */
  floodAnswers: string;
};

/**
 * `/go` while someone floods it: half the connections open courses as the bench's `/go` case
 * does (their own sessions, a course each), the other half at the same time send one of three
 * floods: one session opening one course again and again; many sessions opening one course;
 * ids that do not exist. What the learners who are not flooding get is what the budget is
 * about (p99 < 100 ms); the flood's own answers are shown beside.
 */
export async function measureOpensUnderFlood(
  base: string,
  courseIds: number[],
  sessions: string[],
  options: LoadOptions,
): Promise<FloodResult[]> {
  const half = Math.floor(options.connections / 2);
  const flooders = sessions.slice(0, Math.floor(sessions.length / 2));
  const others = sessions.slice(flooders.length);
  const pick = <T>(items: T[], request: number) => items[request % items.length]!;
  const othersCase: BenchCase = {
    name: "/go/:id signed in, beside a flood",
    target: "server",
    ceiling: "page",
    path: "/go/1",
    redirects: true,
    vary: (request) => ({
      // Courses from the far end of the catalogue: not the flood's course.
      path: `/go/${courseIds[courseIds.length - 1 - (request % (courseIds.length - 1))]}`,
      headers: { cookie: pick(others, request) },
    }),
  };
  const floods: Array<{ name: string; vary: BenchCase["vary"] }> = [
    {
      name: "one session, one course",
      vary: () => ({ path: `/go/${courseIds[0]}`, headers: { cookie: flooders[0]! } }),
    },
    {
      name: "many sessions, one course",
      vary: (request) => ({
        path: `/go/${courseIds[0]}`,
        headers: { cookie: pick(flooders, request) },
      }),
    },
    {
      name: "ids that do not exist",
      vary: (request) => ({
        path: `/go/${MISSING_COURSE_ID + request}`,
        headers: { cookie: pick(flooders, request) },
      }),
    },
  ];
  const results: FloodResult[] = [];
  for (const flood of floods) {
    const floodCase: BenchCase = {
      name: flood.name,
      target: "server",
      ceiling: "page",
      path: "/go/1",
      redirects: true,
      vary: flood.vary,
    };
    const halfOptions = { ...options, connections: half };
    const [floodRun, othersRun] = await Promise.all([
      runCase(base, floodCase, halfOptions),
      runCase(base, othersCase, halfOptions),
    ]);
    results.push({
      flood: flood.name,
      othersRequestsPerSecond: othersRun.requestsPerSecond,
      othersP50: othersRun.p50,
      othersP99: othersRun.p99,
      othersUnexpected: othersRun.unexpected + othersRun.errors,
      floodRequestsPerSecond: floodRun.requestsPerSecond,
      floodP99: floodRun.p99,
      floodAnswers: `${floodRun.unexpected} not redirected, ${floodRun.errors} errors`,
    });
  }
  return results;
}
