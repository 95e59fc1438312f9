import { gunzipSync, gzipSync } from "node:zlib";
import type express from "express";
import { inlineScriptHashes } from "./content-security-policy";
import { parseCookies } from "./cookies";

/**
 * Public pages (the course list, the article list, an article) look the same to every visitor
 * who has no session and no visitor cookie: first visits, shared links, crawlers, a traffic
 * spike. For them a page is rendered once, kept briefly as gzip, and sent to all of them
 * (decision 0012). Anyone with a session or a visitor cookie gets a page rendered for them.
 *
 * A page stays at most `ttlMs`, and every write the server handles (any request that is not
 * GET/HEAD/OPTIONS, an ingestion run, an admin change) forgets all pages at once.
 */
export type SharedPageOptions = {
  /** Which request paths are public pages. */
  isSharedPath: (path: string) => boolean;
  /** Cookies that only carry display preferences: they become part of the key. */
  preferenceCookies: readonly string[];
  /** Requests that must get their own page anyway (for example the mobile app's). */
  isPersonal?: (request: express.Request) => boolean;
  /** Renders the page as a visitor without a session would see it, without a CSP nonce. */
  render: (request: express.Request) => Promise<Response>;
  /** The CSP for a page whose inline scripts have these hashes. */
  policy: (scriptHashes: string[]) => string;
  ttlMs: number;
  maxPages?: number;
  now?: () => number;
};

type RenderedPage = {
  status: number;
  headers: Array<[string, string]>;
  gzip: Buffer;
  /** Built once per render: its inline scripts' hashes do not change until the next one. */
  contentSecurityPolicy: string;
  /** Only a plain 200 without cookies is shared; anything else is sent once to its waiters. */
  shareable: boolean;
};

type Entry = { storedAt: number; page: Promise<RenderedPage> };

export type SharedPages = {
  middleware: express.RequestHandler;
  /** Forget every page (after a write). */
  forgetAll(): void;
};

/** Headers recomputed when the page is sent. */
const NOT_STORED = new Set(["content-length", "content-encoding", "transfer-encoding", "vary"]);

export function createSharedPages(options: SharedPageOptions): SharedPages {
  const now = options.now ?? (() => performance.now());
  const maxPages = options.maxPages ?? 500;
  const entries = new Map<string, Entry>();
  // Bumped by every forget: a page whose render began before a write is not kept after it.
  let generation = 0;

  function keyFor(request: express.Request): string | null {
    if (request.method !== "GET" || !options.isSharedPath(request.path)) return null;
    if (options.isPersonal?.(request)) return null;
    const preferences: string[] = [];
    for (const [name, value] of parseCookies(request.headers.cookie)) {
      if (!options.preferenceCookies.includes(name)) return null;
      preferences.push(`${name}=${value}`);
    }
    return `${request.originalUrl}\n${preferences.sort().join(";")}`;
  }

  async function render(request: express.Request): Promise<RenderedPage> {
    const response = await options.render(request);
    const html = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => !NOT_STORED.has(name));
    return {
      status: response.status,
      headers,
      gzip: gzipSync(html),
      contentSecurityPolicy: options.policy(inlineScriptHashes(html.toString("utf8"))),
      shareable:
        response.status === 200 &&
        !response.headers.has("set-cookie") &&
        (response.headers.get("content-type") ?? "").startsWith("text/html"),
    };
  }

  function pageFor(
    key: string,
    request: express.Request,
  ): { page: Promise<RenderedPage>; hit: boolean } {
    const entry = entries.get(key);
    if (entry && now() - entry.storedAt < options.ttlMs) return { page: entry.page, hit: true };
    const startedIn = generation;
    const page = render(request);
    // Concurrent requests for the same page wait for this one render.
    entries.delete(key);
    entries.set(key, { storedAt: now(), page });
    if (entries.size > maxPages) entries.delete(entries.keys().next().value!);
    const forgetIfNotShared = () => {
      if (entries.get(key)?.page === page) entries.delete(key);
    };
    page.then((rendered) => {
      if (!rendered.shareable || generation !== startedIn) forgetIfNotShared();
    }, forgetIfNotShared);
    return { page, hit: false };
  }

  const middleware: express.RequestHandler = (request, response, next) => {
    const key = keyFor(request);
    if (key === null) {
      next();
      return;
    }
    const { page, hit } = pageFor(key, request);
    page.then((rendered) => {
      if (response.headersSent) return;
      response.status(rendered.status);
      for (const [name, value] of rendered.headers) response.setHeader(name, value);
      response.setHeader("Content-Security-Policy", rendered.contentSecurityPolicy);
      response.setHeader("X-Cache", hit ? "HIT" : "MISS");
      response.setHeader("Vary", "Accept-Encoding");
      // Sent already compressed: the compression middleware leaves encoded bodies alone.
      const body = request.acceptsEncodings("gzip") ? rendered.gzip : gunzipSync(rendered.gzip);
      if (body === rendered.gzip) response.setHeader("Content-Encoding", "gzip");
      response.setHeader("Content-Length", body.length);
      response.end(body);
    }, next);
  };

  return {
    middleware,
    forgetAll() {
      generation += 1;
      entries.clear();
    },
  };
}

/** Forgets the shared pages once any request that may write has been answered. */
export function forgetSharedPagesAfterWrites(pages: SharedPages): express.RequestHandler {
  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS") {
      // "close" comes after the answer is sent, and also when the client gave up waiting.
      response.once("close", () => pages.forgetAll());
    }
    next();
  };
}
