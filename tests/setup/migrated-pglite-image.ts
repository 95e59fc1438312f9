import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../server/db/client";

const migrationsFolder = fileURLToPath(new URL("../../server/db/migrations", import.meta.url));

/**
 * An image of a PGlite database with every migration applied, made once per machine and set of
 * migrations and kept in the temporary directory. Starting an empty PGlite cluster and migrating
 * it costs about 10 s of a busy CI machine's CPU; loading this image costs about a third of that,
 * and the integration suite opens a database for nearly every file. Keyed by the migrations'
 * contents, so a new migration makes a new image; the schema a test sees is always the
 * migrations' own (the image is what `migrate()` wrote, and `migrate()` runs again on it).
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const file = path.join(tmpdir(), `kursusku-pglite-${migrationsDigest()}.tar.gz`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return new Blob([new Uint8Array(kept)], { type: "application/x-gzip" });
  const template = await openDatabase({ pgliteDir: "memory://" });
  try {
    await template.migrate();
    const image = await template.dumpDataDir!();
    // Written beside and renamed: two test workers making it at once never read half a file.
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, new Uint8Array(await image.arrayBuffer()));
    await rename(partial, file);
    return image;
  } finally {
    await template.close();
  }
}

let digest: string | undefined;

/** The migrations' contents, hashed once per process (every test database asks for it). */
function migrationsDigest(): string {
  if (digest) return digest;
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  digest = hash.digest("hex").slice(0, 16);
  return digest;
}
