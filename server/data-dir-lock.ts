import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite is single-process: two processes opening the same data directory corrupt it. Whoever
 * opens it (the server or a CLI) holds this lock file; the server also writes its port and a
 * random token, so a CLI can hand its work to the running server instead of opening the files.
 */
export type DataDirOwner = {
  pid: number;
  role: "server" | "cli";
  port?: number;
  token?: string;
};

const LOCK_FILE = "owner.lock.json";

function lockPath(dataDir: string): string {
  return path.join(dataDir, LOCK_FILE);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live owner of the data directory, or null (a stale lock of a dead process is ignored). */
export function readDataDirOwner(dataDir: string): DataDirOwner | null {
  try {
    const owner = JSON.parse(readFileSync(lockPath(dataDir), "utf8")) as DataDirOwner;
    return owner.pid !== process.pid && isAlive(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

export class DataDirBusyError extends Error {
  override name = "DataDirBusyError";
  constructor(readonly owner: DataDirOwner) {
    super(`The data directory is in use by a ${owner.role} process (pid ${owner.pid}).`);
  }
}

export type DataDirLock = { owner: DataDirOwner; release(): void };

export function acquireDataDirLock(
  dataDir: string,
  role: DataDirOwner["role"],
  port?: number,
): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const current = readDataDirOwner(dataDir);
  if (current) throw new DataDirBusyError(current);
  const owner: DataDirOwner = {
    pid: process.pid,
    role,
    ...(port !== undefined ? { port, token: randomBytes(24).toString("hex") } : {}),
  };
  writeFileSync(lockPath(dataDir), JSON.stringify(owner), { mode: 0o600 });
  return {
    owner,
    release() {
      const stillOurs = (() => {
        try {
          return (
            (JSON.parse(readFileSync(lockPath(dataDir), "utf8")) as DataDirOwner).pid ===
            process.pid
          );
        } catch {
          return false;
        }
      })();
      if (stillOurs) rmSync(lockPath(dataDir), { force: true });
    },
  };
}

/** The server learns its port only once listening (PORT=0 in tests). */
export function updateDataDirLockPort(dataDir: string, lock: DataDirLock, port: number): void {
  lock.owner.port = port;
  lock.owner.token ??= randomBytes(24).toString("hex");
  writeFileSync(lockPath(dataDir), JSON.stringify(lock.owner), { mode: 0o600 });
}
