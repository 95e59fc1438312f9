import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { proseClass } from "../components/legal-page";
import { breadcrumbJsonLd, pageMeta, siteUrlFromMatches } from "../lib/seo";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/contact-us";

const TITLE = "Contact Us";
const PATH = "/contact-us";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  return pageMeta({
    title: TITLE,
    description:
      "Get in touch with Kursusku: follow us on Instagram, join our Telegram channel for daily free courses, or e-mail support about your account, credits or redeem codes.",
    siteUrl,
    path: PATH,
    jsonLd: [breadcrumbJsonLd(siteUrl, [{ name: TITLE, path: PATH }])],
  });
};

type ChannelProps = {
  title: string;
  description: string;
  href: string;
  label: string;
  external?: boolean;
  icon: ReactNode;
};

function ContactChannel({ title, description, href, label, external, icon }: ChannelProps) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-slate-800 dark:text-brand-100"
        >
          {icon}
        </span>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      </div>
      <p className="mt-3 flex-1 text-sm leading-6 text-slate-600 dark:text-slate-300">
        {description}
      </p>
      <a
        href={href}
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        className="mt-4 inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {label}
        {external && <span className="sr-only"> (opens in a new tab)</span>}
      </a>
    </li>
  );
}

const iconProps = {
  viewBox: "0 0 24 24",
  width: 20,
  height: 20,
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
};

export default function ContactUs() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const site = root?.site;
  const supportEmail = site?.supportEmail ?? "support@kursusku.id";

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {TITLE}
        </h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">
          Questions, ideas or a problem with your account? We would love to hear from you.
        </p>
      </header>

      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {site?.instagramUrl && (
          <ContactChannel
            title="Instagram"
            description="Follow us for course picks, learning tips and announcements. Send us a direct message any time."
            href={site.instagramUrl}
            label="Follow on Instagram"
            external
            icon={
              <svg {...iconProps}>
                <rect x="3" y="3" width="18" height="18" rx="5" />
                <circle cx="12" cy="12" r="4" />
                <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
              </svg>
            }
          />
        )}
        {site?.telegramUrl && (
          <ContactChannel
            title="Telegram channel"
            description="Join the channel to get new free courses as soon as their coupons appear, before they run out."
            href={site.telegramUrl}
            label="Join on Telegram"
            external
            icon={
              <svg {...iconProps}>
                <path d="M21 4 3 11l6 2 2 6 3-4 5 4z" />
                <path d="m9 13 12-9" />
              </svg>
            }
          />
        )}
        <ContactChannel
          title="E-mail support"
          description={`For help with your account, credits, premium or redeem codes, or to report content, write to ${supportEmail}.`}
          href={`mailto:${supportEmail}`}
          label={supportEmail}
          icon={
            <svg {...iconProps}>
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="m3 7 9 6 9-6" />
            </svg>
          }
        />
      </ul>

      <section aria-labelledby="before-you-write" className="mt-12">
        <h2
          id="before-you-write"
          className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white"
        >
          Before you write
        </h2>
        <div className={proseClass}>
          <ul>
            <li>
              <strong>A coupon no longer works?</strong> Coupons are set by course instructors and
              often expire or run out within hours or days. Check the course list again: we refresh
              it every day.
            </li>
            <li>
              <strong>A problem inside a course?</strong> Kursusku is not affiliated with Udemy. For
              questions about course content, enrolment or certificates, contact the instructor or
              Udemy support.
            </li>
            <li>
              <strong>About your account?</strong> Write from the e-mail address you sign in with,
              so we can find your account faster. We usually reply within 2 working days (Western
              Indonesia Time, WIB).
            </li>
            <li>
              <strong>Reporting an article or review?</strong> Include its link and tell us what is
              wrong with it.
            </li>
          </ul>
          <p>
            Read how we handle your data in our <Link to="/privacy">Privacy Policy</Link>, and the
            rules for using the site in our <Link to="/terms-of-service">Terms of Service</Link>.
          </p>
        </div>
      </section>
    </div>
  );
}
