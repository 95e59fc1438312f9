import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "../../config";
import { resolveVapidKeys } from "./vapid-keys";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function scratchDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "kursusku-vapid-"));
  folders.push(folder);
  return folder;
}

describe("resolveVapidKeys", () => {
  it("generates a pair into DATA_DIR on first start and reuses it after a restart", () => {
    const dataDir = scratchDir();
    const config = parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    const first = resolveVapidKeys(config)!;
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = path.join(dataDir, "vapid-keys.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveVapidKeys(parseConfig({ NODE_ENV: "test", DATA_DIR: dataDir }))).toEqual(first);
  });

  it("takes the configured pair and writes nothing", () => {
    const dataDir = scratchDir();
    const keys = { publicKey: `B${"a".repeat(86)}`, privateKey: "b".repeat(43) };
    const config = parseConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect(resolveVapidKeys(config)).toEqual(keys);
    expect(() => statSync(path.join(dataDir, "vapid-keys.json"))).toThrow();
  });

  it("has no pair on PostgreSQL without configured keys (push stays off)", () => {
    const config = parseConfig({
      NODE_ENV: "test",
      DATA_DIR: scratchDir(),
      DATABASE_URL: "postgres://localhost/kursusku",
    });
    expect(resolveVapidKeys(config)).toBeNull();
  });
});
