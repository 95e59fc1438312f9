import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { load } from "cheerio";

/**
 * The floor Lighthouse measures on this machine, in the same run as the site's pages (as the bench
 * has its bare node:http ceiling): a near-empty page, and each audited page exactly as the server
 * renders it but without its JavaScript. The difference between a page and its script-less copy
 * is what hydration costs; a bare page that scores below 100 says the machine, not the site, is
 * the limit.
 */
export const BARE_PAGE_PATH = "/__baseline/bare";
const NO_SCRIPT_PREFIX = "/__baseline/no-script";

export const noScriptPath = (path: string) => `${NO_SCRIPT_PREFIX}${path}`;

const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baseline</title><meta name="description" content="A near-empty page: the floor.">
</head><body><main><h1>Baseline</h1><p>A near-empty page.</p></main></body></html>`;

/** The page's HTML without scripts or module preloads: what a browser without JavaScript runs. */
export function withoutScripts(html: string): string {
  const $ = load(html);
  $("script").remove();
  $('link[rel="modulepreload"]').remove();
  return $.html();
}

export type BaselineServer = { origin: string; stop(): Promise<void> };

/**
 * A proxy in front of the site that also answers the baseline pages; everything else (styles,
 * images, fonts) is the site's own answer, so the script-less copy loads what the page loads.
 */
export async function startBaselineServer(siteBase: string): Promise<BaselineServer> {
  const server = createServer((request, response) => {
    void (async () => {
      const url = request.url ?? "/";
      if (url === BARE_PAGE_PATH) {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(BARE_PAGE);
        return;
      }
      const noScript = url.startsWith(NO_SCRIPT_PREFIX);
      const upstream = await fetch(
        `${siteBase}${noScript ? url.slice(NO_SCRIPT_PREFIX.length) : url}`,
        {
          headers: { "user-agent": request.headers["user-agent"] ?? "" },
          redirect: "manual",
        },
      );
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        // fetch has already decoded the body; its length and encoding no longer apply.
        if (!["content-encoding", "content-length", "transfer-encoding"].includes(name))
          headers[name] = value;
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      response.writeHead(upstream.status, headers);
      response.end(noScript ? withoutScripts(body.toString("utf8")) : body);
    })().catch((error: unknown) => {
      response.writeHead(502);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
