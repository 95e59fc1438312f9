import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express, { type Router } from "express";
import type { CouponRecord } from "../../server/adapters/coupon-feeds/coupon-record";
import { createApiRouter } from "../../server/api/router";
import { signInWithLocalIdentity } from "../../server/domain/accounts/accounts";
import { importCouponRecords } from "../../server/domain/ingest/import-records";
import { rateLimits } from "../../server/db/schema";
import type { Services } from "../../server/services";
import { rejectForeignOrigins } from "../../server/web/origin-check";
import { createTestServices, type TestServices } from "./test-services";

export const PARTNER_ORIGIN = "https://partner.example";

export type ApiAnswer = {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  body: unknown;
  text: string;
  contentType: string;
};

export type RequestOptions = { headers?: Record<string, string> };

export type ApiTestServer = TestServices & {
  baseUrl: string;
  /**
   * A fresh API router with fresh rate-limit windows for the requests that follow (on PostgreSQL
   * the counts live in the database, shared by routers as by instances: they are cleared).
   */
  resetRouter(): Promise<void>;
  /** GET /api?… — a string is sent as the raw query (without the "?"). */
  get(query: Record<string, string> | string, options?: RequestOptions): Promise<ApiAnswer>;
  /** POST /api with a JSON body (a string is sent as the raw body, still as application/json). */
  post(body: unknown, options?: RequestOptions): Promise<ApiAnswer>;
  fetch(path: string, init?: RequestInit): Promise<ApiAnswer>;
  stop(): Promise<void>;
};

/**
 * The API over real HTTP, mounted exactly as server/http-app.ts mounts it (origin check, then
 * the router at /api), on 127.0.0.1 with a random port, over a fresh test database.
 */
export async function startApiTestServer(
  options: { now?: string; env?: Record<string, string>; corsOrigins?: string[] } = {},
): Promise<ApiTestServer> {
  const harness = await createTestServices({ now: options.now, env: options.env });
  const { services } = harness;
  const corsOrigins = options.corsOrigins ?? [PARTNER_ORIGIN];
  // The rate-limit windows follow the test clock, so a test never straddles two of them.
  const now = () => services.clock.now().getTime();
  let router: Router = createApiRouter(services, { corsOrigins, now });
  const app = express();
  app.disable("x-powered-by");
  app.use(rejectForeignOrigins(services.config.publicSiteUrl));
  app.use("/api", (request, response, next) => router(request, response, next));
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function send(path: string, init: RequestInit = {}): Promise<ApiAnswer> {
    const response = await fetch(`${baseUrl}${path}`, init);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return {
      status: response.status,
      headers: response.headers,
      body,
      text,
      contentType: response.headers.get("content-type") ?? "",
    };
  }

  return {
    ...harness,
    baseUrl,
    async resetRouter() {
      if (harness.databaseKind === "postgres") await services.db.delete(rateLimits);
      router = createApiRouter(services, { corsOrigins, now });
    },
    get(query, requestOptions = {}) {
      const search = typeof query === "string" ? query : new URLSearchParams(query).toString();
      return send(`/api?${search}`, { headers: requestOptions.headers });
    },
    post(body, requestOptions = {}) {
      return send("/api", {
        method: "POST",
        headers: { "content-type": "application/json", ...requestOptions.headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    },
    fetch: send,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await harness.close();
    },
  };
}

let sequence = 0;

/** A coupon found the day before the default test clock (2026-11-22), live for a while. */
export function couponRecord(
  overrides: Partial<CouponRecord> & { slug?: string } = {},
): CouponRecord {
  sequence += 1;
  const { slug = `api-course-${sequence}`, ...rest } = overrides;
  const couponCode = rest.couponCode ?? `SECRETCOUPON${sequence}X`;
  return {
    courseUrl: `https://www.udemy.com/course/${slug}/?couponCode=${couponCode}`,
    couponCode,
    title: `Generic Course ${sequence}`,
    category: "Development",
    subCategory: null,
    language: "English",
    level: "All Levels",
    instructor: "Andi Pratama",
    headline: null,
    description: null,
    imageUrl: null,
    durationMinutes: 60,
    udemyRating: 4,
    udemyReviews: 10,
    students: 100,
    usesRemaining: 100,
    expiresAt: new Date("2026-12-20T00:00:00Z"),
    foundAt: new Date("2026-11-21T02:00:00Z"),
    ...rest,
  };
}

export async function seedCourses(services: Services, records: CouponRecord[]): Promise<void> {
  const summary = await importCouponRecords(services, records, "test");
  if (summary.rejected.length > 0 || summary.added !== records.length)
    throw new Error(`seeding failed: ${JSON.stringify(summary)}`);
}

/** Signs a user in through the local identity; returns the id and a Cookie header value. */
export async function signInUser(
  services: Services,
  email: string,
): Promise<{ userId: string; cookie: string; sessionId: string }> {
  const result = await signInWithLocalIdentity(services, { email });
  return {
    userId: result.user.id,
    sessionId: result.sessionId,
    cookie: `kk_session=${encodeURIComponent(result.sessionId)}`,
  };
}

/** A local-issuer ID token (verified by the same code as Google's) for an e-mail. */
export function mintIdToken(services: Services, email: string): Promise<string> {
  return services.identity.local!.mint({ email, now: services.clock.now() });
}

/**
 * Everything an API request could change, as one comparable record: counts and sums over the
 * tables the write actions touch.
 */
export async function snapshotDatabase(services: Services): Promise<Record<string, string>> {
  const result = await services.db.execute(sql`
    select
      (select count(*) from users)::text as users,
      (select coalesce(sum(credit_balance), 0) from users)::text as credit_balance,
      (select coalesce(sum(click_count), 0) from users)::text as click_count,
      (select count(*) from users where is_premium or premium_until is not null)::text as premium,
      (select string_agg(id || ':' || email || ':' || coalesce(name, '') || ':' || is_app_user::text || ':' || coalesce(last_credit_reset_date::text, ''), ',' order by id) from users) as user_rows,
      (select count(*) from sessions)::text as sessions,
      (select count(*) from reviews)::text as reviews,
      (select coalesce(sum(review_count), 0) from courses)::text as course_review_count,
      (select count(*) from redemptions)::text as redemptions,
      (select coalesce(sum(uses), 0) from redeem_codes)::text as redeem_uses,
      (select count(*) from redeem_codes)::text as redeem_codes,
      (select count(*) from favourites)::text as favourites,
      (select count(*) from visits)::text as visits,
      (select coalesce(max(visited_at)::text, '') from visits) as last_visit,
      (select count(*) from daily_counters)::text as counter_rows,
      (select coalesce(sum(credits_used + reviews + favourites_added), 0) from daily_counters)::text as counters,
      (select count(*) from redeem_failures)::text as redeem_failures,
      (select count(*) from articles)::text as articles,
      (select count(*) from courses)::text as courses
  `);
  return (result as unknown as { rows: Array<Record<string, string>> }).rows[0]!;
}
