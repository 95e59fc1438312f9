import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInUser } from "../../tests/setup/api-test-server";
import { startWebTestServer, type WebTestServer } from "../../tests/setup/web-test-server";

let site: WebTestServer;
let sessionCookie: string;

beforeAll(async () => {
  site = await startWebTestServer();
  sessionCookie = (await signInUser(site.services, "fuzzer@example.com")).cookie;
}, 120_000);
afterAll(async () => site?.stop());

const TABLES = [
  "users",
  "sessions",
  "courses",
  "visits",
  "favourites",
  "reviews",
  "daily_counters",
  "redeem_codes",
  "redemptions",
  "articles",
  "audit_log",
  "ingest_runs",
];

async function tableCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const result = (await site.services.db.execute(
      sql.raw(`select count(*)::int as n from ${table}`),
    )) as unknown as { rows: Array<{ n: number }> };
    counts[table] = result.rows[0]!.n;
  }
  return counts;
}

const PATHS = [
  "/favourites",
  "/reviews",
  "/redeem",
  "/auth/dev",
  "/auth/signout",
  "/auth/app-bonus",
  "/articles/new",
  "/admin",
  "/admin/ingest",
  "/admin/codes",
  "/admin/articles",
  "/admin/users",
  "/reviews.data",
];
const FIELDS = [
  "courseId",
  "favourite",
  "rating",
  "text",
  "code",
  "email",
  "name",
  "title",
  "content",
  "author",
  "intent",
  "redirectTo",
];
const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data",
  "application/json",
  "text/plain",
  "",
];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("\u0000", "-1", "1e309", "0", "999999999999", "true", "%00"),
);
const formFields = fc.dictionary(fc.constantFrom(...FIELDS), text, { maxKeys: 5 });
const rawBody = fc.oneof(
  formFields.map((fields) => new URLSearchParams(fields).toString()),
  fc.string({ maxLength: 200 }),
  fc.constant('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--xyz--'),
);

describe("every form route, fuzzed", () => {
  it("never answers 5xx, and without a session changes no row", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.constantFrom(...CONTENT_TYPES),
        rawBody,
        fc.boolean(),
        async (path, contentType, body, signedIn) => {
          const before = signedIn ? null : await tableCounts();
          const headers: Record<string, string> = { origin: site.baseUrl };
          if (contentType) headers["content-type"] = contentType;
          if (signedIn) headers.cookie = sessionCookie;
          const response = await fetch(`${site.baseUrl}${path}`, {
            method: "POST",
            headers,
            body,
            redirect: "manual",
          });
          await response.arrayBuffer();
          expect(response.status, `${path} ${contentType} ${JSON.stringify(body)}`).toBeLessThan(
            500,
          );
          const signedInNow = (response.headers.get("set-cookie") ?? "").includes("kk_session=");
          if (before && !signedInNow) expect(await tableCounts()).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it("route parameters and queries never answer 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/go/",
          "/admin?section=",
          "/admin?section=users&email=",
          "/admin/",
          "/admin/users?email=",
          "/articles/",
          "/article?id=",
          "/uploads/",
        ),
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.constantFrom("%00", "-1", "1e400", "%E0%A4%A", "..%2F..", "999999999999999999999"),
        ),
        fc.boolean(),
        async (prefix, value, signedIn) => {
          const before = await tableCounts();
          const response = await fetch(`${site.baseUrl}${prefix}${encodeURI(value)}`, {
            headers: signedIn ? { cookie: sessionCookie } : {},
            redirect: "manual",
          });
          await response.arrayBuffer();
          expect(response.status, `${prefix}${value}`).toBeLessThan(500);
          if (!signedIn && prefix !== "/go/") expect(await tableCounts()).toEqual(before);
        },
      ),
      { numRuns: 100 },
    );
  }, 120_000);
});
