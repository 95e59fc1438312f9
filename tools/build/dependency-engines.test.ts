import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

type LockedPackage = { version?: string; optional?: boolean; engines?: { node?: string } };

describe("the Node version the README promises", () => {
  it("runs every installed package: npm ci warns of none (EBADENGINE)", () => {
    // The oldest Node that package.json (and the README) accept.
    const oldest = semver.minVersion(read("package.json").engines.node as string)!;
    const lock = read("package-lock.json") as { packages: Record<string, LockedPackage> };
    const refusing = Object.entries(lock.packages)
      // npm skips an optional package whose engines do not match, silently (a platform build).
      .filter(([name, locked]) => name !== "" && !locked.optional && locked.engines?.node)
      .filter(([, locked]) => !semver.satisfies(oldest, locked.engines!.node!))
      .map(([name, locked]) => `${name}@${locked.version} needs Node ${locked.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
