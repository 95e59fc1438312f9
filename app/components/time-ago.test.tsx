import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from "react-router";
import { describe, expect, it } from "vitest";
import * as m from "../../core/paraglide/messages";
import { useMessages } from "../lib/i18n";
import { TimeAgo } from "./time-ago";

const SERVER_NOW = "2026-11-27T03:00:00.000Z";
const CONFIRMED_AT = "2026-11-27T02:48:00.000Z";

function Confirmed() {
  const { t } = useMessages();
  return (
    <TimeAgo
      at={CONFIRMED_AT}
      serverNow={SERVER_NOW}
      words={(ago) => t(m.coupon_confirmed, { ago })}
      testId="card-confirmed"
    />
  );
}

const routes: RouteObject[] = [
  { path: "/", element: <Confirmed /> },
  { path: "/id/", element: <Confirmed /> },
];

async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://kursusku.test${path}`));
  if (context instanceof Response) throw new Error(`unexpected response for ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
}

describe("TimeAgo (when a coupon was last confirmed)", () => {
  it("says it in words for the server's now and carries the absolute time for the browser", async () => {
    const html = await render("/");
    expect(html).toContain(`<time dateTime="${CONFIRMED_AT}"`);
    expect(html).toContain("confirmed 12 min ago");
  });

  it("in Indonesian", async () => {
    expect(await render("/id/")).toContain("dikonfirmasi 12 menit lalu");
  });
});
