import type express from "express";
import onHeaders from "on-headers";
import type { PersonalScope } from "../../core/personal-layer";
import type { ChangeNotices } from "../db/change-notices";
import { ANONYMOUS_COOKIE, parseCookies, SESSION_COOKIE } from "./cookies";

/**
 * Each visitor's ending of the shared pages (their personal layer, server/web/personal-tail.ts),
 * made from what is kept in memory between their page views (decision 0024). Reading a visitor's
 * facts asks the database several small questions — as much as the rest of a shared page costs
 * fifty times over — so a signed-in visitor, the site's best, got its slowest pages.
 *
 * Kept per credential (the session and visitor cookies exactly as sent), noted with the subject
 * they resolved to (the account, or the anonymous visitor):
 * - the visitor's facts, read once: every page's ending is cut from them in memory, so a visitor
 *   moving over many addresses (searches, course after course) never waits for the database;
 * - the endings of their latest pages, so the same page again costs a map lookup.
 * Both are forgotten:
 * - when that subject writes anything (any request but GET/HEAD/OPTIONS, and GET /go/…, which
 *   spends a credit), on any of their devices, as its answer goes out — on every instance;
 * - entirely on sign-in, sign-out and the operator's writes (they change accounts other than the
 *   writer's own credential, or which subject a cookie resolves to);
 * - at the end of the Jakarta day (the daily credits), when premium time runs out, and at the
 *   latest after `ttlMs` (a write nobody announced: a script run by the operator, a database edit).
 *
 * The same keeping, by the same rules, serves two other answers made per credential: getUser's
 * (server/api/kept-user-answers.ts) and the account of a session opening a course
 * (kept-sessions.ts).
 */
export type VisitorLayerOptions<Facts, Scope = PersonalScope, Ending = string> = {
  /** Who the request is and what their endings are cut from; null for nobody. */
  load: (request: express.Request) => Promise<LoadedFacts<Facts> | null>;
  /** The visitor's ending for one scope, cut from their facts. */
  endingOf: (facts: Facts, scope: Scope) => Promise<Ending>;
  /**
   * The credential a request's kept facts belong to, null for nobody; by default the session
   * and visitor cookies (credentialOfCookies).
   */
  credentialOf?: (request: express.Request) => string | null;
  /** The Jakarta day: an ending kept yesterday never counts today's credits. */
  today: () => string;
  ttlMs: number;
  maxVisitors?: number;
  now?: () => number;
};

export type LoadedFacts<Facts> = {
  /** The account's id, or the anonymous visitor's subject. */
  subject: string;
  facts: Facts;
  /** Epoch milliseconds after which the facts are no longer true (premium time ending), if any. */
  trueUntil?: number;
};

/**
 * When an account's facts stop being true by the clock alone: its premium time ending (and with
 * it unlimited credits and writing articles), if that is still to come.
 */
export function premiumEndOf(
  user: { premiumUntil: Date | null } | null | undefined,
  nowMs: number,
): number | undefined {
  const premiumUntil = user?.premiumUntil?.getTime();
  return premiumUntil && premiumUntil > nowMs ? premiumUntil : undefined;
}

/** Endings kept per visitor: the course list, its searches, the articles, recent course pages. */
const ENDINGS_PER_VISITOR = 32;

type Visitor<Facts, Ending> = {
  subject: string;
  facts: Facts;
  day: string;
  expiresAt: number;
  /** By scope: one visitor sees the course list, an article, a course page… */
  endings: Map<string, Ending>;
};

export type VisitorLayers<Scope = PersonalScope, Ending = string> = {
  /** This visitor's ending for the scope, kept or made. */
  endingFor(request: express.Request, scope: Scope): Promise<Ending | null>;
  forgetSubject(subject: string): void;
  forgetAll(): void;
  /**
   * Forgets every kept ending but keeps the facts they are cut from: a learner's ending of the
   * course list holds their own list, which changes with the catalogue as the shared pages do.
   */
  forgetEndings(): void;
  /** How many visitors are kept (for tests and the operator). */
  size(): number;
};

export function createVisitorLayers<Facts, Scope = PersonalScope, Ending = string>(
  options: VisitorLayerOptions<Facts, Scope, Ending>,
): VisitorLayers<Scope, Ending> {
  const now = options.now ?? Date.now;
  const maxVisitors = options.maxVisitors ?? 5000;
  const credentialOf = options.credentialOf ?? credentialOfCookies;
  const visitors = new Map<string, Visitor<Facts, Ending>>();
  const credentialsBySubject = new Map<string, Set<string>>();
  // Bumped by every forget: facts whose reading began before their subject's write (or before
  // everything was forgotten) are not kept after it.
  let generation = 0;
  let everythingForgottenAt = 0;
  const subjectForgottenAt = new Map<string, number>();

  function drop(credential: string) {
    const visitor = visitors.get(credential);
    if (!visitor) return;
    visitors.delete(credential);
    const credentials = credentialsBySubject.get(visitor.subject);
    credentials?.delete(credential);
    if (credentials?.size === 0) credentialsBySubject.delete(visitor.subject);
  }

  /** The visitor kept for this credential, if still true. */
  function keptVisitor(credential: string): Visitor<Facts, Ending> | undefined {
    const visitor = visitors.get(credential);
    if (visitor && (visitor.day !== options.today() || now() >= visitor.expiresAt)) {
      drop(credential);
      return undefined;
    }
    return visitor;
  }

  /** Reads the visitor's facts and keeps them, unless their subject wrote while they were read. */
  async function loadVisitor(credential: string, request: express.Request) {
    const startedIn = generation;
    const loaded = await options.load(request);
    if (loaded === null) return null;
    const visitor: Visitor<Facts, Ending> = {
      subject: loaded.subject,
      facts: loaded.facts,
      day: options.today(),
      expiresAt: Math.min(now() + options.ttlMs, loaded.trueUntil ?? Infinity),
      endings: new Map(),
    };
    const forgottenSince =
      everythingForgottenAt > startedIn ||
      (subjectForgottenAt.get(loaded.subject) ?? 0) > startedIn;
    if (!forgottenSince) {
      drop(credential);
      visitors.set(credential, visitor);
      let credentials = credentialsBySubject.get(visitor.subject);
      if (!credentials) credentialsBySubject.set(visitor.subject, (credentials = new Set()));
      credentials.add(credential);
      if (visitors.size > maxVisitors) drop(visitors.keys().next().value!);
    }
    return visitor;
  }

  return {
    async endingFor(request, scope) {
      const credential = credentialOf(request);
      // Without a session or visitor cookie there is nobody to lay anything over the page for.
      if (credential === null) return null;
      const scopeKey = JSON.stringify(scope);
      const kept = keptVisitor(credential);
      const keptEnding = kept?.endings.get(scopeKey);
      if (keptEnding !== undefined) return keptEnding;
      const visitor = kept ?? (await loadVisitor(credential, request));
      if (visitor === null) return null;
      const ending = await options.endingOf(visitor.facts, scope);
      // Kept only while its visitor is (a write in the meantime dropped it), for the latest pages.
      if (visitors.get(credential) === visitor) {
        visitor.endings.set(scopeKey, ending);
        if (visitor.endings.size > ENDINGS_PER_VISITOR)
          visitor.endings.delete(visitor.endings.keys().next().value!);
      }
      return ending;
    },
    forgetSubject(subject) {
      generation += 1;
      subjectForgottenAt.set(subject, generation);
      // Recent writers only matter to builds in flight (milliseconds): when the map grows, it is
      // replaced by "everything forgotten now", which holds back exactly those builds.
      if (subjectForgottenAt.size > maxVisitors) {
        subjectForgottenAt.clear();
        everythingForgottenAt = generation;
      }
      for (const credential of [...(credentialsBySubject.get(subject) ?? [])]) drop(credential);
    },
    forgetAll() {
      generation += 1;
      everythingForgottenAt = generation;
      visitors.clear();
      credentialsBySubject.clear();
    },
    forgetEndings() {
      for (const visitor of visitors.values()) visitor.endings.clear();
    },
    size: () => visitors.size,
  };
}

/**
 * The cookies that decide who a request is: an ending kept for one pair is only ever sent to a
 * request carrying exactly that pair. (A Bearer request never reaches the shared pages.)
 */
function credentialOfCookies(request: express.Request): string | null {
  const cookies = parseCookies(request.headers.cookie);
  const session = cookies.get(SESSION_COOKIE);
  const anonymous = cookies.get(ANONYMOUS_COOKIE);
  if (session === undefined && anonymous === undefined) return null;
  return `${session ?? ""}\n${anonymous ?? ""}`;
}

const READ_ONLY = new Set(["GET", "HEAD", "OPTIONS"]);
/** Writes that change which account a cookie belongs to, or accounts other than the writer's. */
const FORGETS_EVERY_VISITOR = [/^\/auth\//, /^\/admin(\/|\.data|$)/, /^\/api\/admin/];

/** What `response.locals` holds for the forgetting below: set where a request's identity is resolved. */
export const WRITER_SUBJECT_LOCAL = "visitorSubject";

/**
 * Forgets the writer's kept endings when a request that may change them is answered (as the
 * answer's head goes out, or when the client gave up before it), here and,
 * through change notices, on every other instance. Who wrote is what the request's identity
 * resolved to (`response.locals[WRITER_SUBJECT_LOCAL]`): a write by one device forgets the
 * endings of all the same account's devices.
 */
export function forgetVisitorLayersAfterWrites(
  kept: Array<Pick<VisitorLayers<unknown, unknown>, "forgetSubject" | "forgetAll">>,
  notices: ChangeNotices,
): express.RequestHandler {
  const layers = {
    forgetSubject: (subject: string) => kept.forEach((each) => each.forgetSubject(subject)),
    forgetAll: () => kept.forEach((each) => each.forgetAll()),
  };
  if (kept.length > 0) {
    notices.subscribe((notice) => {
      if (notice.kind === "visitor") layers.forgetSubject(notice.subject);
      else if (notice.kind === "visitors") layers.forgetAll();
      // After a lost connection to the other instances, nothing kept can be trusted.
      else if (notice.kind === "cache" && notice.prefix === "") layers.forgetAll();
    });
  }
  return (request, response, next) => {
    const spends = request.method === "GET" && request.path.startsWith("/go/");
    if (READ_ONLY.has(request.method) && !spends) {
      next();
      return;
    }
    // Forgotten as the answer's head goes out — the write is stored by then — so the writer's
    // next request, on any device, never meets the ending from before it; a client that gave up
    // before any answer is forgotten when its connection closes.
    let forgotten = false;
    const forget = () => {
      if (forgotten) return;
      forgotten = true;
      if (FORGETS_EVERY_VISITOR.some((pattern) => pattern.test(request.path))) {
        layers.forgetAll();
        notices.publish({ kind: "visitors" });
        return;
      }
      const subject = response.locals[WRITER_SUBJECT_LOCAL] as unknown;
      if (typeof subject !== "string") return;
      layers.forgetSubject(subject);
      notices.publish({ kind: "visitor", subject });
    };
    onHeaders(response, forget);
    response.once("close", forget);
    next();
  };
}
