import type express from "express";
import type { ChangeNotices } from "../db/change-notices";
import type { SharedPages } from "./shared-pages";

const READ_ONLY = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every instance forgets its shared pages after a write on any instance, as each already does
 * after its own (`forgetSharedPagesAfterWrites`): once a request that may have written has been
 * answered, this instance publishes a "pages" notice, and a notice from another instance makes
 * this one forget its pages. So a page is at most one round trip older than the last write
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
    if (!READ_ONLY.has(request.method))
      response.once("close", () => notices.publish({ kind: "pages" }));
    next();
  };
}
