import { Link, useRouteLoaderData } from "react-router";
import { LegalPage, type LegalSection } from "../components/legal-page";
import { breadcrumbJsonLd, pageMeta, siteUrlFromMatches } from "../lib/seo";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/terms-of-service";

const TITLE = "Terms of Service";
const PATH = "/terms-of-service";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  return pageMeta({
    title: TITLE,
    description:
      "The rules for using Kursusku: eligibility, accounts, credits and redeem codes, reviews and articles, AI helpers, third-party Udemy coupons, liability and Indonesian law.",
    siteUrl,
    path: PATH,
    jsonLd: [breadcrumbJsonLd(siteUrl, [{ name: TITLE, path: PATH }])],
  });
};

export default function TermsOfService() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const supportEmail = root?.site.supportEmail ?? "support@kursusku.id";

  const sections: LegalSection[] = [
    {
      id: "eligibility",
      title: "Eligibility",
      content: (
        <p>
          You must be at least 13 years old to use Kursusku. If you are under the age of majority
          where you live, you may use Kursusku only with the permission of a parent or guardian who
          agrees to these Terms on your behalf.
        </p>
      ),
    },
    {
      id: "permitted-use",
      title: "Permitted Use",
      content: (
        <>
          <p>
            Kursusku helps you discover online courses that are temporarily free through 100%-off
            coupons. You may use the site and the Android app for your own, personal, non-commercial
            learning: to search and filter courses, open them, keep favourites and history, write
            reviews and articles, redeem codes and use the AI helpers.
          </p>
          <p>
            Credits limit how many courses can be opened each day. Credits and premium status have
            no cash value, cannot be transferred or sold, and may be changed or withdrawn as
            described in these Terms.
          </p>
        </>
      ),
    },
    {
      id: "prohibited-conduct",
      title: "Prohibited Conduct",
      content: (
        <>
          <p>You agree not to:</p>
          <ul>
            <li>
              scrape, bulk-download or automatically collect courses or coupons, or resell or
              republish them as your own service;
            </li>
            <li>
              get around credit, review, favourite or redeem limits, for example with multiple
              accounts, scripts or by tampering with your browser identity;
            </li>
            <li>share, sell or guess redeem codes, or use codes that were not issued to you;</li>
            <li>
              post content that is unlawful, hateful, harassing, sexually explicit, misleading, spam
              or advertising, or that infringes someone else&apos;s rights;
            </li>
            <li>
              try to break, overload or probe the security of the service, or access another
              person&apos;s account;
            </li>
            <li>use the AI helpers to produce harmful or illegal material.</li>
          </ul>
        </>
      ),
    },
    {
      id: "accounts",
      title: "Accounts",
      content: (
        <p>
          Accounts are created by signing in with Google; we do not offer passwords of our own. You
          are responsible for activity under your account and for keeping your Google account
          secure. Tell us promptly if you believe your account has been misused. One person may hold
          one account.
        </p>
      ),
    },
    {
      id: "user-content",
      title: "User Content and Licence",
      content: (
        <p>
          You keep ownership of the reviews, articles and images you submit (&quot;User
          Content&quot;). By submitting User Content you grant Kursusku a worldwide, non-exclusive,
          royalty-free licence to host, store, display, reproduce, adapt for formatting and
          distribute it on Kursusku and in our promotion of the service, for as long as it stays
          published. You confirm that you have the right to share it and that it does not break
          these Terms or the law.
        </p>
      ),
    },
    {
      id: "moderation",
      title: "Moderation",
      content: (
        <p>
          Articles are checked automatically by an AI content check while they are written and
          submitted, and may also be reviewed by people. We may refuse, edit for formatting, hide or
          remove any User Content that we believe breaks these Terms, without prior notice. The
          &quot;AI Scanned&quot; badge means an automated check ran; it is not a guarantee that an
          article is accurate or appropriate.
        </p>
      ),
    },
    {
      id: "ai-features",
      title: "AI Features",
      content: (
        <>
          <p>
            The AI Learning Compass, trending topics and the article checker are powered by a
            third-party AI model (Google Gemini). AI output is generated automatically and may be
            incomplete, out of date or wrong. It is offered for inspiration only and is not
            professional, educational, career or legal advice.
          </p>
          <p>
            Do not enter personal or confidential information into AI features. Check anything
            important yourself before relying on it.
          </p>
        </>
      ),
    },
    {
      id: "intellectual-property",
      title: "Intellectual Property",
      content: (
        <p>
          The Kursusku name, logo, design and software belong to Kursusku and its licensors. Course
          titles, descriptions, images and trademarks belong to their respective owners and are
          shown only to identify the courses. Nothing in these Terms gives you a right to use our
          brand without written permission.
        </p>
      ),
    },
    {
      id: "third-party-links",
      title: "Third-Party Links and Coupons",
      content: (
        <>
          <p>
            Courses are hosted on third-party platforms, mainly Udemy. Kursusku is not affiliated
            with, endorsed by or sponsored by Udemy or any course instructor. When you open a course
            you leave Kursusku, and the platform&apos;s own terms and privacy policy apply.
          </p>
          <p>
            Coupons are issued by instructors, not by us. They are often limited in number or time
            and may expire or run out before you use them, so a course listed as free may no longer
            be free when you open it. We do not guarantee the availability, price, quality or
            content of any course.
          </p>
        </>
      ),
    },
    {
      id: "disclaimers",
      title: "Disclaimers",
      content: (
        <p>
          Kursusku is provided &quot;as is&quot; and &quot;as available&quot;, without warranties of
          any kind, whether express or implied, including fitness for a particular purpose and
          non-infringement. We do not promise that the service will be uninterrupted, error-free or
          that course information is complete or current.
        </p>
      ),
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of Liability",
      content: (
        <p>
          To the fullest extent allowed by law, Kursusku and the people who run it are not liable
          for indirect, incidental or consequential losses, lost data or lost opportunities, or for
          anything that happens on third-party platforms, arising from your use of the service. As
          Kursusku is free, our total liability for any claim is limited to IDR 100,000. Nothing in
          these Terms limits liability that cannot be limited under Indonesian law.
        </p>
      ),
    },
    {
      id: "indemnity",
      title: "Indemnity",
      content: (
        <p>
          You agree to indemnify and hold Kursusku harmless from claims, losses and costs (including
          reasonable legal fees) arising from your User Content or your breach of these Terms or of
          the law.
        </p>
      ),
    },
    {
      id: "termination",
      title: "Termination",
      content: (
        <p>
          You may stop using Kursusku at any time and ask us to delete your account. We may suspend
          or close an account, remove its credits or premium status, or block access if we
          reasonably believe these Terms were broken or the service is being abused. Sections that
          by their nature should survive termination, such as the licence to published content,
          disclaimers and liability limits, continue to apply.
        </p>
      ),
    },
    {
      id: "governing-law",
      title: "Governing Law",
      content: (
        <p>
          These Terms are governed by the laws of the Republic of Indonesia. We will first try to
          resolve any dispute with you informally; if that fails, disputes will be settled by the
          competent courts of Indonesia.
        </p>
      ),
    },
    {
      id: "changes-to-these-terms",
      title: "Changes to These Terms",
      content: (
        <p>
          We may update these Terms. For material changes we will give at least 30 days&apos; notice
          on the site before they take effect, and the &quot;Last updated&quot; date above will
          change. If you keep using Kursusku after the changes take effect, you accept the new
          Terms; if you do not agree, stop using the service.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact",
      content: (
        <p>
          Questions about these Terms? E-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a>{" "}
          or visit our <Link to="/contact-us">Contact Us</Link> page. See also our{" "}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title={TITLE}
      dateLine="Last updated: October 26, 2024"
      intro={
        <p>
          These Terms of Service (&quot;Terms&quot;) govern your use of the Kursusku website and
          Android app. By using Kursusku you agree to these Terms and to our{" "}
          <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use the
          service.
        </p>
      }
      sections={sections}
    />
  );
}
