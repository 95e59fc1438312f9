import { Link } from "react-router";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white py-10 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <p className="text-base font-bold text-slate-900 dark:text-white">Kursusku</p>
          <p className="mt-2">Free online courses with 100%-off coupons, refreshed every day.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to="/contact-us" className="hover:underline">
            Contact Us
          </Link>
          <Link to="/privacy" className="hover:underline">
            Privacy Policy
          </Link>
          <Link to="/terms-of-service" className="hover:underline">
            Terms of Service
          </Link>
          <Link to="/downloads" className="hover:underline">
            Download App
          </Link>
        </nav>
      </div>
      <p className="mx-auto mt-8 max-w-7xl px-4 text-xs">© {year} Kursusku</p>
    </footer>
  );
}
