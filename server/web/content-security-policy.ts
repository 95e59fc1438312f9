import { createHash } from "node:crypto";
import { DEFERRED_MODULE_TYPE } from "../../core/deferred-module";

/**
 * How a page's inline scripts (React Router's hydration data and module loader) are allowed:
 * a page rendered for one request carries a fresh nonce; a page rendered once and sent to many
 * visitors (server/web/shared-pages.ts) names its scripts by hash, since a nonce must never be
 * reused across responses.
 */
export type InlineScripts = { nonce: string } | { hashes: string[] };

export type PolicyOptions = {
  /** Google Identity Services adds its script, stylesheet, iframe and requests. */
  googleSignIn: boolean;
  /** Sites served over HTTPS upgrade any stray http:// subresource. */
  upgradeInsecureRequests: boolean;
};

/** Google's documented sources for the Sign In With Google button. */
const GOOGLE_SIGN_IN = {
  script: "https://accounts.google.com/gsi/client",
  style: "https://accounts.google.com/gsi/style",
  frame: "https://accounts.google.com/gsi/",
  connect: "https://accounts.google.com/gsi/",
};

/** The Content-Security-Policy header of every page the server renders. */
export function contentSecurityPolicy(scripts: InlineScripts, options: PolicyOptions): string {
  const google = options.googleSignIn;
  const inline =
    "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((hash) => `'${hash}'`);
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    ["base-uri", ["'self'"]],
    ["connect-src", ["'self'", ...(google ? [GOOGLE_SIGN_IN.connect] : [])]],
    ["font-src", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ["frame-src", ["'self'", ...(google ? [GOOGLE_SIGN_IN.frame] : [])]],
    // Course images and covers are ours (decision 0039); `https:` stays only because
    // an article's markdown may show an image from any https address.
    ["img-src", ["'self'", "data:", "https:"]],
    // The web app manifest and the service worker (public/sw.js) are our own files only; without
    // this, workers would fall back to script-src, whose nonces and hashes do not apply to them.
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["script-src", ["'self'", ...inline, ...(google ? [GOOGLE_SIGN_IN.script] : [])]],
    ["script-src-attr", ["'none'"]],
    ["style-src", ["'self'", "'unsafe-inline'", ...(google ? [GOOGLE_SIGN_IN.style] : [])]],
    ["worker-src", ["'self'"]],
  ];
  if (options.upgradeInsecureRequests) directives.push(["upgrade-insecure-requests", []]);
  return directives.map(([name, sources]) => [name, ...sources].join(" ")).join("; ");
}

/**
 * The CSP hash sources ('sha256-…') of the inline scripts in an HTML document, including the
 * module script that starts after paint (app/lib/scripts-after-paint.ts). Data blocks (JSON-LD)
 * never run, so they need none; scripts with a src are covered by 'self'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1]!;
    const body = match[2]!;
    if (/\bsrc\s*=/i.test(attributes) || body === "") continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    const runs =
      !type || type === "module" || type === DEFERRED_MODULE_TYPE || type.includes("javascript");
    if (!runs) continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}
