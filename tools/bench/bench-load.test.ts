import { describe, expect, it } from "vitest";
import {
  fastestOf,
  parseProcStat,
  processCpuMicros,
  processTreeCpuMicros,
  summariseRuns,
  treeTicks,
  type BenchCase,
  type RunResult,
} from "./bench-load";

const run = (requestsPerSecond: number, cpuMicrosPerRequest: number): RunResult => ({
  requestsPerSecond,
  p50: 1,
  p99: 2,
  errors: 0,
  unexpected: 0,
  cpuMicrosPerRequest,
});

const cases: BenchCase[] = [
  { name: "bare", target: "page", ceiling: "page", path: "/" },
  { name: "shared", target: "server", ceiling: "page", path: "/", isSharedPage: true },
  { name: "signed in", target: "server", ceiling: "page", path: "/", vsSharedPage: true },
];

describe("summariseRuns", () => {
  it("takes medians per case and holds them against the ceiling and the shared page", () => {
    const summaries = summariseRuns(
      cases,
      new Map([
        ["bare", [run(1000, 100), run(3000, 90), run(2000, 110)]],
        ["shared", [run(1500, 150), run(1400, 130), run(1600, 140)]],
        ["signed in", [run(800, 400), run(700, 300), run(9000, 500)]],
      ]),
    );
    expect(summaries.map((summary) => summary.requestsPerSecond)).toEqual([2000, 1500, 800]);
    expect(summaries[1]!.vsCeiling).toBe(0.75);
    expect(summaries[1]!.cpuVsCeiling).toBeCloseTo(100 / 140);
    expect(summaries[2]!.vsSharedPage).toBeCloseTo(800 / 1500);
    expect(summaries[1]!.vsSharedPage).toBeUndefined();
  });
});

describe("processCpuMicros", () => {
  it.runIf(process.platform === "linux")("reads the CPU time a process has used", () => {
    const before = processCpuMicros(process.pid)!;
    // Burn 50 ms of CPU (not of wall time: the machine may be busy).
    const start = process.cpuUsage();
    let spin = 0;
    while (process.cpuUsage(start).user < 50_000) spin += 1;
    expect(spin).toBeGreaterThan(0);
    // /proc counts in ticks (10 ms here): at least 30 of the 50 ms show.
    expect(processCpuMicros(process.pid)! - before).toBeGreaterThanOrEqual(30_000);
  });
});

/** A /proc/<pid>/stat line: its command (with a space and a parenthesis), parent and ticks. */
function procStat(pid: number, parent: number, utime: number, stime: number): string {
  const between = Array.from({ length: 9 }, () => "0").join(" ");
  return `${pid} (node (worker)) S ${parent} ${between} ${utime} ${stime} 0 0 20 0 1 0`;
}

describe("CPU time of a server and its workers", () => {
  it("reads a process's parent and user + system ticks, whatever its command is called", () => {
    expect(parseProcStat(procStat(42, 7, 150, 30))).toEqual({ pid: 42, parent: 7, ticks: 180 });
  });

  it("adds the ticks of a process and all its descendants, in any order, and no others", () => {
    const stats = [
      procStat(30, 20, 5, 5), // a grandchild listed before its parent
      procStat(10, 1, 100, 0), // the server
      procStat(20, 10, 40, 10), // its worker
      procStat(11, 1, 999, 0), // another program
    ];
    expect(treeTicks(stats, 10)).toBe(160);
    expect(treeTicks(stats, 20)).toBe(60);
  });

  it("includes this very process on Linux", () => {
    const own = processCpuMicros(process.pid);
    const tree = processTreeCpuMicros(process.pid);
    if (own === undefined) expect(tree).toBeUndefined();
    else expect(tree).toBeGreaterThanOrEqual(own);
  });

  it("keeps the fastest of several turns with its CPU figure", () => {
    const turns = [
      { requestsPerSecond: 300, cpuMicros: 900 },
      { requestsPerSecond: 500, cpuMicros: 700 },
      { requestsPerSecond: 400, cpuMicros: 800 },
    ];
    expect(fastestOf(turns)).toEqual({ requestsPerSecond: 500, cpuMicros: 700 });
  });
});
