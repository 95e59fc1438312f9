/**
 * Polite, bounded HTTP GETs for third-party feeds: every attempt has a timeout, the body is
 * streamed and abandoned past a size limit, and only failures that may pass (network errors,
 * timeouts, 5xx, 429) are retried, with exponential backoff.
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

export type FetchTextOptions = {
  accept?: string;
  /** Cancels the whole fetch, retries included (server shutdown). */
  signal?: AbortSignal;
  /** Tests replace the backoff wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

export type FetchedText = { text: string; status: number; attempts: number };

export async function fetchText(
  url: string,
  policy: FetchPolicy,
  options: FetchTextOptions = {},
): Promise<FetchedText> {
  const sleep = options.sleep ?? sleepFor;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { text, status } = await fetchOnce(url, policy, options);
      return { text, status, attempts: attempt + 1 };
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
): Promise<{ text: string; status: number }> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const response = await fetch(url, {
    signal,
    redirect: "follow",
    headers: {
      "user-agent": policy.userAgent,
      accept: options.accept ?? "*/*",
    },
  });
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
  return { text: body.replace(/^\uFEFF/, ""), status: response.status };
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
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
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
  // A redirect loop is the site's configuration: asking again only repeats the loop.
  if (/redirect count exceeded/i.test(`${detail} ${(error as Error).message}`)) {
    return new FetchError(`redirect loop (${detail})`, false);
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
