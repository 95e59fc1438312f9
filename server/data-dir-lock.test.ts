import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  acquireDataDirLock,
  DataDirBusyError,
  readDataDirOwner,
  updateDataDirLockPort,
  type DataDirOwner,
} from "./data-dir-lock";

const LOCK_FILE = "owner.lock.json";
let dataDir: string;
const children: ChildProcess[] = [];

function lockFile(): string {
  return path.join(dataDir, LOCK_FILE);
}

function readLock(): DataDirOwner {
  return JSON.parse(readFileSync(lockFile(), "utf8")) as DataDirOwner;
}

function writeLock(owner: DataDirOwner): void {
  writeFileSync(lockFile(), JSON.stringify(owner));
}

/** A real, live process that is not us: another owner of the data directory. */
function startOtherProcess(): number {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

/** The pid of a process that has exited: a stale lock. */
async function deadPid(): Promise<number> {
  const child = spawn("true", [], { stdio: "ignore" });
  const pid = child.pid!;
  await new Promise((resolve) => child.once("exit", resolve));
  return pid;
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "kursusku-lock-"));
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("acquireDataDirLock", () => {
  it("creates the directory and writes our pid and role", () => {
    const nested = path.join(dataDir, "nested", "data");
    const lock = acquireDataDirLock(nested, "cli");
    const written = JSON.parse(readFileSync(path.join(nested, LOCK_FILE), "utf8")) as DataDirOwner;
    expect(written).toEqual({ pid: process.pid, role: "cli" });
    expect(lock.owner).toEqual(written);
    expect(statSync(path.join(nested, LOCK_FILE)).mode & 0o777).toBe(0o600);
  });

  it("gives a server a port and a random token", () => {
    const lock = acquireDataDirLock(dataDir, "server", 4123);
    const written = readLock();
    expect(written.role).toBe("server");
    expect(written.port).toBe(4123);
    expect(written.token).toMatch(/^[0-9a-f]{48}$/);
    expect(lock.owner.token).toBe(written.token);
  });

  it("refuses while another live process owns the directory", () => {
    const otherPid = startOtherProcess();
    writeLock({ pid: otherPid, role: "server", port: 5000, token: "t" });
    let caught: unknown;
    try {
      acquireDataDirLock(dataDir, "cli");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataDirBusyError);
    const busy = caught as DataDirBusyError;
    expect(busy.owner.pid).toBe(otherPid);
    expect(busy.message).toBe(
      `The data directory is in use by a server process (pid ${otherPid}).`,
    );
    // The other owner's lock is left alone.
    expect(readLock().pid).toBe(otherPid);
  });

  it("takes over a stale lock left by a dead process", async () => {
    writeLock({ pid: await deadPid(), role: "server", port: 5000, token: "old" });
    const lock = acquireDataDirLock(dataDir, "cli");
    expect(readLock()).toEqual({ pid: process.pid, role: "cli" });
    expect(lock.owner.pid).toBe(process.pid);
  });

  it("takes over an unreadable lock file", () => {
    writeFileSync(lockFile(), "{not json");
    acquireDataDirLock(dataDir, "cli");
    expect(readLock().pid).toBe(process.pid);
  });
});

describe("readDataDirOwner", () => {
  it("reports a live other owner", () => {
    const otherPid = startOtherProcess();
    writeLock({ pid: otherPid, role: "server", port: 5000, token: "abc" });
    expect(readDataDirOwner(dataDir)).toEqual({
      pid: otherPid,
      role: "server",
      port: 5000,
      token: "abc",
    });
  });

  it("ignores no lock, a dead owner and ourselves", async () => {
    expect(readDataDirOwner(dataDir)).toBeNull();
    writeLock({ pid: await deadPid(), role: "cli" });
    expect(readDataDirOwner(dataDir)).toBeNull();
    writeLock({ pid: process.pid, role: "cli" });
    expect(readDataDirOwner(dataDir)).toBeNull();
  });
});

describe("release", () => {
  it("removes our own lock", () => {
    const lock = acquireDataDirLock(dataDir, "cli");
    expect(existsSync(lockFile())).toBe(true);
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
    // Releasing twice is harmless.
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("leaves a lock that another process has taken since", () => {
    const lock = acquireDataDirLock(dataDir, "cli");
    const otherPid = startOtherProcess();
    writeLock({ pid: otherPid, role: "cli" });
    lock.release();
    expect(existsSync(lockFile())).toBe(true);
    expect(readLock().pid).toBe(otherPid);
  });
});

describe("updateDataDirLockPort", () => {
  it("records the port and keeps a token once listening", () => {
    const lock = acquireDataDirLock(dataDir, "server");
    expect(readLock().port).toBeUndefined();
    updateDataDirLockPort(dataDir, lock, 45678);
    const written = readLock();
    expect(written.port).toBe(45678);
    expect(written.token).toMatch(/^[0-9a-f]{48}$/);
    expect(written.pid).toBe(process.pid);
  });
});
