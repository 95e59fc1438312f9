import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import stylesheetText from "./app.css?inline";
import { NonceProvider } from "./components/nonce";
import { startScriptsAfterPaint } from "./lib/scripts-after-paint";
import { InlineStylesheetProvider } from "./components/stylesheet";

export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, plus the per-request CSP nonce on every inline script it
 * emits (the server's Content-Security-Policy only runs scripts that carry it), and the whole
 * page rendered before it is sent.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineStylesheetProvider value={stylesheetText}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        // React moves a finished boundary out of place (to the end, revealed by a script) once
        // the page passes this many bytes; every boundary stays in place instead.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // Every visitor gets the whole page at once, not a shell with boundaries streamed after
        // it: no loader defers data, and the Suspense boundaries that split hydration into small
        // tasks (each card on the home page) must arrive in place, so the page reads the same
        // without JavaScript and to crawlers.
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const html = startScriptsAfterPaint();
          html.pipe(body);
          pipe(html);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
