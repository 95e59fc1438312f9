import { Link, useRouteLoaderData } from "react-router";
import { LegalPage, type LegalSection } from "../components/legal-page";
import { rich } from "../components/rich-text";
import { useMessages } from "../lib/i18n";
import { simplePageMeta } from "../lib/seo";
import * as m from "../../core/paraglide/messages";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/terms-of-service";

const PATH = "/terms-of-service";

export const meta: Route.MetaFunction = (args) =>
  simplePageMeta(args, {
    title: m.terms_title,
    description: m.terms_meta_description,
    path: PATH,
  });

export default function TermsOfService() {
  const { t, href } = useMessages();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const supportEmail = root?.site.supportEmail ?? "support@kursusku.id";
  const privacyLink = (text: string) => <Link to={href("/privacy")}>{text}</Link>;

  const sections: LegalSection[] = [
    {
      id: "eligibility",
      title: t(m.terms_eligibility_title),
      content: <p>{t(m.terms_eligibility)}</p>,
    },
    {
      id: "permitted-use",
      title: t(m.terms_use_title),
      content: (
        <>
          <p>{t(m.terms_use_purpose)}</p>
          <p>{t(m.terms_use_credits)}</p>
        </>
      ),
    },
    {
      id: "prohibited-conduct",
      title: t(m.terms_prohibited_title),
      content: (
        <>
          <p>{t(m.terms_prohibited_intro)}</p>
          <ul>
            <li>{t(m.terms_prohibited_scrape)}</li>
            <li>{t(m.terms_prohibited_limits)}</li>
            <li>{t(m.terms_prohibited_codes)}</li>
            <li>{t(m.terms_prohibited_content)}</li>
            <li>{t(m.terms_prohibited_security)}</li>
            <li>{t(m.terms_prohibited_ai)}</li>
          </ul>
        </>
      ),
    },
    {
      id: "accounts",
      title: t(m.terms_accounts_title),
      content: <p>{t(m.terms_accounts)}</p>,
    },
    {
      id: "user-content",
      title: t(m.terms_content_title),
      content: <p>{t(m.terms_content)}</p>,
    },
    {
      id: "moderation",
      title: t(m.terms_moderation_title),
      content: <p>{t(m.terms_moderation)}</p>,
    },
    {
      id: "ai-features",
      title: t(m.terms_ai_title),
      content: (
        <>
          <p>{t(m.terms_ai_output)}</p>
          <p>{t(m.terms_ai_care)}</p>
        </>
      ),
    },
    {
      id: "intellectual-property",
      title: t(m.terms_ip_title),
      content: <p>{t(m.terms_ip)}</p>,
    },
    {
      id: "third-party-links",
      title: t(m.terms_links_title),
      content: (
        <>
          <p>{t(m.terms_links_platforms)}</p>
          <p>{t(m.terms_links_coupons)}</p>
        </>
      ),
    },
    {
      id: "disclaimers",
      title: t(m.terms_disclaimers_title),
      content: <p>{t(m.terms_disclaimers)}</p>,
    },
    {
      id: "limitation-of-liability",
      title: t(m.terms_liability_title),
      content: <p>{t(m.terms_liability)}</p>,
    },
    {
      id: "indemnity",
      title: t(m.terms_indemnity_title),
      content: <p>{t(m.terms_indemnity)}</p>,
    },
    {
      id: "termination",
      title: t(m.terms_termination_title),
      content: <p>{t(m.terms_termination)}</p>,
    },
    {
      id: "governing-law",
      title: t(m.terms_law_title),
      content: <p>{t(m.terms_law)}</p>,
    },
    {
      id: "changes-to-these-terms",
      title: t(m.terms_changes_title),
      content: <p>{t(m.terms_changes)}</p>,
    },
    {
      id: "contact",
      title: t(m.terms_contact_title),
      content: (
        <p>
          {rich(t(m.terms_contact, { email: supportEmail }), {
            mail: (text) => <a href={`mailto:${supportEmail}`}>{text}</a>,
            contact: (text) => <Link to={href("/contact-us")}>{text}</Link>,
            privacy: privacyLink,
          })}
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title={t(m.terms_title)}
      dateLine={t(m.terms_date)}
      intro={<p>{rich(t(m.terms_intro), { privacy: privacyLink })}</p>}
      sections={sections}
    />
  );
}
