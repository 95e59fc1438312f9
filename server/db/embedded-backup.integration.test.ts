import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponRecord, seedCourses } from "../../tests/setup/api-test-server";
import { parseConfig, type Config } from "../config";
import { signInWithLocalIdentity } from "../domain/accounts/accounts";
import { createOpsRouter, OPS_TOKEN_HEADER } from "../ops-endpoint";
import { createServices, type ServicesHandle } from "../services";
import { restoreBackup, RestoreRefused } from "./embedded-backup";
import { sessions } from "./schema";

/**
 * `npm run backup` while the server runs (through its operations endpoint) and `npm run restore`
 * into an empty data directory: everything committed before the backup comes back, with the
 * uploads and the cookie key, while writes went on during the backup.
 */
let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "kursusku-backup-"));
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

const configFor = (dataDir: string): Config =>
  parseConfig({ NODE_ENV: "test", SEED: "none", DATA_DIR: dataDir });

async function serveOps(handle: ServicesHandle): Promise<{ server: Server; base: string }> {
  const app = express();
  app.use(
    "/internal/ops",
    createOpsRouter(handle.services, () => "backup-test-token"),
  );
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("backup and restore of the embedded database", () => {
  it("backs up through the running server while writes go on, and restores into an empty DATA_DIR", async () => {
    const original = configFor(path.join(scratch, "original"));
    const handle = await createServices(original, pino({ level: "silent" }));
    const { services } = handle;
    await seedCourses(services, [
      couponRecord({ slug: "backup-1" }),
      couponRecord({ slug: "backup-2" }),
    ]);
    const cover = Buffer.from("RIFF-not-really-webp-but-bytes-are-bytes");
    await services.images.put("cover-1.webp", cover, "image/webp");

    // Sign-ins keep writing sessions during the backup.
    let writing = true;
    let signIns = 0;
    const writer = (async () => {
      while (writing) {
        await signInWithLocalIdentity(services, { email: `writer-${signIns}@example.com` });
        signIns += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const committedBefore = signIns;

    const { server, base } = await serveOps(handle);
    const file = path.join(scratch, "kursusku.backup");
    try {
      const response = await fetch(`${base}/internal/ops/backup`, {
        method: "POST",
        headers: { [OPS_TOKEN_HEADER]: "backup-test-token" },
      });
      expect(response.status).toBe(200);
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        createWriteStream(file),
      );
    } finally {
      writing = false;
      await writer;
      server.close();
      await handle.close();
    }
    expect(signIns).toBeGreaterThan(committedBefore);

    const restoredDir = path.join(scratch, "restored");
    const restored = configFor(restoredDir);
    const summary = await restoreBackup(createReadStream(file), {
      dataDir: restored.dataDir,
      uploadsDir: restored.uploadsDir,
    });
    expect(summary).toMatchObject({ courses: 2, uploads: 1, sessionSecret: true });
    expect(summary.users).toBeGreaterThanOrEqual(committedBefore);
    expect(readFileSync(path.join(restoredDir, "session-secret"), "utf8")).toBe(
      readFileSync(path.join(original.dataDir, "session-secret"), "utf8"),
    );

    const reopened = await createServices(restored, pino({ level: "silent" }));
    try {
      expect(await reopened.services.db.$count(sessions)).toBeGreaterThanOrEqual(committedBefore);
      const image = await reopened.services.images.get("cover-1.webp");
      expect(Buffer.from(image!.bytes).equals(cover)).toBe(true);
    } finally {
      await reopened.close();
    }

    // Never over an existing database, and never from a file that is not a backup.
    await expect(
      restoreBackup(createReadStream(file), {
        dataDir: restored.dataDir,
        uploadsDir: restored.uploadsDir,
      }),
    ).rejects.toBeInstanceOf(RestoreRefused);
    const notABackup = path.join(scratch, "not-a-backup.tar");
    writeFileSync(notABackup, Buffer.alloc(1024));
    await expect(
      restoreBackup(createReadStream(notABackup), {
        dataDir: path.join(scratch, "other"),
        uploadsDir: path.join(scratch, "other", "uploads"),
      }),
    ).rejects.toBeInstanceOf(RestoreRefused);
  }, 120_000);
});
