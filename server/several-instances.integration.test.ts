import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, like, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponRecord, seedCourses } from "../tests/setup/api-test-server";
import { eventually, startTwoInstances, type TwoInstances } from "../tests/setup/two-instances";
import { createFixtureFeeds } from "./adapters/coupon-feeds/fake-feeds";
import { tryAdvisoryLock } from "./db/advisory-lock";
import { claimScheduledTick } from "./db/job-claims";
import { courses, ingestRuns, jobClaims, users, visits } from "./db/schema";
import { findSessionUser, signInWithLocalIdentity, signOut } from "./domain/accounts/accounts";
import { openCourse } from "./domain/accounts/credits";
import { OutOfCredits } from "./domain/common/errors";
import { setFavourite } from "./domain/catalog/favourites";
import { toIngestServices } from "./domain/ingest/ingest-services";
import { startIngestScheduler } from "./scheduler";
import type { Services } from "./services";
import type { SharedPages } from "./web/shared-pages";
import { announceWritesToOtherInstances } from "./web/writes-across-instances";
import {
  createVisitorLayers,
  forgetVisitorLayersAfterWrites,
  WRITER_SUBJECT_LOCAL,
  type VisitorLayers,
} from "./web/visitor-layers";
import { EMPTY_PERSONAL_SCOPE } from "../core/personal-layer";

/**
 * What several instances behind a load balancer share, proven with two instances (own pools,
 * own memory) on one PostgreSQL database: sessions, credits and daily counters, the scheduler's
 * ticks, and the forgetting of shared pages after a write on either one.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let pair: TwoInstances;
let courseIds: number[];

beforeAll(async () => {
  if (!onPostgres) return;
  pair = (await startTwoInstances())!;
  await seedCourses(
    pair.a,
    Array.from({ length: 40 }, (_, index) => couponRecord({ slug: `instances-${index}` })),
  );
  const rows = await pair.a.db
    .select({ id: courses.id })
    .from(courses)
    .where(like(courses.slug, "instances-%"));
  courseIds = rows.map((row) => row.id);
});
afterAll(async () => {
  await pair?.close();
});

/** Alternates between the two instances, as round-robin balancing does. */
const either = (index: number): Services => (index % 2 === 0 ? pair.a : pair.b);

describe.runIf(onPostgres)("two instances on one PostgreSQL database", () => {
  it("a session made on one instance signs in on the other; signing out on either ends it", async () => {
    const { sessionId, user } = await signInWithLocalIdentity(pair.a, {
      email: "both@example.com",
    });
    expect((await findSessionUser(pair.b, sessionId))?.id).toBe(user.id);
    await signOut(pair.b, sessionId);
    expect(await findSessionUser(pair.a, sessionId)).toBeNull();
  });

  it("credits spent through both instances at once add up: ten credits open ten courses", async () => {
    const { user, sessionId } = await signInWithLocalIdentity(pair.a, {
      email: "credits@example.com",
    });
    // The day's top-up (to 10), on the other instance.
    expect((await findSessionUser(pair.b, sessionId))?.creditBalance).toBe(10);
    const opens = await Promise.allSettled(
      courseIds
        .slice(0, 14)
        .map((id, index) => openCourse(either(index), { kind: "user", userId: user.id }, id)),
    );
    const spent = opens.filter((open) => open.status === "fulfilled");
    const refused = opens.filter(
      (open) => open.status === "rejected" && open.reason instanceof OutOfCredits,
    );
    expect(spent).toHaveLength(10);
    expect(refused).toHaveLength(4);
    const [row] = await pair.b.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ creditBalance: 0, clickCount: 10 });
    expect(await pair.a.db.$count(visits, eq(visits.subject, user.id))).toBe(10);
  });

  it("the daily favourite cap holds for adds spread over both instances", async () => {
    const { user } = await signInWithLocalIdentity(pair.b, { email: "hearts@example.com" });
    const adds = await Promise.allSettled(
      courseIds.map((id, index) => setFavourite(either(index), user.id, id, true)),
    );
    expect(courseIds).toHaveLength(40);
    expect(adds.filter((add) => add.status === "fulfilled")).toHaveLength(30);
  });

  it("a write answered by one instance makes the other forget its shared pages", async () => {
    const forgotten = { a: 0, b: 0 };
    const servers: Server[] = [];
    const urls: string[] = [];
    for (const name of ["a", "b"] as const) {
      const pages: SharedPages = {
        middleware: (_request, _response, next) => next(),
        forgetAll: () => (forgotten[name] += 1),
        onForgetAll: () => undefined,
      };
      const app = express();
      app.use(announceWritesToOtherInstances(pair[name].changes, pages));
      app.use((_request, response) => response.send("ok"));
      const server = createServer(app);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      servers.push(server);
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
    try {
      await fetch(`${urls[0]}/reviews`, { method: "POST" });
      await eventually(() => forgotten.b === 1);
      // A read writes nothing, and a heart changes only its writer's layer: nobody forgets.
      await fetch(`${urls[1]}/`);
      await fetch(`${urls[1]}/favourites`, { method: "POST" });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(forgotten).toEqual({ a: 0, b: 1 });
    } finally {
      for (const server of servers) server.close();
    }
  });

  it("a heart answered by one instance makes the other forget that visitor's kept layer, only theirs", async () => {
    const servers: Server[] = [];
    const urls: string[] = [];
    const kept: Record<"a" | "b", VisitorLayers> = {} as Record<"a" | "b", VisitorLayers>;
    for (const name of ["a", "b"] as const) {
      kept[name] = createVisitorLayers({
        load: async (request) => {
          const subject = /kk_session=([^;]+)/.exec(request.headers.cookie ?? "")?.[1] ?? null;
          return subject === null ? null : { subject, facts: subject };
        },
        endingOf: async (subject) => `<${subject}>`,
        today: () => pair.clock.today(),
        ttlMs: 60_000,
      });
      const app = express();
      app.use(forgetVisitorLayersAfterWrites([kept[name]], pair[name].changes));
      app.use((request, response) => {
        response.locals[WRITER_SUBJECT_LOCAL] = request.get("x-subject");
        response.send("ok");
      });
      const server = createServer(app);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      servers.push(server);
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
    const visit = (cookie: string) =>
      kept.b.endingFor({ headers: { cookie } } as express.Request, EMPTY_PERSONAL_SCOPE);
    try {
      await visit("kk_session=ana");
      await visit("kk_session=budi");
      expect(kept.b.size()).toBe(2);
      await fetch(`${urls[0]}/favourites`, { method: "POST", headers: { "x-subject": "ana" } });
      await eventually(() => kept.b.size() === 1);
      // A read writes nothing: budi's layer stays kept on the other instance.
      await fetch(`${urls[0]}/`, { headers: { "x-subject": "budi" } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(kept.b.size()).toBe(1);
    } finally {
      for (const server of servers) server.close();
    }
  });

  it("the scheduler runs each tick once across both instances", async () => {
    let loads = 0;
    const feeds = createFixtureFeeds([
      {
        name: "quick",
        answer: async () => {
          loads += 1;
          return { records: [], rejected: [] };
        },
      },
    ]);
    const schedule = { cron: "* * * * * *", timezone: "UTC" };
    const schedulers = [pair.a, pair.b].map((services) =>
      startIngestScheduler(toIngestServices(services, { feeds }), schedule),
    );
    await eventually(async () => (await pair.a.db.$count(jobClaims)) >= 4, 15_000);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    const claims = await pair.b.db.select().from(jobClaims);
    const runs = await pair.a.db.select().from(ingestRuns).where(eq(ingestRuns.source, "all"));
    // Claims name the second the schedule named; a tick ran at most once (a claimed tick is
    // skipped only while another run still holds the lock, or when the scheduler stopped first).
    expect(claims.every((claim) => claim.slot.getMilliseconds() === 0)).toBe(true);
    expect(loads).toBeGreaterThanOrEqual(1);
    expect(loads).toBeLessThanOrEqual(runs.length); // a run stopped early may not have loaded
    expect(runs.length).toBeLessThanOrEqual(claims.length);

    // A tick run by one instance is not run again by a late one, even after it finished.
    expect(await claimScheduledTick(pair.b.db, "ingest", claims[0]!.slot)).toBe(false);
  });

  it("survives PostgreSQL cutting a connection that is lent out (a job's lock), and carries on", async () => {
    const lock = (await tryAdvisoryLock(pair.a.db, 0x4b4b5445))!;
    expect(lock).not.toBeNull();
    // What a PostgreSQL restart does to every session, here to the lock's alone.
    await pair.b.db.execute(
      sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and objid = ${0x4b4b5445}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    // No unhandled 'error' event took the process down; the lock went with its session.
    await lock.release();
    const again = await tryAdvisoryLock(pair.b.db, 0x4b4b5445);
    expect(again).not.toBeNull();
    await again!.release();
    expect(await pair.a.db.$count(users)).toBeGreaterThan(0);
  });
});
