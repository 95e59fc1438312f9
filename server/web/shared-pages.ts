import { gunzipSync, gzipSync } from "node:zlib";
import type express from "express";
import type { PersonalScope } from "../../core/personal-layer";
import { inlineScriptHashes } from "./content-security-policy";
import { parseCookies } from "./cookies";
import { gzipPrefix, gzipWithEnding, type GzipPrefix } from "./gzip-splice";
import { mayChangePublicPages } from "./public-writes";

/**
 * Public pages (the course list, the article list, an article) are rendered once per address and
 * display preference, as a visitor without cookies sees them, kept briefly as gzip, and sent to
 * everybody (decisions 0012 and 0022). A visitor with a session or a visitor cookie gets the same
 * page with their own ending spliced in before `</body>`: the personal layer (credits, hearts,
 * Visited badges, the account menu), which costs a few small queries instead of a render.
 *
 * A page is fresh for `ttlMs`. For as long again it is still sent while its next version renders
 * in the background, one old page at a time: a visitor never waits for a page that is merely old,
 * and the pages that went old together (every search rendered in the same second) do not all
 * hold up their visitors at once (decision 0031). Every write that may change a page
 * (server/web/public-writes.ts; an ingestion run, an admin change) forgets all pages at once:
 * after a write nobody gets the page from before.
 */
export type SharedPageOptions = {
  /**
   * The address a request's page is kept under — equivalent queries give one address — or null
   * when the path is not a public page.
   */
  sharedAddress: (request: express.Request) => string | null;
  /** Cookies that only carry display preferences: they become part of the key. */
  preferenceCookies: readonly string[];
  /** Addresses whose not-found page (a 404) is kept and shared like a page that was found. */
  sharesNotFoundPage?: (address: string) => boolean;
  /** Requests that must get their own render anyway (for example the mobile app's). */
  isPersonal?: (request: express.Request) => boolean;
  /** Renders the page at this address as a visitor without a session sees it, without a nonce. */
  render: (address: string, preferenceCookies: string) => Promise<SharedRender>;
  /**
   * This visitor's ending for a page of this scope (inserted before `</body>`), or null
   * when the visitor has nothing personal to show.
   */
  personalEnding: (request: express.Request, scope: PersonalScope) => Promise<string | null>;
  /**
   * What this one request carries to show once (the flash message a form's redirect left): added
   * after the visitor's ending, never kept, with the headers that make it show only once.
   */
  oneTimeEnding?: (request: express.Request) => OneTimeEnding | null;
  /** The CSP for a page whose inline scripts have these hashes. */
  policy: (scriptHashes: string[]) => string;
  ttlMs: number;
  maxPages?: number;
  now?: () => number;
};

export type SharedRender = {
  response: Response;
  /** What each visitor's ending must cover: the courses shown (hearts, Visited), the redeem section. */
  scope: PersonalScope;
};

export type OneTimeEnding = {
  html: string;
  /** Appended to the answer (e.g. a Set-Cookie that clears what was shown). */
  headers: Array<[string, string]>;
};

type RenderedPage = {
  status: number;
  headers: Array<[string, string]>;
  gzip: Buffer;
  /** The page up to `</body>`, compressed once, and what follows it: a visitor's ending goes between. */
  splice: { prefix: GzipPrefix; closing: Buffer } | null;
  scope: PersonalScope;
  /** Built once per render: its inline scripts' hashes do not change until the next one. */
  contentSecurityPolicy: string;
  /**
   * Only a plain 200 without cookies is shared (or a declared not-found page); anything else is
   * sent once to its waiters.
   */
  shareable: boolean;
};

type Entry = {
  storedAt: number;
  page: Promise<RenderedPage>;
  /** Set once the render is known to be a shared page: only such a page is sent when old. */
  shared?: boolean;
  /** A render of the next version is running. */
  renewing?: boolean;
};

export type SharedPages = {
  middleware: express.RequestHandler;
  /** Forget every page (after a write). */
  forgetAll(): void;
  /** Also forget what `listener` keeps whenever the pages are forgotten (the API's public reads). */
  onForgetAll(listener: () => void): void;
};

/** Headers recomputed when the page is sent. */
const NOT_STORED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "cache-control",
]);
const BODY_END = Buffer.from("</body>");
/** The same address answers each visitor differently: caches must key on the cookies too. */
const VARY = "Cookie, Accept-Encoding";
/** Anyone may keep the page for visitors without cookies, but must ask again before reusing it. */
const SHARED_CACHE_CONTROL = "public, max-age=0, must-revalidate";
/** A page with a visitor's ending is theirs alone. */
const PERSONAL_CACHE_CONTROL = "private, no-cache";

export function createSharedPages(options: SharedPageOptions): SharedPages {
  const now = options.now ?? (() => performance.now());
  const maxPages = options.maxPages ?? 500;
  const entries = new Map<string, Entry>();
  // Bumped by every forget: a page whose render began before a write is not kept after it.
  let generation = 0;
  let renewals: Promise<void> = Promise.resolve();
  const forgetListeners: Array<() => void> = [];

  type Key = { key: string; address: string; preferences: string; personal: boolean };
  function keyFor(request: express.Request): Key | null {
    if (request.method !== "GET" || options.isPersonal?.(request)) return null;
    const address = options.sharedAddress(request);
    if (address === null) return null;
    const preferences: string[] = [];
    let personal = false;
    for (const [name, value] of parseCookies(request.headers.cookie)) {
      if (options.preferenceCookies.includes(name)) preferences.push(`${name}=${value}`);
      else personal = true;
    }
    const cookies = preferences.sort().join("; ");
    return { key: `${address}\n${cookies}`, address, preferences: cookies, personal };
  }

  async function render(address: string, preferences: string): Promise<RenderedPage> {
    const { response, scope } = await options.render(address, preferences);
    const html = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => !NOT_STORED.has(name));
    const statusShared =
      response.status === 200 ||
      (response.status === 404 && (options.sharesNotFoundPage?.(address) ?? false));
    const shareable =
      statusShared &&
      !response.headers.has("set-cookie") &&
      (response.headers.get("content-type") ?? "").startsWith("text/html");
    const bodyEnd = html.lastIndexOf(BODY_END);
    return {
      status: response.status,
      headers,
      gzip: gzipSync(html),
      splice:
        shareable && bodyEnd >= 0
          ? { prefix: gzipPrefix(html.subarray(0, bodyEnd)), closing: html.subarray(bodyEnd) }
          : null,
      scope,
      contentSecurityPolicy: options.policy(inlineScriptHashes(html.toString("utf8"))),
      shareable,
    };
  }

  function pageFor({ key, address, preferences }: Key): {
    page: Promise<RenderedPage>;
    hit: boolean;
  } {
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : Infinity;
    if (entry && age < options.ttlMs) return { page: entry.page, hit: true };
    if (entry?.shared && age < 2 * options.ttlMs) {
      if (!entry.renewing) {
        entry.renewing = true;
        renewals = renewals.then(() =>
          entries.get(key) === entry ? renewPaced(key, address, preferences, entry) : undefined,
        );
      }
      return { page: entry.page, hit: true };
    }
    return { page: renderAndKeep(key, address, preferences, null), hit: false };
  }

  /**
   * Renders the page and keeps it under its key, unless a write came while it rendered. A new
   * page is kept at once, so concurrent requests wait for this one render; the next version of
   * an old page (`replacing`) only once it is ready, the old one being sent meanwhile.
   */
  function renderAndKeep(
    key: string,
    address: string,
    preferences: string,
    replacing: Entry | null,
  ): Promise<RenderedPage> {
    const startedIn = generation;
    const page = render(address, preferences);
    const entry: Entry = { storedAt: now(), page };
    if (!replacing) keepEntry(key, entry);
    const forget = () => {
      const current = entries.get(key);
      if (current === entry || (replacing && current === replacing)) entries.delete(key);
    };
    page.then((rendered) => {
      if (!rendered.shareable || generation !== startedIn) {
        forget();
        return;
      }
      entry.shared = true;
      if (replacing && entries.get(key) === replacing) keepEntry(key, entry);
    }, forget);
    return page;
  }

  /**
   * Old pages are rendered again one at a time, each followed by a pause as long as its render:
   * the renders (their database questions run in this thread too) take at most about half the
   * time, and visitors are answered in between.
   */
  async function renewPaced(key: string, address: string, preferences: string, entry: Entry) {
    const started = performance.now();
    await renderAndKeep(key, address, preferences, entry).catch(() => undefined);
    const took = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, took).unref());
  }

  function keepEntry(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxPages) entries.delete(entries.keys().next().value!);
  }

  async function answer(
    request: express.Request,
    response: express.Response,
    key: Key,
  ): Promise<void> {
    const { page, hit } = pageFor(key);
    const rendered = await page;
    const visitorEnding =
      key.personal && rendered.splice
        ? await options.personalEnding(request, rendered.scope)
        : null;
    // Only where an ending can go: otherwise what it carries waits for the visitor's next page.
    const oneTime =
      key.personal && rendered.splice ? (options.oneTimeEnding?.(request) ?? null) : null;
    const ending = oneTime ? (visitorEnding ?? "") + oneTime.html : visitorEnding;
    if (response.headersSent) return;
    response.status(rendered.status);
    for (const [name, value] of rendered.headers) response.setHeader(name, value);
    response.setHeader("Content-Security-Policy", rendered.contentSecurityPolicy);
    response.setHeader("X-Cache", hit ? "HIT" : "MISS");
    response.setHeader("Vary", VARY);
    for (const [name, value] of oneTime?.headers ?? []) response.append(name, value);
    response.setHeader(
      "Cache-Control",
      ending === null && rendered.shareable ? SHARED_CACHE_CONTROL : PERSONAL_CACHE_CONTROL,
    );
    // Sent already compressed: the compression middleware leaves encoded bodies alone.
    const gzip = request.acceptsEncodings("gzip") === "gzip";
    let body: Buffer;
    if (ending !== null && rendered.splice) {
      const { prefix, closing } = rendered.splice;
      const tail = Buffer.concat([Buffer.from(ending), closing]);
      body = gzip
        ? gzipWithEnding(prefix, tail)
        : Buffer.concat([gunzipSync(rendered.gzip).subarray(0, prefix.length), tail]);
    } else {
      body = gzip ? rendered.gzip : gunzipSync(rendered.gzip);
    }
    if (gzip) response.setHeader("Content-Encoding", "gzip");
    response.setHeader("Content-Length", body.length);
    response.end(body);
  }

  const middleware: express.RequestHandler = (request, response, next) => {
    const key = keyFor(request);
    if (key === null) {
      next();
      return;
    }
    answer(request, response, key).catch(next);
  };

  return {
    middleware,
    forgetAll() {
      generation += 1;
      entries.clear();
      for (const listener of forgetListeners) listener();
    },
    onForgetAll(listener) {
      forgetListeners.push(listener);
    },
  };
}

/** Forgets the shared pages once a request that may change them has been answered. */
export function forgetSharedPagesAfterWrites(pages: SharedPages): express.RequestHandler {
  return (request, response, next) => {
    if (mayChangePublicPages(request)) {
      // "close" comes after the answer is sent, and also when the client gave up waiting.
      response.once("close", () => pages.forgetAll());
    }
    next();
  };
}
