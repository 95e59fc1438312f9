import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "./config";

/**
 * The key that signs the anonymous-visitor cookie. Given by SESSION_SECRET, or — on the embedded
 * database, which is one process by nature — generated once and kept in the data directory, so
 * a fresh install needs no set-up and cookies survive restarts. (Production on PostgreSQL must
 * set it: config refuses to start otherwise.)
 */
export function resolveSessionSecret(config: Config): string {
  if (config.auth.sessionSecret) return config.auth.sessionSecret;
  if (config.databaseUrl) return randomBytes(32).toString("hex");
  const file = path.join(config.dataDir, "session-secret");
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch {
    // first start: create it below
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
