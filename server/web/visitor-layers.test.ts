import type express from "express";
import { describe, expect, it } from "vitest";
import { EMPTY_PERSONAL_SCOPE, type PersonalScope } from "../../core/personal-layer";
import { recordChangeNotices } from "../../tests/setup/change-notice-recorder";
import {
  createVisitorLayers,
  forgetVisitorLayersAfterWrites,
  WRITER_SUBJECT_LOCAL,
} from "./visitor-layers";

const home: PersonalScope = { ...EMPTY_PERSONAL_SCOPE, courseIds: [1, 2], showsRedemptions: true };
const article: PersonalScope = EMPTY_PERSONAL_SCOPE;

function requestWith(cookie: string | undefined): express.Request {
  return { headers: { cookie } } as unknown as express.Request;
}

/** Cookies name the subject: kk_session=<subject>-<device>. A visitor's facts are "<subject> v<n>". */
function harness(options: { ttlMs?: number; trueUntil?: number } = {}) {
  let clock = 1_000;
  let day = "2026-11-22";
  const loads: string[] = [];
  const cuts: string[] = [];
  let version = 0;
  let release: (() => void) | null = null;
  let hold: "loads" | "cuts" | null = null;
  const held = async (step: "loads" | "cuts") => {
    if (hold === step) await new Promise<void>((resolve) => (release = resolve));
  };
  const layers = createVisitorLayers({
    load: async (request) => {
      const session = /kk_session=([^;-]+)/.exec(request.headers.cookie ?? "")?.[1] ?? null;
      loads.push(`${session}`);
      const facts = `${session} v${version}`;
      await held("loads");
      return session ? { subject: session, facts, trueUntil: options.trueUntil } : null;
    },
    endingOf: async (facts, scope) => {
      cuts.push(`${facts}:${scope.courseIds.join(",")}`);
      await held("cuts");
      return `<ending of ${facts}>`;
    },
    today: () => day,
    now: () => clock,
    ttlMs: options.ttlMs ?? 60_000,
  });
  return {
    layers,
    loads,
    cuts,
    bumpVersion: () => (version += 1),
    advance: (ms: number) => (clock += ms),
    nextDay: () => (day = "2026-11-23"),
    hold: (step: "loads" | "cuts") => (hold = step),
    release: () => release?.(),
  };
}

const coursePage = (id: number): PersonalScope => ({
  ...EMPTY_PERSONAL_SCOPE,
  courseIds: [id],
  reviewCourseId: id,
});

describe("createVisitorLayers", () => {
  it("reads a visitor's facts once, cuts each page's ending from them, and keeps the ending", async () => {
    const { layers, loads, cuts } = harness();
    const phone = requestWith("kk_session=ana-phone");
    expect(await layers.endingFor(phone, home)).toBe("<ending of ana v0>");
    expect(await layers.endingFor(phone, home)).toBe("<ending of ana v0>");
    expect(await layers.endingFor(phone, article)).toBe("<ending of ana v0>");
    expect(loads).toEqual(["ana"]);
    expect(cuts).toEqual(["ana v0:1,2", "ana v0:"]);
  });

  it("serves a visitor moving over many pages from the facts read once, keeping their latest 32 endings", async () => {
    const { layers, loads, cuts } = harness();
    const phone = requestWith("kk_session=ana-phone");
    for (let id = 1; id <= 50; id += 1) await layers.endingFor(phone, coursePage(id));
    expect(loads).toHaveLength(1);
    expect(cuts).toHaveLength(50);
    await layers.endingFor(phone, coursePage(50));
    await layers.endingFor(phone, coursePage(19));
    expect(cuts).toHaveLength(50);
    await layers.endingFor(phone, coursePage(18));
    expect(cuts).toHaveLength(51);
    expect(loads).toHaveLength(1);
  });

  it("forgets the endings with the shared pages but keeps the facts they are cut from", async () => {
    const { layers, loads, cuts } = harness();
    const phone = requestWith("kk_session=ana-phone");
    await layers.endingFor(phone, home);
    layers.forgetEndings();
    await layers.endingFor(phone, home);
    expect(loads).toEqual(["ana"]);
    expect(cuts).toEqual(["ana v0:1,2", "ana v0:1,2"]);
    expect(layers.size()).toBe(1);
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
    const { layers, loads } = harness();
    expect(await layers.endingFor(requestWith(undefined), home)).toBeNull();
    expect(await layers.endingFor(requestWith("kk_anon=unknown"), home)).toBeNull();
    expect(await layers.endingFor(requestWith("kk_anon=unknown"), home)).toBeNull();
    expect(loads).toHaveLength(2);
    expect(layers.size()).toBe(0);
  });

  it("forgets every device of a subject that wrote, and only that subject", async () => {
    const { layers, loads, bumpVersion } = harness();
    const phone = requestWith("kk_session=ana-phone");
    const laptop = requestWith("kk_session=ana-laptop");
    const other = requestWith("kk_session=budi-phone");
    for (const request of [phone, laptop, other]) await layers.endingFor(request, home);
    bumpVersion();
    layers.forgetSubject("ana");
    expect(await layers.endingFor(laptop, coursePage(7))).toBe("<ending of ana v1>");
    expect(await layers.endingFor(phone, home)).toBe("<ending of ana v1>");
    expect(await layers.endingFor(other, coursePage(7))).toBe("<ending of budi v0>");
    expect(loads).toHaveLength(5);
  });

  it("does not keep facts read while their subject wrote", async () => {
    const { layers, loads, hold, release } = harness();
    const phone = requestWith("kk_session=ana-phone");
    hold("loads");
    const inFlight = layers.endingFor(phone, home);
    await Promise.resolve();
    layers.forgetSubject("ana");
    release();
    await inFlight;
    expect(layers.size()).toBe(0);
    expect(loads).toHaveLength(1);
  });

  it("does not keep an ending cut while its subject wrote, nor the facts it was cut from", async () => {
    const { layers, loads, cuts, hold, release, bumpVersion } = harness();
    const phone = requestWith("kk_session=ana-phone");
    await layers.endingFor(phone, home);
    hold("cuts");
    const inFlight = layers.endingFor(phone, article);
    await Promise.resolve();
    bumpVersion();
    layers.forgetSubject("ana");
    release();
    expect(await inFlight).toBe("<ending of ana v0>");
    hold("loads");
    const next = layers.endingFor(phone, article);
    release();
    expect(await next).toBe("<ending of ana v1>");
    expect(loads).toHaveLength(2);
    expect(cuts).toEqual(["ana v0:1,2", "ana v0:", "ana v1:"]);
  });

  it("reads the facts again after the ttl, on a new Jakarta day, and when premium time runs out", async () => {
    const kept = harness({ ttlMs: 60_000 });
    const phone = requestWith("kk_session=ana-phone");
    await kept.layers.endingFor(phone, home);
    kept.advance(59_000);
    await kept.layers.endingFor(phone, coursePage(3));
    expect(kept.loads).toHaveLength(1);
    kept.advance(1_000);
    await kept.layers.endingFor(phone, home);
    expect(kept.loads).toHaveLength(2);
    kept.nextDay();
    await kept.layers.endingFor(phone, home);
    expect(kept.loads).toHaveLength(3);

    const premium = harness({ trueUntil: 1_000 + 5_000 });
    await premium.layers.endingFor(phone, home);
    premium.advance(5_000);
    await premium.layers.endingFor(phone, home);
    expect(premium.loads).toHaveLength(2);
  });

  it("keeps at most maxVisitors, forgetting the oldest", async () => {
    const layers = createVisitorLayers({
      load: async (request) => ({ subject: request.headers.cookie!, facts: null }),
      endingOf: async () => "<ending>",
      today: () => "2026-11-22",
      ttlMs: 60_000,
      maxVisitors: 2,
    });
    for (const name of ["a", "b", "c"])
      await layers.endingFor(requestWith(`kk_session=${name}`), home);
    expect(layers.size()).toBe(2);
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
    const middleware = forgetVisitorLayersAfterWrites([layers], notices);
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
    const middleware = forgetVisitorLayersAfterWrites([layers], notices);
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
    forgetVisitorLayersAfterWrites([layers], notices);
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
