import { stat } from "node:fs/promises";
import path from "node:path";
import type { Services } from "../../services";

/** Where the companion Android app can be downloaded from. */

export const BUNDLED_APK_PATH = "/downloads/kursusku.apk";

export type ApkDownload = {
  href: string;
  source: "config" | "bundled";
  /** Size of the bundled file; unknown for an external URL. */
  sizeBytes: number | null;
};

/** Where the bundled APK may sit: the source public/ folder (dev) or the built client (prod). */
const BUNDLED_APK_LOCATIONS = ["public", "build/client"].map((dir) =>
  path.join(dir, ...BUNDLED_APK_PATH.split("/").filter(Boolean)),
);

/**
 * The APK to offer: APK_URL when configured, else the bundled file when it exists, else null
 * (the page then says the app is not available rather than showing a broken button).
 */
export async function findApkDownload(
  services: Services,
  options: { rootDir?: string } = {},
): Promise<ApkDownload | null> {
  const configured = services.config.site.apkUrl;
  if (configured) return { href: configured, source: "config", sizeBytes: null };
  const rootDir = options.rootDir ?? process.cwd();
  for (const location of BUNDLED_APK_LOCATIONS) {
    try {
      const info = await stat(path.join(rootDir, location));
      if (info.isFile() && info.size > 0) {
        return { href: BUNDLED_APK_PATH, source: "bundled", sizeBytes: info.size };
      }
    } catch {
      // Not there: try the next location.
    }
  }
  return null;
}
