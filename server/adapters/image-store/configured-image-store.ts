import type { Config } from "../../config";
import { createLocalImageStore, type ImageStore } from "./image-store";
import { createS3ImageStore } from "./s3-image-store";

/** The store the configuration names: the S3-compatible bucket of S3_*, else UPLOADS_DIR. */
export function createConfiguredImageStore(config: Config): ImageStore {
  return config.s3 ? createS3ImageStore(config.s3) : createLocalImageStore(config.uploadsDir);
}
