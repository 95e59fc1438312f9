import { readdirSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import type { FastLane } from "./before-express";
import { assignRequestId } from "./request-log";
import type { HeaderList } from "./security-headers";

/**
 * The client build's files (scripts, styles, icons), answered from memory with every header
 * worked out once, and their brotli or gzip copies written at build time
 * (tools/build/precompress-assets.ts) chosen by Accept-Encoding. A static file is the most frequent
 * request a page causes; through the whole middleware chain (request log, helmet, compression
 * per request, a disk read per request) it cost several times a bare server.
 *
 * Once a file is in memory, a plain GET or HEAD of it is answered before Express (`answer`);
 * the first request for it, and revalidations, inside Express (`fromMemory`). Anything else (a
 * Range request, a file type without a known Content-Type, a file too big to keep) goes on to
 * `express.static`, which stays behind as the fallback.
 */
export type StaticFilesOptions = {
  root: string;
  /** Headers every answer carries (the security headers). */
  headers: HeaderList;
  /** Cache-Control for a file's URL path. */
  cacheControl: (urlPath: string) => string;
  /** Bigger files are left to the fallback. */
  maxFileBytes?: number;
  /** Bytes kept in memory at most; files loaded after that are left to the fallback. */
  maxTotalBytes?: number;
  /** The walk at start-up stops after this many entries (a test may pass a shared temp dir). */
  maxEntries?: number;
};

/**
 * The types `express.static` gives these extensions (mime-types' `contentType`), so an answer
 * is the same whichever path served it. Other extensions go to the fallback.
 */
const CONTENT_TYPES: Record<string, string> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".xml": "application/xml",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/vnd.microsoft.icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
};

const acceptsEncodings = express.request.acceptsEncodings as (
  this: IncomingMessage,
  encoding: string,
) => string | false;

/** Most preferred first: the smallest copy a client can decode. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
type EncodingName = (typeof ENCODINGS)[number]["name"];

type Representation = {
  body: Buffer;
  /** ETag, Last-Modified and, for a copy, Content-Encoding. */
  headers: HeaderList;
};

type LoadedFile = {
  /** Content-Type, Cache-Control, Vary and the shared headers. */
  headers: HeaderList;
  identity: Representation;
  encoded: Partial<Record<EncodingName, Representation>>;
  /**
   * Per representation, every header of a 200 but the request id, flat (name, value, name…):
   * handed to one writeHead, which validates and writes them without storing each first.
   */
  answers: Map<Representation, string[]>;
};

type IndexedFile = {
  file: string;
  urlPath: string;
  /** Undefined: a type this module does not know, left to the fallback. */
  contentType: string | undefined;
  /** The precompressed copies found next to the file at start-up. */
  encodings: EncodingName[];
  /** Loaded on first request (null: too big, gone, or over the memory budget). */
  loaded?: Promise<LoadedFile | null>;
  ready?: LoadedFile | null;
};

export type StaticFiles = {
  /**
   * Before Express (server/web/before-express.ts): answers a plain GET or HEAD of a file already
   * in memory, without validators to compare. Returns whether it answered.
   */
  answer: FastLane;
  /** Inside Express: the rest (the first request for a file, which loads it; revalidations). */
  fromMemory: express.RequestHandler;
  /**
   * Runs `handler` (express.static) only for a path that was a file at start-up: a page request
   * then never costs a look at the disk (for a page, `express.static` looked for a file of that
   * name, and an index.html for `/`, on every request).
   */
  onlyForFiles: (handler: express.RequestHandler) => express.RequestHandler;
};

export function createStaticFiles(options: StaticFilesOptions): StaticFiles {
  const maxFileBytes = options.maxFileBytes ?? 1024 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? 64 * 1024 * 1024;
  const files = indexFiles(options.root, options.maxEntries ?? 10_000);
  let totalBytes = 0;
  const accepted = createEncodingMemo();

  async function load(entry: IndexedFile): Promise<LoadedFile | null> {
    try {
      const identity = await readRepresentation(entry.file, null);
      const encoded: LoadedFile["encoded"] = {};
      for (const { name, suffix } of ENCODINGS) {
        if (!entry.encodings.includes(name)) continue;
        encoded[name] = await readRepresentation(entry.file + suffix, name).catch(() => undefined);
      }
      const bytes = [identity, ...Object.values(encoded)].reduce(
        (sum, representation) => sum + (representation?.body.length ?? 0),
        0,
      );
      if (identity.body.length > maxFileBytes || totalBytes + bytes > maxTotalBytes) return null;
      totalBytes += bytes;
      const headers: Array<readonly [string, string]> = [
        ...options.headers,
        ["Content-Type", entry.contentType!],
        ["Cache-Control", options.cacheControl(entry.urlPath)],
      ];
      // Only a file with copies has answers that differ by Accept-Encoding.
      if (Object.keys(encoded).length > 0) headers.push(["Vary", "Accept-Encoding"]);
      const answers = new Map<Representation, string[]>();
      for (const representation of [identity, ...Object.values(encoded)])
        answers.set(
          representation,
          [
            ...headers,
            ...representation.headers,
            ["Content-Length", String(representation.body.length)] as const,
          ].flat(),
        );
      return { headers, identity, encoded, answers };
    } catch {
      return null; // removed since start-up: the fallback answers (a 404 page)
    }
  }

  /** The copy to send: the smallest the request accepts, else the plain file. */
  function choose(loaded: LoadedFile, request: IncomingMessage): Representation {
    const wanted = accepted(request);
    for (const { name } of ENCODINGS) {
      const representation = loaded.encoded[name];
      if (representation && wanted.has(name)) return representation;
    }
    return loaded.identity;
  }

  /** A 200 with every header in one writeHead, which validates and writes them in one go. */
  function sendWhole(
    loaded: LoadedFile,
    chosen: Representation,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    response.writeHead(200, [
      ...loaded.answers.get(chosen)!,
      "X-Request-Id",
      assignRequestId(request),
    ]);
    response.end(request.method === "HEAD" ? undefined : chosen.body);
  }

  function send(loaded: LoadedFile, request: express.Request, response: express.Response) {
    const chosen = choose(loaded, request);
    if (isConditional(request)) {
      // request.fresh compares the request's validators with the answer's ETag and Last-Modified.
      for (const [name, value] of chosen.headers) response.setHeader(name, value);
      if (request.fresh) {
        // A 304 carries validators and caching headers, not the body's own (as express.static).
        response.removeHeader("Content-Encoding");
        for (const [name, value] of loaded.headers)
          if (name !== "Content-Type") response.setHeader(name, value);
        response.setHeader("X-Request-Id", assignRequestId(request));
        response.statusCode = 304;
        response.end();
        return;
      }
      // Not fresh: sendWhole's writeHead replaces the headers set for the comparison.
    }
    sendWhole(loaded, chosen, request, response);
  }

  const answer: FastLane = (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    if (request.headers.range !== undefined || isConditional(request)) return false;
    const entry = files.get(pathOf(request.url ?? ""));
    if (!entry?.ready) return false;
    sendWhole(entry.ready, choose(entry.ready, request), request, response);
    return true;
  };

  const fromMemory: express.RequestHandler = (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    if (request.headers.range !== undefined) return next();
    const entry = files.get(pathOf(request.originalUrl));
    if (!entry?.contentType || entry.ready === null) return next();
    if (entry.ready) return send(entry.ready, request, response);
    entry.loaded ??= load(entry).then((loaded) => (entry.ready = loaded));
    entry.loaded.then((loaded) => (loaded ? send(loaded, request, response) : next()), next);
  };

  return {
    answer,
    fromMemory,
    onlyForFiles: (handler) => (request, response, next) => {
      if (!files.has(pathOf(request.originalUrl))) return next();
      handler(request, response, next);
    },
  };
}

function isConditional(request: IncomingMessage): boolean {
  return (
    request.headers["if-none-match"] !== undefined ||
    request.headers["if-modified-since"] !== undefined
  );
}

/** The path of a request's URL, as sent (file names in a build need no percent-encoding). */
function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/**
 * URL path → file, for every file under `root`, found once at start-up (a file added later is not
 * served: the client build does not change under a running server).
 */
function indexFiles(root: string, maxEntries: number): Map<string, IndexedFile> {
  const found = new Map<string, IndexedFile>();
  const names = new Set<string>();
  let entries = 0;
  const walk = (folder: string, urlFolder: string) => {
    let listing;
    try {
      listing = readdirSync(folder, { withFileTypes: true });
    } catch {
      return; // missing or unreadable: nothing to serve from it
    }
    for (const item of listing) {
      if (++entries > maxEntries) return;
      if (item.name.startsWith(".")) continue;
      const file = path.join(folder, item.name);
      const urlPath = `${urlFolder}/${item.name}`;
      if (item.isDirectory()) walk(file, urlPath);
      if (!item.isFile()) continue;
      names.add(file);
      const contentType = CONTENT_TYPES[path.extname(item.name).toLowerCase()];
      found.set(urlPath, { file, urlPath, contentType, encodings: [] });
    }
  };
  walk(root, "");
  for (const entry of found.values())
    entry.encodings = ENCODINGS.filter(({ suffix }) => names.has(entry.file + suffix)).map(
      ({ name }) => name,
    );
  return found;
}

/** The validators `express.static` gives a file (weak ETag of size and mtime), for each copy. */
async function readRepresentation(
  file: string,
  encoding: EncodingName | null,
): Promise<Representation> {
  const [info, body] = await Promise.all([stat(file), readFile(file)]);
  const headers: Array<[string, string]> = [
    ["ETag", `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`],
    ["Last-Modified", info.mtime.toUTCString()],
  ];
  if (encoding) headers.push(["Content-Encoding", encoding]);
  return { body, headers };
}

/**
 * The encodings a request accepts at all (q > 0), remembered per Accept-Encoding value: browsers
 * send a handful of distinct values, and parsing one costs more than answering from memory.
 * Among accepted encodings the smallest copy wins; q-values between them are not weighed, as
 * every copy decodes to the same bytes.
 */
function createEncodingMemo(limit = 100): (request: IncomingMessage) => Set<EncodingName> {
  const none = new Set<EncodingName>();
  const memo = new Map<string, Set<EncodingName>>();
  return (request) => {
    const header = request.headers["accept-encoding"];
    if (header === undefined) return none;
    let known = memo.get(header);
    if (!known) {
      known = new Set(
        ENCODINGS.map(({ name }) => name).filter((name) =>
          // Express's negotiation (the `accepts` package) reads only the request's headers.
          acceptsEncodings.call(request, name),
        ),
      );
      if (memo.size < limit) memo.set(header, known);
    }
    return known;
  };
}
