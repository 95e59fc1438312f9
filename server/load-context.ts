import type { PersonalScope } from "../core/personal-layer";
import type { Services } from "./services";
import type { WebIdentity } from "./web/request-identity";
import type { RefusedOpening } from "./web/course-opening";

/** What every loader and action receives as `context` (built per request in server/index.ts). */
export type RequestContext = {
  services: Services;
  requestId: string;
  /**
   * Per-request CSP nonce: inline scripts React Router emits must carry it. Absent when a page is
   * rendered once for many visitors: its scripts are then allowed by hash (server/web/shared-pages.ts).
   */
  cspNonce: string | undefined;
  /** The signed-in user or anonymous visitor, resolved once per request. */
  identity: WebIdentity;
  /**
   * Present while a page is rendered once to be shared by every visitor (server/web/shared-pages.ts):
   * the identity is then a visitor without cookies, and loaders note here what each visitor's
   * PersonalLayer must carry (the courses shown, the redeem section).
   */
  sharedRender?: PersonalScope;
  /**
   * GET /go/:courseId already tried before React Router (server/web/course-opening.ts) and was
   * refused: the route shows the refusal without opening again.
   */
  courseOpening?: RefusedOpening;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation
  interface AppLoadContext extends RequestContext {}
}
