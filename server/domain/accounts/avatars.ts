import { createHash } from "node:crypto";
import { createAvatar } from "@dicebear/core";
import * as identicon from "@dicebear/identicon";

/**
 * Avatars drawn on our own server (DiceBear's identicon style, rendered here), so neither a
 * visitor's address nor a hash of it goes to a third party, and the picture shows offline.
 * The address is named only by a short hash of it: the URL never holds the address itself.
 */

/** Hex characters of the address's SHA-256 that name its avatar (enough to look distinct). */
const SEED_LENGTH = 16;
const SEED_SHAPE = new RegExp(`^[0-9a-f]{${SEED_LENGTH}}$`);
const AVATAR_FILE = new RegExp(`^([0-9a-f]{${SEED_LENGTH}})\\.svg$`);

/** The avatar's address on this site for an e-mail address (case and spaces do not matter). */
export function avatarPathFor(email: string): string {
  const seed = createHash("sha256")
    .update(email.trim().toLowerCase())
    .digest("hex")
    .slice(0, SEED_LENGTH);
  return `/avatars/${seed}.svg`;
}

/** The seed named by `/avatars/<file>`, or null when the file names no avatar. */
export function parseAvatarFile(file: string | undefined): string | null {
  return AVATAR_FILE.exec(file ?? "")?.[1] ?? null;
}

/** Drawn avatars kept in memory: a few hundred signed-in people cover a busy day. */
const CACHE_LIMIT = 500;
const drawn = new Map<string, string>();

/** The SVG for a seed: shapes only (no script, style sheet or outside reference). */
export function avatarSvg(seed: string): string {
  if (!SEED_SHAPE.test(seed)) throw new Error(`Not an avatar seed: ${seed}`);
  const cached = drawn.get(seed);
  if (cached) return cached;
  const svg = createAvatar(identicon, { seed, size: 64 }).toString();
  if (drawn.size >= CACHE_LIMIT) drawn.delete(drawn.keys().next().value!);
  drawn.set(seed, svg);
  return svg;
}
