import type { ViewerSummary } from "./viewer";

/** Public site facts from configuration (contact page, footer, app download). */
export type SiteSettingsData = {
  supportEmail: string;
  instagramUrl: string;
  telegramUrl: string;
  apkUrl?: string | undefined;
};

export type FlashData = { type: "info" | "success" | "error"; message: string };

/** What the root loader gives every page. */
export type RootData = {
  siteUrl: string;
  site: SiteSettingsData;
  viewer: ViewerSummary;
  flash: FlashData | null;
  auth: { devSignIn: boolean; googleClientId: string | null };
  /** The demo catalogue is listed (no coupon source could be reached): every page says so. */
  demoCatalogue: boolean;
  /** An APK can be downloaded; without one the footer calls the app "coming soon". */
  apkAvailable: boolean;
  /** The user's dark-mode choice, or null to follow the system. */
  theme: "light" | "dark" | null;
  /** Made for the shared page: the viewer comes from the PersonalLayer. */
  sharedRender: boolean;
  /** This request's id (as logged), shown on a failed page; null on a shared page. */
  requestId: string | null;
};

export const FLASH_COOKIE_NAME = "kk_flash";

/**
 * The data block at the end of a shared page that carries the flash message for this one
 * request (a shared page is rendered without it; decision 0042).
 */
export const FLASH_ELEMENT_ID = "kk-flash";
