import { Link, useRouteLoaderData } from "react-router";
import { LegalPage, type LegalSection } from "../components/legal-page";
import { breadcrumbJsonLd, pageMeta, siteUrlFromMatches } from "../lib/seo";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/privacy";

const TITLE = "Privacy Policy";
const PATH = "/privacy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  return pageMeta({
    title: TITLE,
    description:
      "How Kursusku collects, uses and protects your data: Google sign-in, credits, favourites, reviews, articles, AI helpers and your rights under Indonesian law.",
    siteUrl,
    path: PATH,
    jsonLd: [breadcrumbJsonLd(siteUrl, [{ name: TITLE, path: PATH }])],
  });
};

export default function Privacy() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const supportEmail = root?.site.supportEmail ?? "support@kursusku.id";

  const sections: LegalSection[] = [
    {
      id: "information-we-collect",
      title: "Information We Collect",
      content: (
        <>
          <p>
            We collect only what the features you use need. Depending on how you use Kursusku, this
            may include:
          </p>
          <ul>
            <li>
              <strong>Google sign-in details.</strong> When you sign in with Google we receive your
              name, your e-mail address and your Google account identifier. We never see or store
              your Google password.
            </li>
            <li>
              <strong>Redeem codes.</strong> The codes you enter, whether they were accepted, and
              the credits or premium time they unlocked.
            </li>
            <li>
              <strong>Reviews.</strong> The star ratings and review text you write for courses.
            </li>
            <li>
              <strong>Articles.</strong> The title, content, cover image and author name of articles
              you submit to the community, together with the result of the automated content check.
            </li>
            <li>
              <strong>AI helper inputs.</strong> The learning goals and questions you type into the
              AI Learning Compass, the trending-topic helper and the article checker.
            </li>
            <li>
              <strong>Click history.</strong> Which courses you opened and when, so we can show your
              history, mark visited courses and let you review them later. Anonymous visitors keep
              only their last 20 visits.
            </li>
            <li>
              <strong>Favourites.</strong> The courses you marked with the heart icon.
            </li>
            <li>
              <strong>Action limits.</strong> Daily counters of credits used, reviews written,
              favourites added and failed redeem attempts, which keep the service fair and protect
              it from abuse.
            </li>
            <li>
              <strong>Browser fingerprint.</strong> A pseudonymous identifier derived from your
              browser and device characteristics, used to apply the daily credit allowance to
              anonymous visitors and to detect abuse. It is not used to identify you by name.
            </li>
          </ul>
          <p>
            Like most websites, our servers also record technical request data (IP address, browser
            type, the page requested and the time) in short-lived logs used for security and
            troubleshooting.
          </p>
        </>
      ),
    },
    {
      id: "how-we-use-information",
      title: "How We Use Your Information",
      content: (
        <>
          <p>We use this information to:</p>
          <ul>
            <li>sign you in and keep your account, credits and premium status up to date;</li>
            <li>
              show your history, favourites, redeemed codes and reviews in your dashboard and apply
              the daily credit, review and favourite limits;
            </li>
            <li>publish the reviews and articles you choose to share, and moderate them;</li>
            <li>answer your requests to the AI helpers;</li>
            <li>
              keep Kursusku secure, prevent fraud, spam and abuse of redeem codes, and fix errors;
            </li>
            <li>understand, in aggregate, which courses and topics are popular.</li>
          </ul>
          <p>
            We do not sell your personal data, and we do not use it for third-party advertising
            profiles.
          </p>
        </>
      ),
    },
    {
      id: "sharing-and-disclosure",
      title: "Sharing and Disclosure",
      content: (
        <>
          <p>We share data only with the services that run Kursusku, and only as needed:</p>
          <ul>
            <li>
              <strong>Sign-in provider (Google).</strong> Signing in happens through Google Identity
              Services. Google processes your sign-in under its own privacy policy and tells us who
              you are.
            </li>
            <li>
              <strong>AI provider (Google Gemini).</strong> The text you submit to an AI helper, and
              the text of articles sent for the automated content check, is sent to the Gemini API
              to produce an answer. Please do not enter personal or sensitive information in these
              fields.
            </li>
            <li>
              <strong>Our backend and hosting.</strong> Your account data, history, favourites,
              reviews and articles are stored in our database, run by our hosting provider on our
              behalf.
            </li>
          </ul>
          <p>
            Content you publish on purpose, such as reviews and articles with their author name, is
            visible to everyone. We may also disclose information when required by Indonesian law or
            a valid order of a competent authority, or to protect the rights and safety of our users
            and of Kursusku.
          </p>
        </>
      ),
    },
    {
      id: "data-security",
      title: "Data Security",
      content: (
        <>
          <p>
            All traffic between your browser and Kursusku is encrypted with HTTPS. Data that the app
            keeps in your browser&apos;s local storage (such as preferences, favourites of anonymous
            visitors and the sign-in token) is stored encrypted, and sign-in sessions expire
            automatically. Access to our database is restricted to the people who operate the
            service.
          </p>
          <p>
            No method of transmission or storage is completely secure. If we learn of a breach that
            affects your personal data, we will notify you and the relevant authority as required by
            law.
          </p>
        </>
      ),
    },
    {
      id: "data-retention",
      title: "Data Retention",
      content: (
        <>
          <p>
            We keep your account data, history, favourites, reviews and redeemed codes for as long
            as your account exists. Articles and reviews remain published until you or a moderator
            remove them. Daily limit counters are kept only as long as needed to apply the limits
            and detect abuse, and technical logs only for a short period for security.
          </p>
          <p>
            When you ask us to delete your account, we delete or anonymise your personal data within
            30 days, except where we must keep something longer to meet a legal obligation or
            resolve a dispute.
          </p>
        </>
      ),
    },
    {
      id: "your-rights",
      title: "Your Rights",
      content: (
        <>
          <p>
            Under Indonesia&apos;s Personal Data Protection Law (Law No. 27 of 2022) and other
            applicable laws, you may:
          </p>
          <ul>
            <li>ask what personal data we hold about you and receive a copy of it;</li>
            <li>correct data that is inaccurate or incomplete;</li>
            <li>ask us to delete your data or your account;</li>
            <li>withdraw your consent or object to particular processing;</li>
            <li>complain to the competent data protection authority.</li>
          </ul>
          <p>
            You can remove favourites and reviews yourself from your dashboard, and clear data kept
            in your browser by clearing its site data. For anything else, e-mail us at the address
            below; we may ask you to confirm that the account is yours before we act.
          </p>
        </>
      ),
    },
    {
      id: "childrens-privacy",
      title: "Children's Privacy",
      content: (
        <p>
          Kursusku is not directed at children under 13, and we do not knowingly collect personal
          data from them. If you believe a child under 13 has given us personal data, contact us and
          we will delete it. Users between 13 and the age of majority should use Kursusku with the
          permission of a parent or guardian.
        </p>
      ),
    },
    {
      id: "international-transfers",
      title: "International Data Transfers",
      content: (
        <p>
          Kursusku is run for users in Indonesia, but some of the services we rely on, such as
          Google sign-in and the Gemini AI service, process data on servers outside Indonesia. When
          data leaves Indonesia we rely on providers that offer a level of protection at least
          equivalent to Indonesian law, as the Personal Data Protection Law requires.
        </p>
      ),
    },
    {
      id: "changes-to-this-policy",
      title: "Changes to This Policy",
      content: (
        <p>
          We may update this policy as Kursusku changes. The effective date at the top always shows
          the latest version. When a change is significant we will announce it on the site before it
          takes effect. Continuing to use Kursusku after a change means you accept the updated
          policy.
        </p>
      ),
    },
    {
      id: "contact-us",
      title: "Contact Us",
      content: (
        <p>
          Questions about this policy or your data? E-mail{" "}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or see the other ways to reach us on
          our <Link to="/contact-us">Contact Us</Link> page.
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title={TITLE}
      dateLine="Effective date: October 26, 2024"
      intro={
        <p>
          This Privacy Policy explains what information Kursusku (&quot;we&quot;, &quot;us&quot;)
          collects when you use our website and Android app to find free courses, how we use it, and
          the choices you have. By using Kursusku you agree to this policy and to our{" "}
          <Link to="/terms-of-service">Terms of Service</Link>.
        </p>
      }
      sections={sections}
    />
  );
}
