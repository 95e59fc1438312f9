import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "../../config";
import type { ImageStore } from "./image-store";

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]{0,120}$/;

/**
 * Uploads in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Garage…), shared by
 * every instance: an image uploaded through one is served by all. Keys are ours (never user
 * input), under S3_PREFIX. Checksums are sent only where S3 requires them: the SDK's newer
 * default (a streamed, trailing CRC) is one that several S3-compatible stores cannot read.
 */
export function createS3ImageStore(settings: S3Settings, client?: S3Client): ImageStore {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  const objectKey = (key: string) => `${settings.prefix}${key}`;
  return {
    async put(key, bytes, contentType) {
      if (!SAFE_KEY.test(key)) throw new Error(`unsafe image key "${key}"`);
      await s3.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      if (!SAFE_KEY.test(key)) return null;
      try {
        const object = await s3.send(
          new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
        );
        if (!object.Body) return null;
        return {
          bytes: await object.Body.transformToByteArray(),
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        // NoSuchKey on S3; some compatible stores answer a bare 404.
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        if (error instanceof NoSuchKey || status === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!SAFE_KEY.test(key)) return;
      // S3 answers a deleted or missing key alike (204): deleting twice is not an error.
      await s3.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
    describe: () =>
      `S3 bucket ${settings.bucket}${settings.prefix ? `/${settings.prefix}` : ""}` +
      (settings.endpoint ? ` at ${settings.endpoint}` : ` in ${settings.region}`),
  };
}
