import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Config } from "../../config";

export type VapidKeys = { publicKey: string; privateKey: string };

const KEY_FILE = "vapid-keys.json";

/**
 * The key pair that signs our pushes (VAPID). Every subscription is bound to the public key it
 * was made with, so the pair must outlive restarts: given by VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY,
 * or — on the embedded database, one process by nature — generated once into the data directory.
 * On PostgreSQL without configured keys there is no pair (instances would each make their own,
 * and a subscription would work with one of them only): push stays off.
 */
export function resolveVapidKeys(config: Config): VapidKeys | null {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  if (config.databaseUrl) return null;
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidKeys>;
    if (isKeyPair(stored)) return stored;
  } catch {
    // first start: create it below
  }
  mkdirSync(config.dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  const keys = { publicKey: generated.publicKey, privateKey: generated.privateKey };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function isKeyPair(value: Partial<VapidKeys>): value is VapidKeys {
  return (
    typeof value.publicKey === "string" &&
    /^[A-Za-z0-9_-]{87}$/.test(value.publicKey) &&
    typeof value.privateKey === "string" &&
    /^[A-Za-z0-9_-]{43}$/.test(value.privateKey)
  );
}
