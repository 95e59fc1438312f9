import { createWriteStream, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { writeBackup } from "../server/db/embedded-backup";
import { openCliTarget, postToServer, readEmbeddedFileCommand } from "./cli-database";

/**
 * `npm run backup -- <file>`: a consistent backup of the embedded database, its uploads and its
 * generated cookie key, in one tar file (server/db/embedded-backup.ts). While the server runs it
 * makes the backup (the database is its alone) and streams it here; otherwise this opens the
 * data directory itself. The file appears complete or not at all. On PostgreSQL: use pg_dump.
 */
const usage = "Usage: npm run backup -- <file>";

async function main() {
  const { file, config } = readEmbeddedFileCommand(
    usage,
    "DATABASE_URL is set: back PostgreSQL up with pg_dump (and the uploads with it).",
  );
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  try {
    const cli = await openCliTarget(config);
    if (cli.kind === "server") {
      const response = await postToServer(cli.owner, "backup", {});
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
        throw new Error(body.error?.message ?? `the server answered ${response.status}`);
      }
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        createWriteStream(partial),
      );
    } else {
      try {
        await writeBackup(
          {
            dumpDatabase: cli.services.embeddedDump!,
            dataDir: config.dataDir,
            uploadsDir: config.uploadsDir,
            now: new Date(),
          },
          createWriteStream(partial),
        );
      } finally {
        await cli.close();
      }
    }
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  console.log(`Backup written to ${target}. Restore it with: npm run restore -- ${file}`);
}

main().catch((error: unknown) => {
  console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
