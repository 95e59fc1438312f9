import type express from "express";
import { describe, expect, it } from "vitest";
import { EMPTY_PERSONAL_SCOPE, type PersonalScope } from "../../core/personal-layer";
import { recordChangeNotices } from "../../tests/setup/change-notice-recorder";
import {
  createVisitorLayers,
  forgetVisitorLayersAfterWrites,
  WRITER_SUBJECT_LOCAL,
  type BuiltEnding,
} from "./visitor-layers";

const home: PersonalScope = { ...EMPTY_PERSONAL_SCOPE, courseIds: [1, 2], showsRedemptions: true };
const article: PersonalScope = EMPTY_PERSONAL_SCOPE;

function requestWith(cookie: string | undefined): express.Request {
  return { headers: { cookie } } as unknown as express.Request;
}

/** Cookies name the subject: kk_session=<subject>-<device>. */
function harness(options: { ttlMs?: number; trueUntil?: number } = {}) {
  let clock = 1_000;
  let day = "2026-11-22";
  const builds: string[] = [];
  let version = 0;
  let release: (() => void) | null = null;
  let hold = false;
  const layers = createVisitorLayers({
    build: async (request, scope): Promise<BuiltEnding> => {
      const session = /kk_session=([^;-]+)/.exec(request.headers.cookie ?? "")?.[1] ?? null;
      builds.push(`${session}:${scope.courseIds.join(",")}`);
      const ending = `<ending of ${session} v${version}>`;
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return { ending: session ? ending : null, subject: session, trueUntil: options.trueUntil };
    },
    today: () => day,
    now: () => clock,
    ttlMs: options.ttlMs ?? 60_000,
  });
  return {
    layers,
    builds,
    bumpVersion: () => (version += 1),
    advance: (ms: number) => (clock += ms),
    nextDay: () => (day = "2026-11-23"),
    holdBuilds: () => (hold = true),
    releaseBuild: () => release?.(),
  };
}

describe("createVisitorLayers", () => {
  it("builds a visitor's ending once per scope and answers it from memory after that", async () => {
    const { layers, builds } = harness();
    const phone = requestWith("kk_session=ana-phone");
    expect(await layers.endingFor(phone, home)).toBe("<ending of ana v0>");
    expect(await layers.endingFor(phone, home)).toBe("<ending of ana v0>");
    expect(await layers.endingFor(phone, article)).toBe("<ending of ana v0>");
    expect(builds).toEqual(["ana:1,2", "ana:"]);
  });

  it("never gives one visitor's ending to another: it is kept under the exact cookies", async () => {
    const { layers } = harness();
    expect(await layers.endingFor(requestWith("kk_session=ana-phone"), home)).toContain("ana");
    expect(await layers.endingFor(requestWith("kk_session=budi-phone"), home)).toContain("budi");
    expect(await layers.endingFor(requestWith("kk_session=ana-phone; kk_anon=x"), home)).toContain(
      "ana",
    );
    expect(layers.size()).toBe(3);
  });

  it("keeps nothing for a visitor without cookies or without anything personal", async () => {
    const { layers, builds } = harness();
    expect(await layers.endingFor(requestWith(undefined), home)).toBeNull();
    expect(await layers.endingFor(requestWith("kk_anon=unknown"), home)).toBeNull();
    expect(await layers.endingFor(requestWith("kk_anon=unknown"), home)).toBeNull();
    expect(builds).toHaveLength(2);
    expect(layers.size()).toBe(0);
  });

  it("forgets every device of a subject that wrote, and only that subject", async () => {
    const { layers, builds, bumpVersion } = harness();
    const phone = requestWith("kk_session=ana-phone");
    const laptop = requestWith("kk_session=ana-laptop");
    const other = requestWith("kk_session=budi-phone");
    for (const request of [phone, laptop, other]) await layers.endingFor(request, home);
    bumpVersion();
    layers.forgetSubject("ana");
    expect(await layers.endingFor(laptop, home)).toBe("<ending of ana v1>");
    expect(await layers.endingFor(phone, home)).toBe("<ending of ana v1>");
    expect(await layers.endingFor(other, home)).toBe("<ending of budi v0>");
    expect(builds).toHaveLength(5);
  });

  it("does not keep an ending built while its subject wrote", async () => {
    const { layers, builds, holdBuilds, releaseBuild } = harness();
    const phone = requestWith("kk_session=ana-phone");
    holdBuilds();
    const inFlight = layers.endingFor(phone, home);
    await Promise.resolve();
    layers.forgetSubject("ana");
    releaseBuild();
    await inFlight;
    expect(layers.size()).toBe(0);
    expect(builds).toHaveLength(1);
  });

  it("builds again after the ttl, on a new Jakarta day, and when premium time runs out", async () => {
    const kept = harness({ ttlMs: 60_000 });
    const phone = requestWith("kk_session=ana-phone");
    await kept.layers.endingFor(phone, home);
    kept.advance(59_000);
    await kept.layers.endingFor(phone, home);
    expect(kept.builds).toHaveLength(1);
    kept.advance(1_000);
    await kept.layers.endingFor(phone, home);
    expect(kept.builds).toHaveLength(2);
    kept.nextDay();
    await kept.layers.endingFor(phone, home);
    expect(kept.builds).toHaveLength(3);

    const premium = harness({ trueUntil: 1_000 + 5_000 });
    await premium.layers.endingFor(phone, home);
    premium.advance(5_000);
    await premium.layers.endingFor(phone, home);
    expect(premium.builds).toHaveLength(2);
  });

  it("keeps a visitor's latest 32 pages, forgetting the oldest", async () => {
    const { layers, builds } = harness();
    const phone = requestWith("kk_session=ana-phone");
    const coursePage = (id: number) => ({
      ...EMPTY_PERSONAL_SCOPE,
      courseIds: [id],
      reviewCourseId: id,
    });
    for (let id = 1; id <= 33; id += 1) await layers.endingFor(phone, coursePage(id));
    await layers.endingFor(phone, coursePage(33));
    await layers.endingFor(phone, coursePage(2));
    expect(builds).toHaveLength(33);
    await layers.endingFor(phone, coursePage(1));
    expect(builds).toHaveLength(34);
  });

  it("forgetAll forgets everybody", async () => {
    const { layers } = harness();
    await layers.endingFor(requestWith("kk_session=ana-phone"), home);
    await layers.endingFor(requestWith("kk_session=budi-phone"), home);
    layers.forgetAll();
    expect(layers.size()).toBe(0);
  });
});

describe("forgetVisitorLayersAfterWrites", () => {
  function answer(
    middleware: express.RequestHandler,
    method: string,
    path: string,
    subject: string | null,
  ) {
    let onClose: (() => void) | undefined;
    const response = {
      locals: {} as Record<string, unknown>,
      once: (_event: string, listener: () => void) => (onClose = listener),
    };
    middleware(
      { method, path } as express.Request,
      response as unknown as express.Response,
      () => undefined,
    );
    response.locals[WRITER_SUBJECT_LOCAL] = subject;
    onClose?.();
  }

  it("forgets the writer (here and on other instances) after a write or an opened course, never after a read", async () => {
    const { layers } = harness();
    const { notices, published } = recordChangeNotices();
    const middleware = forgetVisitorLayersAfterWrites(layers, notices);
    await layers.endingFor(requestWith("kk_session=ana-phone"), home);
    answer(middleware, "GET", "/", "ana");
    answer(middleware, "HEAD", "/go/3", "ana");
    expect(layers.size()).toBe(1);
    answer(middleware, "POST", "/favourites", "ana");
    expect(layers.size()).toBe(0);
    answer(middleware, "GET", "/go/3", "budi");
    answer(middleware, "POST", "/api", null);
    expect(published).toEqual([
      { kind: "visitor", subject: "ana" },
      { kind: "visitor", subject: "budi" },
    ]);
  });

  it("forgets every visitor after a sign-in or an operator's write", async () => {
    const { layers } = harness();
    const { notices, published } = recordChangeNotices();
    const middleware = forgetVisitorLayersAfterWrites(layers, notices);
    for (const path of ["/auth/dev", "/admin/users"]) {
      await layers.endingFor(requestWith("kk_session=budi-phone"), home);
      answer(middleware, "POST", path, null);
      expect(layers.size()).toBe(0);
    }
    expect(published).toEqual([{ kind: "visitors" }, { kind: "visitors" }]);
  });

  it("forgets what another instance announces, and everything after a lost connection", async () => {
    const { layers } = harness();
    const { notices, hear } = recordChangeNotices();
    forgetVisitorLayersAfterWrites(layers, notices);
    await layers.endingFor(requestWith("kk_session=ana-phone"), home);
    await layers.endingFor(requestWith("kk_session=budi-phone"), home);
    hear({ kind: "visitor", subject: "ana" });
    expect(layers.size()).toBe(1);
    hear({ kind: "cache", prefix: "catalog:" });
    expect(layers.size()).toBe(1);
    hear({ kind: "cache", prefix: "" });
    expect(layers.size()).toBe(0);
  });
});
