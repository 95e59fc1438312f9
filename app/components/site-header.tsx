import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { AccountMenu, CreditBadge } from "./account-menu";
import { DevSignInForm, GoogleSignInButton } from "./sign-in";
import { ThemeToggle } from "./theme-toggle";
import { useViewer } from "./personal-layer";
import { useRootData } from "./use-root-data";
import { LanguageSwitch } from "./language-switch";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

const navLinkClass =
  "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800";

function NavLinks({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  const { t, href } = useMessages();
  return (
    <>
      <a href={href("/#courses-section")} className={navLinkClass} onClick={onNavigate}>
        {t(m.nav_courses)}
      </a>
      <Link to={href("/articles")} className={navLinkClass} onClick={onNavigate}>
        {t(m.nav_articles)}
      </Link>
      <a href={href("/#redeem-section")} className={navLinkClass} onClick={onNavigate}>
        {t(m.nav_redeem)}
      </a>
      {signedIn && (
        <Link to={href("/dashboard")} className={navLinkClass} onClick={onNavigate}>
          {t(m.nav_dashboard)}
        </Link>
      )}
    </>
  );
}

function SignInControls({ compact = false }: { compact?: boolean }) {
  const root = useRootData();
  const viewer = useViewer();
  if (!root || viewer?.signedIn) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {root.auth.googleClientId && <GoogleSignInButton clientId={root.auth.googleClientId} />}
      {root.auth.devSignIn && <DevSignInForm compact={compact} />}
    </div>
  );
}

export function SiteHeader() {
  const { t, href } = useMessages();
  const root = useRootData();
  const viewer = useViewer();
  const signedIn = viewer?.signedIn ?? false;
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  // Signing in from the phone menu ends what the menu was opened for: close it once the viewer
  // is signed in (the dev form's redirect and Google's revalidation both keep this header mounted).
  const [signedInBefore, setSignedInBefore] = useState(signedIn);
  if (signedIn !== signedInBefore) {
    setSignedInBefore(signedIn);
    if (signedIn) setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (menuRef.current && !menuRef.current.contains(event.target as Node)) setMenuOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("mousedown", closeOnOutsideClick);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("mousedown", closeOnOutsideClick);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      <div
        ref={menuRef}
        className="relative mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-2"
      >
        <Link
          to={href("/")}
          className="flex min-h-11 shrink-0 items-center gap-2 text-xl font-extrabold tracking-tight"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>
            Kursus<span className="text-brand-600 dark:text-brand-100">ku</span>
          </span>
        </Link>
        <nav aria-label={t(m.nav_main_label)} className="hidden items-center gap-1 lg:flex">
          <NavLinks signedIn={signedIn} />
          <LanguageSwitch className={navLinkClass} />
        </nav>
        {/* One line on a 390 px phone: signed in, the theme toggle moves into the menu there. */}
        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          <div className={signedIn ? "hidden sm:block" : undefined}>
            <ThemeToggle initial={root?.theme ?? null} />
          </div>
          {viewer && viewer.creditsRemaining !== null && (
            // A div: the badge holds its menu's <div>, which HTML does not allow inside a <span>.
            <div className="whitespace-nowrap">
              <CreditBadge credits={viewer.creditsRemaining} />
            </div>
          )}
          {viewer?.signedIn ? (
            <AccountMenu viewer={viewer} />
          ) : (
            // Hidden by a signed-in visitor's no-script bar (server/web/personal-tail.ts).
            <div className="hidden lg:block" data-signed-out-only>
              <SignInControls />
            </div>
          )}
          <button
            type="button"
            data-replay="mobile-menu"
            className="inline-flex h-11 w-11 items-center justify-center rounded-md lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t(m.menu_close) : t(m.menu_open)}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg
              aria-hidden="true"
              width="24"
              height="24"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
        {menuOpen && (
          <div
            id="mobile-menu"
            className="absolute inset-x-0 top-full flex flex-col gap-3 border-b border-slate-200 bg-white p-3 shadow-lg lg:hidden dark:border-slate-800 dark:bg-slate-900"
          >
            <nav aria-label={t(m.nav_mobile_label)} className="flex flex-col gap-1">
              <NavLinks signedIn={signedIn} onNavigate={() => setMenuOpen(false)} />
              <LanguageSwitch className={navLinkClass} onNavigate={() => setMenuOpen(false)} />
            </nav>
            <SignInControls compact />
            {signedIn && (
              <div className="flex items-center gap-2 sm:hidden">
                <ThemeToggle initial={root?.theme ?? null} />
                <span className="text-sm text-slate-600 dark:text-slate-300">{t(m.theme)}</span>
              </div>
            )}
          </div>
        )}
      </div>
    </header>
  );
}
