import { createContext, useContext } from "react";

/**
 * The site's public address (PUBLIC_SITE_URL), for components that must tell the site's own
 * addresses from others' (user content may not embed the site's pages). Null outside the app.
 */
export const SiteUrlContext = createContext<string | null>(null);

export function useSiteUrl(): string | null {
  return useContext(SiteUrlContext);
}
