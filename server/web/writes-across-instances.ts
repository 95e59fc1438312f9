import type express from "express";
import type { ChangeNotices } from "../db/change-notices";
import { mayChangePublicPages } from "./public-writes";
import type { SharedPages } from "./shared-pages";

/**
 * Every instance forgets its shared pages after a write that may change them (public-writes.ts)
 * on any instance, as each already does after its own (`forgetSharedPagesAfterWrites`): once
 * such a request has been answered, this instance publishes a "pages" notice, and a notice from
 * another instance makes this one forget its pages. So a page is at most one round trip older than the last write
 * anywhere, not up to the pages' lifetime. Without shared pages (development) it still publishes.
 */
export function announceWritesToOtherInstances(
  notices: ChangeNotices,
  pages: SharedPages | null,
): express.RequestHandler {
  if (pages) {
    notices.subscribe((notice) => {
      if (notice.kind === "pages") pages.forgetAll();
    });
  }
  return (request, response, next) => {
    // "close" comes after the answer is sent (so after the write committed), and also when the
    // client gave up waiting.
    if (mayChangePublicPages(request))
      response.once("close", () => notices.publish({ kind: "pages" }));
    next();
  };
}
