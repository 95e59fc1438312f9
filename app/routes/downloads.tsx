import { Link } from "react-router";
import { findApkDownload } from "../../server/domain/app-download";
import { proseClass } from "../components/legal-page";
import { breadcrumbJsonLd, pageMeta, siteUrlFromMatches } from "../lib/seo";
import type { Route } from "./+types/downloads";

const TITLE = "Download App";
const PATH = "/downloads";

export async function loader({ context }: Route.LoaderArgs) {
  const apk = await findApkDownload(context.services);
  return { apk };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  return pageMeta({
    title: TITLE,
    // Search results must not promise a download that does not exist yet.
    description: data?.apk
      ? "Download the Kursusku Android app (APK): free Udemy courses in your pocket, with a daily app bonus. Step-by-step install guide for Android phones."
      : "The Kursusku Android app is coming soon: free Udemy courses in your pocket, with a daily app bonus. Until then everything works in your phone's browser.",
    siteUrl,
    path: PATH,
    jsonLd: [breadcrumbJsonLd(siteUrl, [{ name: TITLE, path: PATH }])],
  });
};

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export default function Downloads({ loaderData }: Route.ComponentProps) {
  const { apk } = loaderData;

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {apk ? "Download the Kursusku App" : "The Kursusku App is coming soon"}
        </h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
          Every free course from the website, on your Android phone.{" "}
          {apk
            ? "App users also get a daily bonus and can write articles for the community."
            : "App users will also get a daily bonus and can write articles for the community."}
        </p>
      </header>

      <section
        aria-labelledby="apk-heading"
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="apk-heading" className="text-xl font-bold text-slate-900 dark:text-white">
          Kursusku for Android
        </h2>
        {apk ? (
          <>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              Android APK{apk.sizeBytes !== null ? ` · ${formatMegabytes(apk.sizeBytes)}` : ""} ·
              free
            </p>
            <a
              href={apk.href}
              {...(apk.source === "bundled" ? { download: "kursusku.apk" } : {})}
              className="mt-5 inline-flex items-center gap-2 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white shadow hover:bg-brand-700"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="20"
                height="20"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M12 3v12m0 0-5-5m5 5 5-5M5 21h14" />
              </svg>
              Download APK
            </a>
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
              Only install Kursusku from this page. Copies from other websites may have been
              modified.
            </p>
          </>
        ) : (
          <div
            role="status"
            className="mt-4 rounded-xl border border-dashed border-slate-300 p-5 text-slate-700 dark:border-slate-700 dark:text-slate-200"
          >
            <p className="font-semibold">
              <span className="mr-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                Coming soon
              </span>
              The Android app is not available for download yet.
            </p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              Everything works in your phone&apos;s browser in the meantime. Follow our channels on
              the{" "}
              <Link to="/contact-us" className="text-brand-600 underline dark:text-brand-100">
                Contact Us
              </Link>{" "}
              page to hear as soon as it is released.
            </p>
          </div>
        )}
      </section>

      <section aria-labelledby="install-heading" className="mt-12">
        <h2
          id="install-heading"
          className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white"
        >
          How to install the APK
        </h2>
        <div className={proseClass}>
          <p>
            Because the app is installed from a file rather than from a store, Android asks you to
            allow installs from unknown sources once:
          </p>
          <ol>
            <li>
              Tap <strong>Download APK</strong>
              {apk ? " above" : " on this page once the app is available"} and wait for the download
              to finish.
            </li>
            <li>
              Open the downloaded <strong>kursusku.apk</strong> from your notifications or the{" "}
              <strong>Downloads</strong> / <strong>Files</strong> app.
            </li>
            <li>
              If Android says installing unknown apps is blocked, tap <strong>Settings</strong> and
              turn on <strong>Allow from this source</strong> for your browser or file manager. On
              older phones this is <strong>Settings → Security → Unknown sources</strong>.
            </li>
            <li>
              Go back and tap <strong>Install</strong>, then <strong>Open</strong>.
            </li>
            <li>
              Sign in with the same Google account you use on the website to keep your credits,
              favourites and history.
            </li>
          </ol>
          <p>
            After installing, you can switch the permission off again. Google Play Protect may scan
            the app the first time; that is normal.
          </p>
        </div>
      </section>

      <section aria-labelledby="play-store-heading" className="mt-12">
        <h2
          id="play-store-heading"
          className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white"
        >
          Why not on the Play Store?
        </h2>
        <div className={proseClass}>
          <p>
            The Kursusku listing on Google Play is not available at the moment: the store listing is
            still under review and has not been published.{" "}
            {apk
              ? "Until it is, we distribute the app directly from this page so you do not have to wait."
              : "The app will first be offered as a direct download from this page."}{" "}
            When the Play Store version is published, we will link it here and the app will update
            through the store as usual.
          </p>
          <p>
            Questions about the app? See <Link to="/contact-us">Contact Us</Link>. Your use of the
            app is covered by our <Link to="/terms-of-service">Terms of Service</Link> and{" "}
            <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </div>
      </section>
    </div>
  );
}
