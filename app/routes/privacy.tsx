import { Link, useRouteLoaderData } from "react-router";
import { LegalPage, type LegalSection } from "../components/legal-page";
import { rich } from "../components/rich-text";
import { useMessages } from "../lib/i18n";
import { simplePageMeta } from "../lib/seo";
import * as m from "../../core/paraglide/messages";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/privacy";

const PATH = "/privacy";

export const meta: Route.MetaFunction = (args) =>
  simplePageMeta(args, {
    title: m.privacy_title,
    description: m.privacy_meta_description,
    path: PATH,
  });

export default function Privacy() {
  const { t, href } = useMessages();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const supportEmail = root?.site.supportEmail ?? "support@kursusku.id";

  const sections: LegalSection[] = [
    {
      id: "information-we-collect",
      title: t(m.privacy_collect_title),
      content: (
        <>
          <p>{t(m.privacy_collect_intro)}</p>
          <ul>
            <li>{rich(t(m.privacy_collect_google))}</li>
            <li>{rich(t(m.privacy_collect_codes))}</li>
            <li>{rich(t(m.privacy_collect_reviews))}</li>
            <li>{rich(t(m.privacy_collect_articles))}</li>
            <li>{rich(t(m.privacy_collect_ai))}</li>
            <li>{rich(t(m.privacy_collect_history))}</li>
            <li>{rich(t(m.privacy_collect_favourites))}</li>
            <li>{rich(t(m.privacy_collect_limits))}</li>
            <li>{rich(t(m.privacy_collect_fingerprint))}</li>
          </ul>
          <p>{t(m.privacy_collect_logs)}</p>
        </>
      ),
    },
    {
      id: "how-we-use-information",
      title: t(m.privacy_use_title),
      content: (
        <>
          <p>{t(m.privacy_use_intro)}</p>
          <ul>
            <li>{t(m.privacy_use_account)}</li>
            <li>{t(m.privacy_use_dashboard)}</li>
            <li>{t(m.privacy_use_publish)}</li>
            <li>{t(m.privacy_use_ai)}</li>
            <li>{t(m.privacy_use_security)}</li>
            <li>{t(m.privacy_use_popular)}</li>
          </ul>
          <p>{t(m.privacy_use_no_sale)}</p>
        </>
      ),
    },
    {
      id: "sharing-and-disclosure",
      title: t(m.privacy_sharing_title),
      content: (
        <>
          <p>{t(m.privacy_sharing_intro)}</p>
          <ul>
            <li>{rich(t(m.privacy_sharing_google))}</li>
            <li>{rich(t(m.privacy_sharing_ai))}</li>
            <li>{rich(t(m.privacy_sharing_hosting))}</li>
          </ul>
          <p>{t(m.privacy_sharing_public)}</p>
        </>
      ),
    },
    {
      id: "data-security",
      title: t(m.privacy_security_title),
      content: (
        <>
          <p>{t(m.privacy_security_encryption)}</p>
          <p>{t(m.privacy_security_breach)}</p>
        </>
      ),
    },
    {
      id: "data-retention",
      title: t(m.privacy_retention_title),
      content: (
        <>
          <p>{t(m.privacy_retention_keep)}</p>
          <p>{t(m.privacy_retention_delete)}</p>
        </>
      ),
    },
    {
      id: "your-rights",
      title: t(m.privacy_rights_title),
      content: (
        <>
          <p>{t(m.privacy_rights_intro)}</p>
          <ul>
            <li>{t(m.privacy_rights_access)}</li>
            <li>{t(m.privacy_rights_correct)}</li>
            <li>{t(m.privacy_rights_delete)}</li>
            <li>{t(m.privacy_rights_withdraw)}</li>
            <li>{t(m.privacy_rights_complain)}</li>
          </ul>
          <p>{t(m.privacy_rights_how)}</p>
        </>
      ),
    },
    {
      id: "childrens-privacy",
      title: t(m.privacy_children_title),
      content: <p>{t(m.privacy_children)}</p>,
    },
    {
      id: "international-transfers",
      title: t(m.privacy_transfers_title),
      content: <p>{t(m.privacy_transfers)}</p>,
    },
    {
      id: "changes-to-this-policy",
      title: t(m.privacy_changes_title),
      content: <p>{t(m.privacy_changes)}</p>,
    },
    {
      id: "contact-us",
      title: t(m.privacy_contact_title),
      content: (
        <p>
          {rich(t(m.privacy_contact, { email: supportEmail }), {
            mail: (text) => <a href={`mailto:${supportEmail}`}>{text}</a>,
            contact: (text) => <Link to={href("/contact-us")}>{text}</Link>,
          })}
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title={t(m.privacy_title)}
      dateLine={t(m.privacy_date)}
      intro={
        <p>
          {rich(t(m.privacy_intro), {
            terms: (text) => <Link to={href("/terms-of-service")}>{text}</Link>,
          })}
        </p>
      }
      sections={sections}
    />
  );
}
