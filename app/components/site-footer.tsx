import { Link, useRouteLoaderData } from "react-router";
import { ScrollToTop } from "./scroll-to-top";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/** The slice of the root loader's data the footer needs (typed here: components never see server types). */
type RootSiteData = {
  site?: { instagramUrl?: string; telegramUrl?: string };
  apkAvailable?: boolean;
};

// 44 px tall rows: each link is a whole tap target, not a 16 px line of text.
const linkClass =
  "inline-flex min-h-11 items-center rounded-sm hover:text-slate-900 hover:underline dark:hover:text-white";

const comingSoonClass =
  "ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300";

const headingClass = "text-xs font-semibold tracking-wide text-slate-900 uppercase dark:text-white";

export function SiteFooter() {
  const { t, href } = useMessages();
  // Undefined when the root loader itself failed (error page): the social links are then left out.
  const root = useRouteLoaderData("root") as RootSiteData | undefined;
  const instagramUrl = root?.site?.instagramUrl;
  const telegramUrl = root?.site?.telegramUrl;
  // Nothing to download yet: say so instead of promoting a download that does not exist.
  const appComingSoon = root?.apkAvailable === false;
  const year = new Date().getFullYear();

  return (
    <>
      {/* The bottom padding keeps the last line clear of the back-to-top button (48 px, 16–24 px
          from the corner) when the page is scrolled to the end. */}
      <footer className="render-when-near mt-16 border-t border-slate-200 bg-white pt-10 pb-24 text-sm text-slate-600 [--offscreen-height:48rem] md:[--offscreen-height:21rem] dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2 lg:col-span-1">
            <p className="text-base font-bold text-slate-900 dark:text-white">Kursusku</p>
            <p className="mt-2 max-w-xs">{t(m.footer_tagline)}</p>
          </div>

          <nav aria-labelledby="footer-site-heading">
            <h2 id="footer-site-heading" className={headingClass}>
              {t(m.footer_site)}
            </h2>
            <ul className="mt-1">
              <li>
                <Link to={href("/contact-us")} className={linkClass}>
                  {t(m.footer_contact)}
                </Link>
              </li>
              <li>
                <Link to={href("/privacy")} className={linkClass}>
                  {t(m.footer_privacy)}
                </Link>
              </li>
              <li>
                <Link to={href("/terms-of-service")} className={linkClass}>
                  {t(m.footer_terms)}
                </Link>
              </li>
              <li>
                <Link to={href("/downloads")} className={linkClass}>
                  {t(m.footer_download_app)}
                </Link>
                {appComingSoon && <span className={comingSoonClass}>{t(m.coming_soon)}</span>}
              </li>
            </ul>
          </nav>

          <nav aria-labelledby="footer-projects-heading">
            <h2 id="footer-projects-heading" className={headingClass}>
              {t(m.footer_more)}
            </h2>
            <ul className="mt-1">
              <li>
                <Link to={href("/downloads")} className={linkClass}>
                  {t(m.footer_android_app)}
                </Link>
                {appComingSoon && <span className={comingSoonClass}>{t(m.coming_soon)}</span>}
              </li>
              <li>
                <Link to={href("/articles")} className={linkClass}>
                  {t(m.footer_article_community)}
                </Link>
              </li>
              <li>
                <a href="/feed.xml" className={linkClass}>
                  {t(m.footer_feed)}
                </a>
              </li>
            </ul>
          </nav>

          {(instagramUrl || telegramUrl) && (
            <nav aria-labelledby="footer-social-heading">
              <h2 id="footer-social-heading" className={headingClass}>
                {t(m.footer_follow)}
              </h2>
              <ul className="mt-1">
                {instagramUrl && (
                  <li>
                    <a
                      href={instagramUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={linkClass}
                    >
                      Instagram
                      <span className="sr-only">{t(m.opens_in_new_tab)}</span>
                    </a>
                  </li>
                )}
                {telegramUrl && (
                  <li>
                    <a
                      href={telegramUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={linkClass}
                    >
                      {t(m.footer_telegram)}
                      <span className="sr-only">{t(m.opens_in_new_tab)}</span>
                    </a>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </div>
        <p className="mx-auto mt-10 max-w-7xl px-4 text-xs text-slate-500 dark:text-slate-400">
          {t(m.footer_legal, { year })}
        </p>
      </footer>
      <ScrollToTop />
    </>
  );
}
