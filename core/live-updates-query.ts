import { z } from "./zod";

// Apart from live-updates.ts, which every page's poller imports: only the server reads the query,
// and zod stays out of the browser's JavaScript.
const cursorValue = z.coerce.number().int().min(0).max(2_147_483_647);

/** The poller's cursor: the newest course and article ids the page already has. */
export const liveUpdatesQuerySchema = z.object({
  courseSince: cursorValue.default(0),
  articleSince: cursorValue.default(0),
});
