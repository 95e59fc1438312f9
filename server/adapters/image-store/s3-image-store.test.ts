import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Settings } from "../../config";
import { createS3ImageStore } from "./s3-image-store";

/**
 * The S3 adapter against a real S3-compatible server started here (s3rver from npm, on
 * 127.0.0.1, storing in a temp dir), through the AWS SDK as in production. s3rver checks the
 * access key but not SigV4 signatures themselves: those are the SDK's own, tested by AWS.
 */
const BUCKET = "kursusku-test";
let directory: string;
let server: S3rver;
let settings: S3Settings;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "kursusku-s3-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  settings = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    // s3rver's own key pair: another access key is refused.
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
    prefix: "uploads/",
  };
});
afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

const bytes = new Uint8Array(Buffer.from("RIFF....WEBPVP8 a tiny stand-in for an image"));

describe("createS3ImageStore", () => {
  it("stores an image under the prefix and reads it back, on every instance", async () => {
    const one = createS3ImageStore(settings);
    const other = createS3ImageStore(settings);
    await one.put("article-1-cover.webp", bytes, "image/webp");
    const read = await other.get("article-1-cover.webp");
    expect(read?.contentType).toBe("image/webp");
    expect(Buffer.from(read!.bytes).equals(Buffer.from(bytes))).toBe(true);

    const client = new S3Client({ ...settings, requestChecksumCalculation: "WHEN_REQUIRED" });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    expect(listed.Contents?.map((object) => object.Key)).toContain("uploads/article-1-cover.webp");
  });

  it("answers null for an image that is not there, and refuses keys that are not ours", async () => {
    const store = createS3ImageStore(settings);
    expect(await store.get("missing.webp")).toBeNull();
    expect(await store.get("../secret")).toBeNull();
    await expect(store.put("../escape.webp", bytes, "image/webp")).rejects.toThrow(/unsafe/);
  });

  it("deletes an image on every instance; deleting it again is no error", async () => {
    const one = createS3ImageStore(settings);
    const other = createS3ImageStore(settings);
    await one.put("course-0123-240.webp", bytes, "image/webp");
    await other.delete("course-0123-240.webp");
    expect(await one.get("course-0123-240.webp")).toBeNull();
    await other.delete("course-0123-240.webp");
  });

  it("fails loudly when the store refuses the credentials", async () => {
    const store = createS3ImageStore({
      ...settings,
      credentials: { accessKeyId: "SOMEONE-ELSE", secretAccessKey: "S3RVER" },
    });
    await expect(store.put("refused.webp", bytes, "image/webp")).rejects.toThrow(/Access Key Id/);
  });

  it("describes where uploads go", () => {
    expect(createS3ImageStore(settings).describe()).toBe(
      `S3 bucket ${BUCKET}/uploads/ at ${settings.endpoint}`,
    );
  });
});
