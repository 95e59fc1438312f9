import { describe, expect, it } from "vitest";
import { processCpuMicros, summariseRuns, type BenchCase, type RunResult } from "./bench-load";

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
