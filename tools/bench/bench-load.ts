import { execSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";

/** Which bare-server answer a case is compared with. */
export type Ceiling = "page" | "css";

export type BenchCase = {
  name: string;
  /** The server the case loads: the real one or one of the bare ceilings. */
  target: "server" | Ceiling;
  path: string;
  /** The bare answer this case is held against. */
  ceiling: Ceiling;
  /** Held against the shared page too (the budget for signed-in and returning visitors). */
  vsSharedPage?: boolean;
  /** This case is the shared page the others are compared with. */
  isSharedPage?: boolean;
  /** Per request: another path or more headers. */
  vary?: (request: number) => { path?: string; headers?: Record<string, string> };
  /** Answers are redirects (/go). */
  redirects?: boolean;
};

export type RunResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers with a status the case does not expect (2xx, or 3xx for redirects). */
  unexpected: number;
  /**
   * CPU time the answering process spent per request (all its threads: zlib, file reads and GC
   * included). Unlike req/s it hardly moves when other programs take the machine's cores.
   */
  cpuMicrosPerRequest?: number;
};

export type LoadOptions = { connections: number; seconds: number; headers: Record<string, string> };

/**
 * One autocannon run of one case against `base`, answered by process `pid` (whose CPU time
 * `cpuOf` reads: processTreeCpuMicros for a server with workers).
 */
export async function runCase(
  base: string,
  benchCase: BenchCase,
  options: LoadOptions,
  pid?: number,
  cpuOf: (pid: number) => number | undefined = processCpuMicros,
): Promise<RunResult> {
  const cpuBefore = pid === undefined ? undefined : cpuOf(pid);
  let counter = 0;
  const vary = benchCase.vary;
  const result = await autocannon({
    url: `${base}${benchCase.path}`,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests: vary
      ? [
          {
            setupRequest: (request) => {
              counter += 1;
              const varied = vary(counter);
              return {
                ...request,
                path: varied.path ?? request.path,
                headers: { ...request.headers, ...varied.headers },
              };
            },
          },
        ]
      : undefined,
  });
  const cpuAfter = pid === undefined ? undefined : cpuOf(pid);
  const cpu =
    cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? Math.round((cpuAfter - cpuBefore) / result.requests.total)
      : undefined;
  return {
    cpuMicrosPerRequest: cpu,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    unexpected: benchCase.redirects
      ? result.requests.total - result["3xx"]
      : result.requests.total - result["2xx"],
  };
}

let ticksPerSecond: number | undefined;

/** One line of /proc/<pid>/stat: the process, its parent and its user + system clock ticks. */
export function parseProcStat(stat: string): { pid: number; parent: number; ticks: number } {
  // Fields after the command name (which may hold spaces): state, ppid, …, utime (14th), stime.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    pid: Number.parseInt(stat, 10),
    parent: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]),
  };
}

/** The clock ticks of process `root` and every process below it (a server and its workers). */
export function treeTicks(stats: string[], root: number): number {
  const processes = stats.map(parseProcStat);
  const inTree = new Set([root]);
  // Parents before children is not guaranteed: repeat until no process joins.
  for (let grown = true; grown;) {
    grown = false;
    for (const each of processes)
      if (!inTree.has(each.pid) && inTree.has(each.parent)) {
        inTree.add(each.pid);
        grown = true;
      }
  }
  return processes.reduce((sum, each) => sum + (inTree.has(each.pid) ? each.ticks : 0), 0);
}

/**
 * User + system CPU time so far of process `pid` and its descendants (a server that forks
 * workers), or undefined off Linux.
 */
export function processTreeCpuMicros(pid: number): number | undefined {
  try {
    const stats = readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .flatMap((name) => {
        try {
          return [readFileSync(`/proc/${name}/stat`, "utf8")];
        } catch {
          return []; // it ended meanwhile
        }
      });
    return (treeTicks(stats, pid) / clockTicksPerSecond()) * 1e6;
  } catch {
    return undefined;
  }
}

function clockTicksPerSecond(): number {
  ticksPerSecond ??= Number(execSync("getconf CLK_TCK").toString().trim()) || 100;
  return ticksPerSecond;
}

/** User + system CPU time of a process so far (Linux /proc), or undefined elsewhere. */
export function processCpuMicros(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is the 3rd, utime the 14th.
    return (parseProcStat(stat).ticks / clockTicksPerSecond()) * 1e6;
  } catch {
    return undefined;
  }
}

/**
 * Waits until process `pid` has gone quiet (under 15 % of a core over half a second, at most a
 * minute). A case that leaves the server behind (50 slow answers still being worked on after
 * autocannon stopped) must not be measured against the next case's time.
 */
export async function waitUntilIdle(pid: number, maxMs = 60_000): Promise<void> {
  const windowMs = 500;
  for (let waited = 0; waited < maxMs; waited += windowMs) {
    const before = processCpuMicros(pid);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = processCpuMicros(pid);
    if (before === undefined || after === undefined) return;
    if (after - before < windowMs * 1000 * 0.15) return;
  }
}

/**
 * The result with the most requests per second (on a machine shared with other work, the turn
 * least disturbed), with its other figures.
 */
export function fastestOf<T extends { requestsPerSecond: number }>(results: T[]): T {
  return results.reduce((best, each) =>
    each.requestsPerSecond > best.requestsPerSecond ? each : best,
  );
}

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** A case over its runs: the runs' medians (rate, latencies, CPU µs), their errors summed. */
export type CaseSummary = RunResult & {
  name: string;
  runs: RunResult[];
  /** Median req/s over the median req/s of its bare ceiling, in the same bench run. */
  vsCeiling: number;
  /** The ceiling's CPU per request over this case's: the share of the ceiling at equal CPU. */
  cpuVsCeiling?: number;
  vsSharedPage?: number;
};

/**
 * Medians per case over the interleaved runs, and each case's ratio to its ceiling: ratios are
 * taken between medians of one bench run, since absolute numbers move with the machine's load.
 */
export function summariseRuns(cases: BenchCase[], runs: Map<string, RunResult[]>): CaseSummary[] {
  const medianOf = (name: string, pick: (run: RunResult) => number) =>
    median((runs.get(name) ?? []).map(pick));
  const rate = (name: string) => medianOf(name, (run) => run.requestsPerSecond);
  const cpu = (name: string) => medianOf(name, (run) => run.cpuMicrosPerRequest ?? NaN);
  const ceilingName = (ceiling: Ceiling) =>
    cases.find((benchCase) => benchCase.target === ceiling)?.name ?? "";
  const sharedPage = cases.find((benchCase) => benchCase.isSharedPage);
  return cases.map((benchCase) => {
    const own = runs.get(benchCase.name) ?? [];
    const requestsPerSecond = rate(benchCase.name);
    const cpuMicrosPerRequest = cpu(benchCase.name);
    return {
      name: benchCase.name,
      runs: own,
      requestsPerSecond,
      p50: medianOf(benchCase.name, (run) => run.p50),
      p99: medianOf(benchCase.name, (run) => run.p99),
      errors: own.reduce((sum, run) => sum + run.errors, 0),
      unexpected: own.reduce((sum, run) => sum + run.unexpected, 0),
      cpuMicrosPerRequest: Number.isFinite(cpuMicrosPerRequest) ? cpuMicrosPerRequest : undefined,
      vsCeiling: requestsPerSecond / rate(ceilingName(benchCase.ceiling)),
      cpuVsCeiling: cpu(ceilingName(benchCase.ceiling)) / cpuMicrosPerRequest,
      vsSharedPage:
        benchCase.vsSharedPage && sharedPage
          ? requestsPerSecond / rate(sharedPage.name)
          : undefined,
    };
  });
}

const percent = (ratio: number | undefined) =>
  ratio === undefined || !Number.isFinite(ratio) ? "" : `${(ratio * 100).toFixed(1)}%`;

/** The table printed at the end of a bench run. */
export function formatSummaries(summaries: CaseSummary[], cases: BenchCase[]) {
  return summaries.map((summary, index) => ({
    case: summary.name,
    "req/s": summary.requestsPerSecond,
    "p50 ms": summary.p50,
    "p99 ms": summary.p99,
    "vs bare": `${percent(summary.vsCeiling)} of ${cases[index]!.ceiling}`,
    "CPU µs/req": summary.cpuMicrosPerRequest ?? "",
    "vs bare CPU": percent(summary.cpuVsCeiling),
    "vs shared /": percent(summary.vsSharedPage),
    "runs req/s": summary.runs.map((run) => run.requestsPerSecond).join(" "),
    errors: summary.errors,
    "bad status": summary.unexpected,
  }));
}
