/**
 * Remembers recent failures of the storage under the database: a full disk, an exhausted quota,
 * a file system turned read-only. Reads keep working then while every write fails, so the health
 * check reports the instance unhealthy for a while after such a failure, even if its own tiny
 * heartbeat write happens to fit.
 */
export type WriteFailures = {
  /** Records the error when it is a storage failure; other errors are ignored. */
  note(error: unknown): void;
  /** A storage failure was seen within the window. */
  recentlyFailed(): boolean;
};

export const WRITE_FAILURE_WINDOW_MS = 60_000;

/** What a visitor reads when their change could not be saved for lack of storage (a 503). */
export const STORAGE_FULL_MESSAGE =
  "We cannot save changes right now because the server is out of storage space. Please try again later.";
/** Seconds a client is asked to wait after a 503 for lack of storage. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 60;

const STORAGE_FAILURE =
  /no space left on device|disk quota exceeded|could not extend file|read-only file system|\b(ENOSPC|EDQUOT|EROFS)\b/i;
/** PostgreSQL's SQLSTATE for a full disk. */
const DISK_FULL_SQLSTATE = "53100";

/** True for an error (or any error it wraps) that says the storage refused a write. */
export function isStorageFailure(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { message, code, cause } = error as { message?: unknown; code?: unknown; cause?: unknown };
  if (code === DISK_FULL_SQLSTATE) return true;
  if (typeof code === "string" && STORAGE_FAILURE.test(code)) return true;
  if (typeof message === "string" && STORAGE_FAILURE.test(message)) return true;
  return isStorageFailure(cause, depth + 1);
}

export function createWriteFailures(
  nowMs: () => number = Date.now,
  windowMs = WRITE_FAILURE_WINDOW_MS,
): WriteFailures {
  let lastFailureAt: number | null = null;
  return {
    note(error) {
      if (isStorageFailure(error)) lastFailureAt = nowMs();
    },
    recentlyFailed() {
      return lastFailureAt !== null && nowMs() - lastFailureAt < windowMs;
    },
  };
}
