import path from "node:path";

/** The parts of V8's `.cpuprofile` JSON (written by `node --cpu-prof`) this summary reads. */
export type CpuProfile = {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  /** Microseconds on the process's monotonic clock (the one process.hrtime reads). */
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

export type ProfileLine = { name: string; ms: number; share: number };

export type ProfileSummary = {
  sampledMs: number;
  /** Functions by the time they were on top of the stack themselves. */
  bySelfTime: ProfileLine[];
  /** Packages by the time one of their own functions was on top of the stack. */
  byPackageSelf: ProfileLine[];
  /**
   * Packages by the time any of their functions was on the stack (each sample counted once).
   * A middleware that calls `next()` holds everything after it on its stack too.
   */
  byPackage: ProfileLine[];
};

/** V8's own entries: idle, GC, the engine itself ("program"), the root of every stack. */
const V8_ENTRIES = new Set(["(idle)", "(garbage collector)", "(program)", "(root)"]);

/**
 * Who a frame belongs to: the package under the last node_modules of its file, a Node module
 * (`node:zlib`, `node:http`…), our own server code (`server/web`, `server/domain`…), the built
 * React Router app (`build/server`), or V8's entries.
 */
export function packageOf(frame: { functionName: string; url: string }): string {
  const { functionName, url } = frame;
  if (url === "") return V8_ENTRIES.has(functionName) ? functionName : "(native)";
  if (url.startsWith("node:")) {
    const name = url.slice("node:".length).replace(/^internal\//, "");
    return `node:${name.split("/")[0]!.replace(/^_/, "")}`;
  }
  const file = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url;
  const parts = file.split("/");
  const modules = parts.lastIndexOf("node_modules");
  if (modules >= 0) {
    const first = parts[modules + 1] ?? "";
    return first.startsWith("@") ? `${first}/${parts[modules + 2] ?? ""}` : first;
  }
  // build/ first: the built app lives in build/server/.
  for (const top of ["build", "server", "scripts", "core"]) {
    const at = parts.lastIndexOf(top);
    if (at >= 0 && at < parts.length - 2) return `${top}/${parts[at + 1]}`;
    if (at >= 0) return top;
  }
  return path.basename(file);
}

function describeFrame(frame: { functionName: string; url: string; lineNumber: number }): string {
  const where = frame.url ? ` ${path.basename(frame.url)}:${frame.lineNumber + 1}` : "";
  return `${frame.functionName || "(anonymous)"} [${packageOf(frame)}${where}]`;
}

/**
 * Self time per function and inclusive time per package, from the samples taken between `from`
 * and `to` (microseconds on the profile's clock; the whole profile when left out), so that
 * start-up and the bench's set-up do not count.
 */
export function summariseCpuProfile(
  profile: CpuProfile,
  window: { from?: number; to?: number } = {},
  top = 20,
): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);

  const self = new Map<string, number>();
  const packagesSelf = new Map<string, number>();
  const packages = new Map<string, number>();
  let sampled = 0;
  let time = profile.startTime;
  for (const [index, nodeId] of profile.samples.entries()) {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (
      (window.from !== undefined && time < window.from) ||
      (window.to !== undefined && time > window.to)
    )
      continue;
    const node = byId.get(nodeId);
    if (!node) continue;
    sampled += delta;
    const name = describeFrame(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + delta);
    const own = packageOf(node.callFrame);
    packagesSelf.set(own, (packagesSelf.get(own) ?? 0) + delta);
    const seen = new Set<string>();
    for (let id: number | undefined = nodeId; id !== undefined; id = parentOf.get(id)) {
      const frame = byId.get(id)!.callFrame;
      if (frame.functionName === "(root)") continue;
      seen.add(packageOf(frame));
    }
    for (const name of seen) packages.set(name, (packages.get(name) ?? 0) + delta);
  }

  const lines = (totals: Map<string, number>, limit: number): ProfileLine[] =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, micros]) => ({
        name,
        ms: micros / 1000,
        share: sampled ? micros / sampled : 0,
      }));
  return {
    sampledMs: sampled / 1000,
    bySelfTime: lines(self, top),
    byPackageSelf: lines(packagesSelf, top),
    byPackage: lines(packages, top),
  };
}

/** The summary as two printable tables. */
export function formatProfileSummary(summary: ProfileSummary): string {
  const row = (line: ProfileLine) =>
    `${line.ms.toFixed(0).padStart(8)} ms ${(line.share * 100).toFixed(1).padStart(5)}%  ${line.name}`;
  return [
    `sampled ${summary.sampledMs.toFixed(0)} ms`,
    "",
    "top functions by self time:",
    ...summary.bySelfTime.map(row),
    "",
    "by package, self time:",
    ...summary.byPackageSelf.map(row),
    "",
    "by package (inclusive: a sample counts once for each package on its stack):",
    ...summary.byPackage.map(row),
  ].join("\n");
}
