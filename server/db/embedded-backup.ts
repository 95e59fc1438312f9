import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, readdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { extract, pack } from "tar-stream";

/**
 * A backup of an installation on the embedded database, as one tar file an operator can list
 * with `tar tf`:
 *   manifest.json     what it holds and when it was made
 *   database.tar.gz   PGlite's own dump of its data directory (taken between two queries, after
 *                     a checkpoint: a consistent image that PostgreSQL's recovery opens cleanly)
 *   session-secret    the generated key of the visitor cookies, when there is one
 *   uploads/<key>     every uploaded image
 * Restoring writes them back into an empty DATA_DIR; the next start applies newer migrations.
 */
export const BACKUP_FORMAT = "kursusku-backup";
const BACKUP_VERSION = 1;
const DATABASE_ENTRY = "database.tar.gz";
const SECRET_ENTRY = "session-secret";
const UPLOADS_PREFIX = "uploads/";
/** The image store's key rule: nothing in a backup can write outside the uploads directory. */
const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,120}$/;

export type BackupSource = {
  /** The dump of the running database (services.embeddedDump). */
  dumpDatabase(): Promise<Blob>;
  dataDir: string;
  uploadsDir: string;
  now: Date;
};

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  uploads: number;
  sessionSecret: boolean;
};

export async function writeBackup(source: BackupSource, output: Writable): Promise<BackupManifest> {
  const database = Buffer.from(await (await source.dumpDatabase()).arrayBuffer());
  const uploads = existsSync(source.uploadsDir)
    ? (await readdir(source.uploadsDir)).filter((name) => SAFE_KEY.test(name)).sort()
    : [];
  const secretFile = path.join(source.dataDir, "session-secret");
  const secret = existsSync(secretFile) ? await readFile(secretFile) : null;
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: source.now.toISOString(),
    uploads: uploads.length,
    sessionSecret: secret !== null,
  };
  const archive = pack();
  const written = pipeline(archive, output);
  const add = (name: string, bytes: Buffer) =>
    new Promise<void>((resolve, reject) =>
      archive.entry({ name, size: bytes.length, mtime: source.now }, bytes, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  await add("manifest.json", Buffer.from(JSON.stringify(manifest, null, 2)));
  await add(DATABASE_ENTRY, database);
  if (secret) await add(SECRET_ENTRY, secret);
  for (const key of uploads)
    await add(`${UPLOADS_PREFIX}${key}`, await readFile(path.join(source.uploadsDir, key)));
  archive.finalize();
  await written;
  return manifest;
}

export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

export type RestoreSummary = BackupManifest & { courses: number; users: number };

/**
 * Brings a backup back into an empty DATA_DIR (and its uploads directory). Refuses a data
 * directory that already holds a database, and a file that is not a backup, before writing.
 */
export async function restoreBackup(
  input: Readable,
  target: { dataDir: string; uploadsDir: string },
): Promise<RestoreSummary> {
  const databaseDir = path.join(target.dataDir, "db");
  if (existsSync(databaseDir) && readdirSync(databaseDir).length > 0)
    throw new RestoreRefused(
      `${databaseDir} already holds a database: restore into an empty DATA_DIR (move it away first).`,
    );
  const entries = new Map<string, Buffer>();
  for await (const entry of input.pipe(extract())) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    if (entry.header.type === "file") entries.set(entry.header.name, Buffer.concat(chunks));
  }
  const manifestBytes = entries.get("manifest.json");
  const manifest = manifestBytes ? (JSON.parse(manifestBytes.toString()) as BackupManifest) : null;
  const database = entries.get(DATABASE_ENTRY);
  if (manifest?.format !== BACKUP_FORMAT || !database)
    throw new RestoreRefused("This file is not a Kursusku backup (no manifest or no database).");
  if (manifest.version > BACKUP_VERSION)
    throw new RestoreRefused(
      `This backup has format version ${manifest.version}; this Kursusku reads up to ${BACKUP_VERSION}.`,
    );

  await mkdir(target.dataDir, { recursive: true });
  // Loaded into a directory beside the target, renamed into place once it opened: a failed
  // restore leaves no half-written database behind.
  const loading = `${databaseDir}.restoring-${process.pid}`;
  const client = await PGlite.create(loading, {
    loadDataDir: new Blob([new Uint8Array(database)]),
    extensions: { pg_trgm },
  });
  let counts: { courses: number; users: number };
  try {
    const result = await client.query<{ courses: number; users: number }>(
      "select (select count(*) from courses)::int as courses, (select count(*) from users)::int as users",
    );
    counts = result.rows[0]!;
  } finally {
    await client.close();
  }
  await rename(loading, databaseDir);

  const secret = entries.get(SECRET_ENTRY);
  const secretFile = path.join(target.dataDir, "session-secret");
  if (secret && !existsSync(secretFile)) await writeFile(secretFile, secret, { mode: 0o600 });
  await mkdir(target.uploadsDir, { recursive: true });
  let uploads = 0;
  for (const [name, bytes] of entries) {
    if (!name.startsWith(UPLOADS_PREFIX)) continue;
    const key = name.slice(UPLOADS_PREFIX.length);
    if (!SAFE_KEY.test(key)) continue;
    await writeFile(path.join(target.uploadsDir, key), bytes);
    uploads += 1;
  }
  return { ...manifest, uploads, ...counts };
}
