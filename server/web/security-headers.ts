import { randomFillSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import helmet, { type HelmetOptions } from "helmet";
import { contentSecurityPolicy, type PolicyOptions } from "./content-security-policy";

export type HeaderList = ReadonlyArray<readonly [string, string]>;

/** What helmet is asked for; everything else is helmet's default. */
export function helmetOptions(options: { strictTransportSecurity: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: false, // set per answer: a nonce per page (below)
    // Course images come from the marketplace's CDN.
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup reports back to the page that opened it.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    // "no-referrer" makes browsers send `Origin: null` on same-site form posts, which the
    // CSRF check must then refuse; this policy keeps the real origin on our own requests.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: options.strictTransportSecurity,
  };
}

/**
 * The headers helmet sets with these options. They depend on the options alone, never on the
 * request, yet helmet works them out again for every request (a dozen functions, a dozen
 * setHeader calls). Helmet stays the source of truth: it runs once here, against a recorder.
 */
export function captureHelmetHeaders(options: HelmetOptions): HeaderList {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let finished = false;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      finished = true;
    },
  );
  if (!finished) throw new Error("helmet did not set its headers synchronously");
  return [...headers];
}

/**
 * A page's Content-Security-Policy for a nonce, built by joining three strings: the policy
 * around the nonce does not change while the process runs.
 */
export function createNoncePolicy(options: PolicyOptions): (nonce: string) => string {
  const marker = "\u0000";
  const [before, after] = contentSecurityPolicy({ nonce: marker }, options).split(marker);
  if (after === undefined) throw new Error("the policy has no place for a nonce");
  return (nonce) => before + nonce + after;
}

/** Bytes of a nonce: 128 bits, as CSP asks for. */
const NONCE_BYTES = 16;

/**
 * Fresh nonces (base64 of 16 random bytes) cut from a pool of random bytes filled 256 nonces at a
 * time: one call into the system's CSPRNG per request cost more than the rest of the header
 * work (Node's randomUUID pools its randomness the same way). Every nonce is still 16 bytes
 * nobody saw before.
 */
export function createNonceSource(batch = 256): () => string {
  const pool = Buffer.alloc(NONCE_BYTES * batch);
  let offset = pool.length;
  return () => {
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
    offset += NONCE_BYTES;
    return nonce;
  };
}

export type SecurityHeaders = {
  /** Helmet's headers, and a policy with a fresh nonce (for React Router) unless `nonce` is off. */
  middleware: (options: { nonce: boolean }) => express.RequestHandler;
  /**
   * Everything a static file's answer carries: helmet's headers (but HSTS, which the pages send
   * over https) and a policy without inline scripts (an SVG opened as a document runs under it).
   */
  staticFileHeaders: HeaderList;
};

export function createSecurityHeaders(options: {
  policy: PolicyOptions;
  strictTransportSecurity: boolean;
}): SecurityHeaders {
  const captured = captureHelmetHeaders(helmetOptions(options));
  // HSTS means something only on an https answer; a browser ignores it over http, and a site
  // reached over plain http (a tunnel, a LAN address) must not claim it.
  const isHsts = ([name]: readonly [string, string]) =>
    name.toLowerCase() === "strict-transport-security";
  const fixed = captured.filter((header) => !isHsts(header));
  const hsts = captured.find(isHsts)?.[1];
  const nextNonce = createNonceSource();
  const policyWithNonce = createNoncePolicy(options.policy);
  return {
    middleware: ({ nonce }) =>
      function setSecurityHeaders(request, response, next) {
        for (const [name, value] of fixed) response.setHeader(name, value);
        // `secure`: the connection is TLS, or a trusted proxy says X-Forwarded-Proto: https.
        if (hsts && request.secure) response.setHeader("Strict-Transport-Security", hsts);
        if (nonce) {
          const value = nextNonce();
          response.locals.cspNonce = value;
          response.setHeader("Content-Security-Policy", policyWithNonce(value));
        }
        next();
      },
    staticFileHeaders: [
      ...fixed,
      ["Content-Security-Policy", contentSecurityPolicy({ hashes: [] }, options.policy)],
    ],
  };
}
