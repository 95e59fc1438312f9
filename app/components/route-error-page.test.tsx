import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  data,
  StaticRouterProvider,
  type RouteObject,
} from "react-router";
import { describe, expect, it } from "vitest";
import { RouteErrorPage } from "./route-error-page";

/** A root like the site's (id "root", its data holding the request id) over pages that fail. */
const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: () => ({ requestId: "req-42" }),
    ErrorBoundary: RouteErrorPage,
    children: [
      { path: "missing", loader: () => Promise.reject(data(null, { status: 404 })) },
      { path: "id/missing", loader: () => Promise.reject(data(null, { status: 404 })) },
      { path: "refused", loader: () => Promise.reject(data(null, { status: 403 })) },
      { path: "broken", loader: () => Promise.reject(new Error("database gone")) },
      { path: "id/broken", loader: () => Promise.reject(new Error("database gone")) },
    ],
  },
];

async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://kursusku.test${path}`));
  if (context instanceof Response) throw new Error(`unexpected response for ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
}

describe("the page a failed route shows", () => {
  it("tells a missing page from a failure, with the way back and no reference", async () => {
    const html = await renderPage("/missing");
    expect(html).toContain('data-error-kind="not-found"');
    expect(html).toContain("Page Not Found");
    expect(html).toContain('href="/"');
    expect(html).not.toContain("req-42");
  });

  it("says a refused page is not open to the account", async () => {
    const html = await renderPage("/refused");
    expect(html).toContain('data-error-kind="forbidden"');
    expect(html).toContain("Not Allowed");
    expect(html).not.toContain("Refresh Page");
  });

  it("gives a failure the request's id to quote to the operator, and a reload", async () => {
    const html = await renderPage("/broken");
    expect(html).toContain('data-error-kind="failed"');
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Reference for the site&#x27;s operator: req-42");
    expect(html).toContain("Refresh Page");
  });

  it("speaks Indonesian on an Indonesian page", async () => {
    expect(await renderPage("/id/missing")).toContain("Halaman Tidak Ditemukan");
    const failed = await renderPage("/id/broken");
    expect(failed).toContain("Terjadi kesalahan");
    expect(failed).toContain("Kode rujukan untuk pengelola situs: req-42");
  });
});
