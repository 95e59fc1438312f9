import { readStreamUpTo } from "../../../core/bounded-stream";
import { isPublicHost } from "./public-address";

/**
 * Polite, bounded HTTP GETs (and an API's POSTs) for third-party feeds: each attempt has a
 * timeout, the body is streamed and abandoned past a size limit, and only failures that may pass
 * (network errors, timeouts, 5xx, 429) are retried, with exponential backoff.
 *
 * Every request the ingest makes (feed and detail pages, Udemy's API, an aggregator's link) goes
 * out through `requestHop`: redirects are never followed by fetch itself, so each hop's address
 * passes the same gate (http or https, public unless the operator configured that very origin)
 * and one limit of MAX_REDIRECTS hops holds everywhere.
 */
export type FetchPolicy = {
  /** Per attempt, covering the headers and the whole body. */
  timeoutMs: number;
  maxBytes: number;
  /** Further attempts after the first one. */
  retries: number;
  /** Wait before the first retry; doubled for every further one. */
  backoffMs: number;
  userAgent: string;
};

export const DEFAULT_FETCH_POLICY: Omit<FetchPolicy, "userAgent"> = {
  timeoutMs: 15_000,
  maxBytes: 10 * 1024 * 1024,
  retries: 2,
  backoffMs: 1_000,
};

/** "KursuskuBot/1.0 (+https://kursusku.id)": says who we are and where to complain. */
export function botUserAgent(publicSiteUrl: string): string {
  return `KursuskuBot/1.0 (+${publicSiteUrl})`;
}

/** A wait longer than this (a hostile Retry-After) is cut down to it. */
const MAX_RETRY_WAIT_MS = 30_000;

export class FetchError extends Error {
  override name = "FetchError";
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Redirects one fetch may follow: feeds, Udemy's API and aggregator links alike. */
export const MAX_REDIRECTS = 5;

/**
 * Where requests may go. A redirect or a link is the remote side's word, so every address must
 * be on the public internet (never loopback, a private network or cloud metadata), except the
 * origins the operator configured (a source's URL, UDEMY_BASE_URL): those may be a stand-in on
 * 127.0.0.1 or a mirror on the local network. A hop from one of them to another internal
 * address is refused like any other.
 */
export type AddressGate = {
  trustedOrigins?: readonly string[];
  /**
   * When given, the only hosts (https) a hop may go to besides the trusted origins: an
   * allow-list such as Udemy's image CDN, so a redirect cannot lead anywhere else.
   */
  allowedHosts?: readonly string[];
  /** Resolves a host name to its addresses (tests replace it). */
  resolveHost?: (host: string) => Promise<string[]>;
};

/** The gate of a source or API configured at these addresses: their own origins are trusted. */
export function gateFor(...configuredUrls: string[]): AddressGate {
  const trustedOrigins = configuredUrls.flatMap((configured) => {
    try {
      return [new URL(configured).origin];
    } catch {
      return [];
    }
  });
  return trustedOrigins.length > 0 ? { trustedOrigins } : {};
}

/**
 * What a page's last full answer said about its version (ETag, Last-Modified), sent back as
 * If-None-Match / If-Modified-Since so that a site which supports them answers 304 instead of
 * the same page again.
 */
export type PageValidators = { etag?: string; lastModified?: string };

/** Longer validators are not kept: a hostile header may be kilobytes long. */
const MAX_VALIDATOR_LENGTH = 200;

export type HopRequest = {
  signal: AbortSignal;
  userAgent: string;
  accept: string;
  /** A source's own headers (source-config.ts allows only harmless names); they win. */
  headers?: Readonly<Record<string, string>>;
  /** Makes the request conditional: the site may answer 304 Not Modified. */
  validators?: PageValidators;
  /** POSTs this as JSON instead of a GET (an API that takes its page in the body). */
  json?: unknown;
};

function conditionalHeaders(validators: PageValidators | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (validators?.etag) headers["if-none-match"] = validators.etag;
  if (validators?.lastModified) headers["if-modified-since"] = validators.lastModified;
  return headers;
}

/** The validators an answer carries (none when absent or absurdly long). */
export function validatorsOf(response: Response): PageValidators {
  const validators: PageValidators = {};
  const etag = response.headers.get("etag")?.trim();
  const lastModified = response.headers.get("last-modified")?.trim();
  if (etag && etag.length <= MAX_VALIDATOR_LENGTH) validators.etag = etag;
  if (lastModified && lastModified.length <= MAX_VALIDATOR_LENGTH) {
    validators.lastModified = lastModified;
  }
  return validators;
}

/**
 * One GET of `url`, its redirect not followed; refused (FetchError, not retried) when the
 * address does not pass the gate. Callers read a redirect with `redirectTarget`.
 */
export async function requestHop(
  url: URL,
  gate: AddressGate,
  request: HopRequest,
): Promise<Response> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchError(`refused to fetch a ${url.protocol} address`, false);
  }
  if (
    gate.allowedHosts &&
    !gate.trustedOrigins?.includes(url.origin) &&
    !(url.protocol === "https:" && gate.allowedHosts.includes(url.hostname.toLowerCase()))
  ) {
    throw new FetchError(`refused to fetch ${shortUrl(url.href)}: not an allowed host`, false);
  }
  if (
    !gate.trustedOrigins?.includes(url.origin) &&
    !(await isPublicHost(url.hostname, gate.resolveHost))
  ) {
    throw new FetchError(`refused to fetch ${shortUrl(url.href)}: not a public address`, false);
  }
  const post = request.json !== undefined;
  return fetch(url, {
    signal: request.signal,
    redirect: "manual",
    credentials: "omit",
    ...(post ? { method: "POST", body: JSON.stringify(request.json) } : {}),
    headers: {
      "user-agent": request.userAgent,
      accept: request.accept,
      ...(post ? { "content-type": "application/json" } : {}),
      ...request.headers,
      ...conditionalHeaders(request.validators),
    },
  });
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Where a redirect answer points (its body discarded), or null when the answer is not a
 * redirect. A redirect without a usable Location is the site's fault: not retried.
 */
export async function redirectTarget(response: Response, from: URL): Promise<URL | null> {
  if (!REDIRECT_STATUSES.has(response.status)) return null;
  await response.body?.cancel().catch(() => undefined);
  const location = response.headers.get("location");
  if (!location) throw new FetchError(`HTTP ${response.status} without a Location`, false);
  try {
    return new URL(location, from);
  } catch {
    throw new FetchError(`HTTP ${response.status} to an unreadable Location`, false);
  }
}

/** Addresses in messages are cut: a hostile Location may be kilobytes long. */
export function shortUrl(href: string): string {
  return href.length > 200 ? `${href.slice(0, 200)}…` : href;
}

export type FetchTextOptions = {
  accept?: string;
  /** Sent on every hop besides user-agent and accept (and over them). */
  headers?: Readonly<Record<string, string>>;
  /** Where hops may go; by default public addresses only. */
  gate?: AddressGate;
  /**
   * Asks conditionally: a 304 answer then comes back as `notModified` (empty text) instead of
   * an error. Without validators a 304 is an error like any other non-2xx answer.
   */
  validators?: PageValidators;
  /** Cancels the whole fetch, retries included (server shutdown). */
  signal?: AbortSignal;
  json?: HopRequest["json"];
  /** Tests replace the backoff wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

export type FetchedText = {
  text: string;
  status: number;
  attempts: number;
  /** The site answered 304 to a conditional request: `text` is empty. */
  notModified: boolean;
  /** The answer's ETag / Last-Modified, to send back next time. */
  validators: PageValidators;
};

export async function fetchText(
  url: string,
  policy: FetchPolicy,
  options: FetchTextOptions = {},
): Promise<FetchedText> {
  const sleep = options.sleep ?? sleepFor;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await fetchOnce(url, policy, options);
      return { ...answer, attempts: attempt + 1 };
    } catch (error) {
      const failure = toFetchError(error, policy, options.signal);
      if (!failure.retryable || attempt >= policy.retries || options.signal?.aborted) {
        if (attempt > 0) failure.message = `${failure.message} (after ${attempt + 1} attempts)`;
        throw failure;
      }
      const backoff = policy.backoffMs * 2 ** attempt;
      await sleep(
        Math.min(MAX_RETRY_WAIT_MS, Math.max(backoff, failure.retryAfterMs ?? 0)),
        options.signal,
      );
    }
  }
}

async function fetchOnce(
  url: string,
  policy: FetchPolicy,
  options: FetchTextOptions,
): Promise<Omit<FetchedText, "attempts">> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const request: HopRequest = {
    signal,
    userAgent: policy.userAgent,
    accept: options.accept ?? "*/*",
    headers: options.headers,
    validators: options.validators,
    json: options.json,
  };
  const response = await followRedirects(url, options.gate ?? {}, request);
  if (response.status === 304 && options.validators) {
    await response.body?.cancel().catch(() => undefined);
    return { text: "", status: 304, notModified: true, validators: validatorsOf(response) };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    const status = response.status;
    throw new FetchError(
      `HTTP ${status}`,
      status >= 500 || status === 429,
      status,
      parseRetryAfter(response.headers.get("retry-after")),
    );
  }
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > policy.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(policy.maxBytes);
  }
  const body = await readBodyText(response, policy.maxBytes, () => tooLarge(policy.maxBytes));
  return {
    text: body.replace(/^\uFEFF/, ""),
    status: response.status,
    notModified: false,
    validators: validatorsOf(response),
  };
}

/** The final answer for `start`, every redirect hop through the gate. */
export async function followRedirects(
  start: string,
  gate: AddressGate,
  request: HopRequest,
): Promise<Response> {
  let current: URL;
  try {
    current = new URL(start);
  } catch {
    throw new FetchError(`invalid URL: ${shortUrl(start)}`, false);
  }
  const seen = new Set<string>();
  for (let redirects = 0; ; redirects += 1) {
    // A redirect loop is the site's configuration: asking again only repeats the loop.
    if (seen.has(current.href)) {
      throw new FetchError(`redirect loop at ${shortUrl(current.href)}`, false);
    }
    seen.add(current.href);
    const response = await requestHop(current, gate, request);
    const next = await redirectTarget(response, current);
    if (next === null) return response;
    // A POST is not sent on elsewhere: an API that moved answers in another way now.
    if (request.json !== undefined) throw new FetchError("a POST was redirected", false);
    if (redirects >= MAX_REDIRECTS) {
      throw new FetchError(`more than ${MAX_REDIRECTS} redirects from ${shortUrl(start)}`, false);
    }
    current = next;
  }
}

/**
 * The JSON in an answer's body. When it is not JSON the parser's own message is not repeated:
 * it quotes the body, and an answer's bytes never reach ingest runs or /admin.
 */
export function parseJsonBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new Error("invalid JSON (format changed?)");
  }
}

/**
 * A response body as UTF-8 text, streamed and abandoned as soon as it passes `maxBytes` (a
 * hostile or broken server may send gigabytes): `tooLarge` gives the error thrown then.
 */
export async function readBodyText(
  response: Response,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  return new TextDecoder("utf-8").decode(await readBodyBytes(response, maxBytes, tooLarge));
}

/** A response body's bytes, streamed and abandoned as soon as it passes `maxBytes`. */
export async function readBodyBytes(
  response: Response,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const bytes = await readStreamUpTo(response.body, maxBytes);
  if (!bytes) throw tooLarge();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function tooLarge(maxBytes: number): FetchError {
  return new FetchError(`response larger than ${maxBytes} bytes`, false);
}

function toFetchError(error: unknown, policy: FetchPolicy, signal?: AbortSignal): FetchError {
  if (error instanceof FetchError) return error;
  if (signal?.aborted) return new FetchError("aborted", false);
  const name = (error as { name?: string } | null)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return new FetchError(`timed out after ${policy.timeoutMs} ms`, true);
  }
  // undici reports network failures as TypeError("fetch failed") with the reason in `cause`.
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
  if (
    error instanceof TypeError &&
    /invalid url|unknown scheme/i.test(`${detail} ${error.message}`)
  ) {
    return new FetchError(`invalid URL: ${detail}`, false);
  }
  return new FetchError(`network error: ${detail}`, true);
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}
