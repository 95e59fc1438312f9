import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { AppBonus } from "./components/app-bonus";
import { CourseOpenerProvider } from "./components/course-opener";
import { EarlyTapsReplay, EarlyTapsScript } from "./components/early-taps";
import { useNonce } from "./components/nonce";
import { PersonalLayerProvider, usePersonalLayer } from "./components/personal-layer";
import { ServiceWorkerRegistration } from "./components/service-worker";
import { ToastProvider } from "./components/toast";
import { FlashToast } from "./components/flash-toast";
import { SiteUrlContext } from "./components/site-url";
import { useRootData } from "./components/use-root-data";
import { RouteErrorPage, routeErrorTitle } from "./components/route-error-page";
import type { RootData } from "../core/root-data";
import { readThemePreference } from "../core/theme";
import { findApkDownload } from "../server/domain/admin/app-download";
import { isDemoCatalogueListed } from "../server/domain/catalog/demo-listing";
import { DemoCatalogueBanner } from "./components/demo-notices";
import { LanguageSuggestion } from "./components/language-suggestion";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Stylesheet } from "./components/stylesheet";
import { useMessages } from "./lib/i18n";
import * as m from "../core/paraglide/messages";
import { localeOfPath } from "../core/locale";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable app (PWA): name, icons and colours; public/sw.js is the service worker.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

/**
 * Only error pages use this: a route's own meta wins, but when a loader throws, the matches stop
 * at the root's ErrorBoundary and the page would otherwise have no <title>.
 */
export const meta: Route.MetaFunction = ({ error, location }) => {
  if (!error) return [];
  const title = routeErrorTitle(error, localeOfPath(location.pathname));
  return [{ title: `${title} | Kursusku` }, { name: "robots", content: "noindex" }];
};

/** How long the APK's presence is remembered: the footer of every page asks. */
const APK_CHECK_TTL_MS = 60_000;

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const { config } = context.services;
  const { identity } = context;
  const [apk, demoCatalogue] = await Promise.all([
    context.services.cache.remember("app:apk", APK_CHECK_TTL_MS, () =>
      findApkDownload(context.services),
    ),
    isDemoCatalogueListed(context.services),
  ]);
  return {
    siteUrl: config.publicSiteUrl,
    site: config.site,
    viewer: identity.viewer,
    flash: identity.flash,
    auth: {
      devSignIn: config.auth.devSignIn,
      googleClientId: identity.viewer.signedIn ? null : (config.auth.googleClientId ?? null),
    },
    apkAvailable: apk !== null,
    demoCatalogue,
    theme: readThemePreference(request.headers.get("cookie")),
    sharedRender: Boolean(context.sharedRender),
    // A shared page is the same for everyone: it carries no one request's id.
    requestId: context.sharedRender ? null : context.requestId,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const theme = useRootData()?.theme;
  const { t, locale } = useMessages();
  return (
    <html lang={locale} className={theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <EarlyTapsScript />
        <Stylesheet href={stylesheet} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
        >
          {t(m.skip_to_content)}
        </a>
        <ToastProvider>
          <PersonalLayerProvider>
            <SiteHeader />
            <DemoCatalogueBanner />
            {/* Grows, so the footer sits at the bottom of a short page. */}
            <main id="main" className="flex-1">
              {children}
            </main>
            <SiteFooter />
            <LanguageSuggestion />
            <EarlyTapsReplay />
          </PersonalLayerProvider>
        </ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const layer = usePersonalLayer(loaderData.sharedRender);
  const viewer = layer?.viewer ?? loaderData.viewer;
  return (
    <SiteUrlContext.Provider value={loaderData.siteUrl}>
      <CourseOpenerProvider viewer={viewer}>
        <FlashToast flash={loaderData.flash} sharedRender={loaderData.sharedRender} />
        <AppBonus viewer={viewer} />
        <ServiceWorkerRegistration />
        <Outlet />
      </CourseOpenerProvider>
    </SiteUrlContext.Provider>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
