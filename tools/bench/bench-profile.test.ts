import { describe, expect, it } from "vitest";
import { packageOf, summariseCpuProfile, type CpuProfile } from "./bench-profile";

const frame = (functionName: string, url = "", lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
});

/** root → handle (express) → gzip (node:zlib); root → (garbage collector). */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 4] },
    {
      id: 2,
      callFrame: frame("handle", "file:///x/node_modules/express/lib/router.js", 9),
      children: [3],
    },
    { id: 3, callFrame: frame("zlibBufferSync", "node:zlib", 99) },
    { id: 4, callFrame: frame("(garbage collector)") },
  ],
  startTime: 1_000,
  endTime: 2_000,
  // Samples at 1100 (handle), 1200 (zlib), 1300 (zlib), 1400 (gc).
  samples: [2, 3, 3, 4],
  timeDeltas: [100, 100, 100, 100],
};

describe("packageOf", () => {
  it("names the package under the last node_modules, scoped ones with their scope", () => {
    expect(packageOf(frame("f", "file:///a/node_modules/pino/lib/proto.js"))).toBe("pino");
    expect(packageOf(frame("f", "file:///a/node_modules/@react-router/node/dist/index.js"))).toBe(
      "@react-router/node",
    );
    expect(packageOf(frame("f", "file:///a/node_modules/x/node_modules/send/index.js"))).toBe(
      "send",
    );
  });

  it("names Node modules, our folders, the built app and V8's own entries", () => {
    expect(packageOf(frame("f", "node:internal/streams/writable"))).toBe("node:streams");
    expect(packageOf(frame("f", "node:_http_outgoing"))).toBe("node:http_outgoing");
    expect(packageOf(frame("f", "file:///w/kk/server/web/shared-pages.ts"))).toBe("server/web");
    expect(packageOf(frame("f", "file:///w/kk/build/server/index.js"))).toBe("build/server");
    expect(packageOf(frame("(garbage collector)"))).toBe("(garbage collector)");
    expect(packageOf(frame("someNative"))).toBe("(native)");
  });
});

describe("summariseCpuProfile", () => {
  it("adds self time per function and inclusive time per package", () => {
    const summary = summariseCpuProfile(profile);
    expect(summary.sampledMs).toBeCloseTo(0.4);
    expect(summary.bySelfTime[0]).toMatchObject({ ms: 0.2, share: 0.5 });
    expect(summary.bySelfTime[0]!.name).toContain("zlibBufferSync [node:zlib");
    const byPackage = Object.fromEntries(summary.byPackage.map((line) => [line.name, line.ms]));
    // express is on the stack of three samples (one its own, two under it in zlib).
    expect(byPackage).toEqual({ express: 0.3, "node:zlib": 0.2, "(garbage collector)": 0.1 });
    const byPackageSelf = Object.fromEntries(
      summary.byPackageSelf.map((line) => [line.name, line.ms]),
    );
    expect(byPackageSelf).toEqual({ express: 0.1, "node:zlib": 0.2, "(garbage collector)": 0.1 });
  });

  it("counts only the samples inside the window", () => {
    const summary = summariseCpuProfile(profile, { from: 1_150, to: 1_350 });
    expect(summary.sampledMs).toBeCloseTo(0.2);
    expect(summary.byPackage.map((line) => line.name).sort()).toEqual(["express", "node:zlib"]);
  });
});
