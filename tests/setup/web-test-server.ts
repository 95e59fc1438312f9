import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { courses } from "../../server/db/schema";
import { createHttpApp } from "../../server/http-app";
import { couponRecord, seedCourses } from "./api-test-server";
import { createTestServices, type TestServices } from "./test-services";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const buildFile = path.join(projectRoot, "build/server/index.js");

export type WebTestServer = TestServices & {
  baseUrl: string;
  stop(): Promise<void>;
};

/**
 * The whole site (createHttpApp with the built React Router app: pages, form routes, /api) over
 * a fresh test database, on 127.0.0.1 with a random port. The app is built first when app/ has
 * changed since the last build (about 20 s).
 */
export async function startWebTestServer(
  options: { now?: string; env?: Record<string, string> } = {},
): Promise<WebTestServer> {
  buildAppIfStale();
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const harness = await createTestServices({ now: options.now, env: options.env });
  const app = createHttpApp({
    services: harness.services,
    build: async () => build,
    clientDir: path.join(projectRoot, "build/client"),
  });
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    ...harness,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await harness.close();
    },
  };
}

/** Builds the app when app/ changed since the last build (about 20 s), for tests that run the server. */
export function buildAppIfStale(): void {
  const built = modifiedAt(buildFile);
  if (built !== null && newestIn(path.join(projectRoot, "app")) < built) return;
  execFileSync("npx", ["react-router", "build"], { cwd: projectRoot, stdio: "ignore" });
}

function modifiedAt(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function newestIn(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** A desktop Chrome's user agent: a person, where the site tells crawlers apart. */
export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * A click on View Course on the site at `baseUrl`: a same-origin navigation to /go/:id whose
 * redirect (the coupon, or a page) is not followed.
 */
export function clickViewCourse(baseUrl: string, courseId: number | string, cookie?: string) {
  return fetch(`${baseUrl}/go/${courseId}`, {
    redirect: "manual",
    headers: {
      "user-agent": BROWSER_UA,
      "sec-fetch-dest": "document",
      "sec-fetch-mode": "navigate",
      "sec-fetch-site": "same-origin",
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** The whole site with a listed course for each slug, and the courses' ids (in id order). */
export async function startWebTestServerWithCourses(
  slugs: string[],
): Promise<{ site: WebTestServer; courseIds: number[] }> {
  const site = await startWebTestServer();
  await seedCourses(
    site.services,
    slugs.map((slug) => couponRecord({ slug })),
  );
  const rows = await site.services.db.select({ id: courses.id }).from(courses).orderBy(courses.id);
  return { site, courseIds: rows.map((row) => row.id) };
}
