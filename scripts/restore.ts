import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import { readDataDirOwner } from "../server/data-dir-lock";
import { restoreBackup, RestoreRefused } from "../server/db/embedded-backup";
import { readEmbeddedFileCommand } from "./cli-database";

/**
 * `npm run restore -- <file>`: brings a backup of `npm run backup` back into an empty DATA_DIR
 * (the database, the uploads, the cookie key). Refuses while a server or a command owns the data
 * directory, and when it already holds a database. Start the server afterwards as usual.
 */
const usage = "Usage: npm run restore -- <file>   (into an empty DATA_DIR)";

async function main() {
  const { file, config } = readEmbeddedFileCommand(
    usage,
    "DATABASE_URL is set: a backup restores the embedded database; unset it, or use db:move afterwards.",
  );
  if (!existsSync(file)) {
    console.error(`No such file: ${file}`);
    process.exit(2);
  }
  const owner = readDataDirOwner(config.dataDir);
  if (owner) {
    console.error(`A ${owner.role} (pid ${owner.pid}) is using ${config.dataDir}: stop it first.`);
    process.exit(1);
  }
  try {
    const restored = await restoreBackup(createReadStream(file), {
      dataDir: config.dataDir,
      uploadsDir: config.uploadsDir,
    });
    console.log(
      `Restored the backup of ${restored.createdAt} into ${path.join(config.dataDir, "db")}: ` +
        `${restored.courses} courses, ${restored.users} users, ${restored.uploads} uploads` +
        `${restored.sessionSecret ? ", the cookie key" : ""}. Start the server as usual.`,
    );
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
