import { Link } from "react-router";
import { findApkDownload } from "../../server/domain/admin/app-download";
import { PageHeader, PageIntro, ProseSection } from "../components/legal-page";
import { rich } from "../components/rich-text";
import { useMessages } from "../lib/i18n";
import { simplePageMeta } from "../lib/seo";
import * as m from "../../core/paraglide/messages";
import { type Locale } from "../../core/locale";
import type { Route } from "./+types/downloads";

const PATH = "/downloads";

export async function loader({ context }: Route.LoaderArgs) {
  const apk = await findApkDownload(context.services);
  return { apk };
}

export const meta: Route.MetaFunction = (args) =>
  simplePageMeta(args, {
    title: m.downloads_title,
    // Search results must not promise a download that does not exist yet.
    description: args.data?.apk
      ? m.downloads_meta_description_available
      : m.downloads_meta_description_soon,
    path: PATH,
  });

/** "12.3 MB"; Indonesian writes the decimal comma: "12,3 MB". */
function formatMegabytes(bytes: number, locale: Locale): string {
  const megabytes = (bytes / (1024 * 1024)).toFixed(1);
  return `${locale === "id" ? megabytes.replace(".", ",") : megabytes} MB`;
}

export default function Downloads({ loaderData }: Route.ComponentProps) {
  const { apk } = loaderData;
  const { t, href, locale } = useMessages();
  const contactLink = (text: string) => <Link to={href("/contact-us")}>{text}</Link>;

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <PageHeader title={apk ? t(m.downloads_heading_available) : t(m.downloads_heading_soon)}>
        <PageIntro>
          {t(m.downloads_intro)} {apk ? t(m.downloads_intro_available) : t(m.downloads_intro_soon)}
        </PageIntro>
      </PageHeader>

      <section
        aria-labelledby="apk-heading"
        className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="apk-heading" className="text-xl font-bold text-slate-900 dark:text-white">
          {t(m.downloads_apk_heading)}
        </h2>
        {apk ? (
          <>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {apk.sizeBytes !== null
                ? t(m.downloads_apk_line_size, { size: formatMegabytes(apk.sizeBytes, locale) })
                : t(m.downloads_apk_line)}
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
              {t(m.downloads_download)}
            </a>
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
              {t(m.downloads_only_here)}
            </p>
          </>
        ) : (
          <div
            role="status"
            className="mt-4 rounded-xl border border-dashed border-slate-300 p-5 text-slate-700 dark:border-slate-700 dark:text-slate-200"
          >
            <p className="font-semibold">
              <span className="mr-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                {t(m.downloads_coming_soon)}
              </span>
              {t(m.downloads_not_available)}
            </p>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {rich(t(m.downloads_meantime), {
                contact: (text) => (
                  <Link
                    to={href("/contact-us")}
                    className="text-brand-600 underline dark:text-brand-100"
                  >
                    {text}
                  </Link>
                ),
              })}
            </p>
          </div>
        )}
      </section>

      <ProseSection headingId="install-heading" title={t(m.downloads_install_heading)}>
        <p>{t(m.downloads_install_intro)}</p>
        <ol>
          <li>
            {rich(apk ? t(m.downloads_step_download_available) : t(m.downloads_step_download_soon))}
          </li>
          <li>{rich(t(m.downloads_step_open))}</li>
          <li>{rich(t(m.downloads_step_allow))}</li>
          <li>{rich(t(m.downloads_step_install))}</li>
          <li>{t(m.downloads_step_sign_in)}</li>
        </ol>
        <p>{t(m.downloads_after_install)}</p>
      </ProseSection>

      <ProseSection headingId="play-store-heading" title={t(m.downloads_play_heading)}>
        <p>
          {t(m.downloads_play_status)}{" "}
          {apk ? t(m.downloads_play_until_available) : t(m.downloads_play_until_soon)}{" "}
          {t(m.downloads_play_later)}
        </p>
        <p>
          {rich(t(m.downloads_questions), {
            contact: contactLink,
            terms: (text) => <Link to={href("/terms-of-service")}>{text}</Link>,
            privacy: (text) => <Link to={href("/privacy")}>{text}</Link>,
          })}
        </p>
      </ProseSection>
    </div>
  );
}
