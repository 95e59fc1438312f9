import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { PageHeader, PageIntro, ProseSection } from "../components/legal-page";
import { rich } from "../components/rich-text";
import { useMessages } from "../lib/i18n";
import { simplePageMeta } from "../lib/seo";
import * as m from "../../core/paraglide/messages";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/contact-us";

const PATH = "/contact-us";

export const meta: Route.MetaFunction = (args) =>
  simplePageMeta(args, {
    title: m.contact_title,
    description: m.contact_meta_description,
    path: PATH,
  });

type ChannelProps = {
  title: string;
  description: string;
  href: string;
  label: string;
  external?: boolean;
  icon: ReactNode;
};

function ContactChannel({ title, description, href, label, external, icon }: ChannelProps) {
  const { t } = useMessages();
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
        {external && <span className="sr-only">{t(m.opens_in_new_tab)}</span>}
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

/** The site's social accounts, each shown when configured (INSTAGRAM_URL, TELEGRAM_URL). */
const SOCIAL_CHANNELS = [
  {
    url: "instagramUrl",
    title: m.contact_instagram_title,
    description: m.contact_instagram_description,
    label: m.contact_instagram_label,
    icon: (
      <svg {...iconProps}>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
      </svg>
    ),
  },
  {
    url: "telegramUrl",
    title: m.contact_telegram_title,
    description: m.contact_telegram_description,
    label: m.contact_telegram_label,
    icon: (
      <svg {...iconProps}>
        <path d="M21 4 3 11l6 2 2 6 3-4 5 4z" />
        <path d="m9 13 12-9" />
      </svg>
    ),
  },
] as const;

export default function ContactUs() {
  const { t, href } = useMessages();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const site = root?.site;
  const supportEmail = site?.supportEmail ?? "support@kursusku.id";

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <PageHeader title={t(m.contact_title)}>
        <PageIntro>{t(m.contact_intro)}</PageIntro>
      </PageHeader>

      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {SOCIAL_CHANNELS.map(
          (channel) =>
            site?.[channel.url] && (
              <ContactChannel
                key={channel.url}
                title={t(channel.title)}
                description={t(channel.description)}
                href={site[channel.url]}
                label={t(channel.label)}
                external
                icon={channel.icon}
              />
            ),
        )}
        <ContactChannel
          title={t(m.contact_email_title)}
          description={t(m.contact_email_description, { email: supportEmail })}
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

      <ProseSection headingId="before-you-write" title={t(m.contact_before_title)}>
        <ul>
          <li>{rich(t(m.contact_before_coupon))}</li>
          <li>{rich(t(m.contact_before_course))}</li>
          <li>{rich(t(m.contact_before_account))}</li>
          <li>{rich(t(m.contact_before_report))}</li>
        </ul>
        <p>
          {rich(t(m.contact_policies), {
            privacy: (text) => <Link to={href("/privacy")}>{text}</Link>,
            terms: (text) => <Link to={href("/terms-of-service")}>{text}</Link>,
          })}
        </p>
      </ProseSection>
    </div>
  );
}
