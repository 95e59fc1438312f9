import { createHash } from "node:crypto";
import { ENDING_SOON_FEWER_USES_THAN } from "../../../core/alert-texts";
import { coursePath } from "../../../core/course-paths";
import { formatJakartaDayAndTime } from "../../../core/dates";
import { localizedHref, type Locale } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
import type { MailMessage } from "../../adapters/mailer/smtp-mailer";
import { escapeXml } from "../catalog/xml-text";

/** One course of a digest, and why the user hears of it. */
export type DigestCourse = {
  /** Null for a course that is only here because it is ending soon. */
  deliveryId: number | null;
  slug: string;
  title: string;
  category: string;
  reason: "watch" | "search";
  /** The saved search's words when a search matched (null if it was deleted since). */
  search: string | null;
  /** A favourite or watched course whose coupon is ending soon: first in the list, marked. */
  endingSoon?: { expiresAt: string | null; usesRemaining: number | null };
};

export type DigestInput = {
  siteUrl: string;
  to: string;
  courses: DigestCourse[];
  /** The one-click unsubscribe address (with its signed token). */
  unsubscribeUrl: string;
  /** The user's alert language: the texts, and the pages the links open. */
  locale: Locale;
};

function why(course: DigestCourse, locale: Locale): string {
  if (course.endingSoon) return endingSoonWhy(course.endingSoon, locale);
  if (course.reason === "watch") return m.alerts_digest_why_watch({}, { locale });
  return course.search
    ? m.alerts_digest_why_search({ search: course.search }, { locale })
    : m.alerts_digest_why_search_gone({}, { locale });
}

/** "Ending soon: free with this coupon until 28 Nov 14.05 WIB · 12 uses left". */
function endingSoonWhy(ending: NonNullable<DigestCourse["endingSoon"]>, locale: Locale): string {
  const details: string[] = [];
  if (ending.expiresAt) {
    const end = formatJakartaDayAndTime(new Date(ending.expiresAt), locale);
    details.push(m.course_free_until({ end }, { locale }));
  }
  if (ending.usesRemaining !== null && ending.usesRemaining < ENDING_SOON_FEWER_USES_THAN) {
    details.push(m.card_uses_left({ count: ending.usesRemaining }, { locale }));
  }
  return m.alerts_digest_why_ending({ detail: details.join(" · ") }, { locale });
}

/**
 * The daily alert e-mail, in the user's alert language: HTML and plain text listing each course
 * with a link to its page on the site, and the RFC 8058 one-click unsubscribe headers. Its Message-ID is derived from the
 * deliveries it carries, so the same digest sent again after a crash has the same id.
 */
export function buildDigestMessage(input: DigestInput): MailMessage {
  const { siteUrl, courses, locale } = input;
  const one = courses.length === 1;
  const subject = one
    ? m.alerts_digest_subject_one({ title: courses[0]!.title }, { locale })
    : m.alerts_digest_subject_other({ count: courses.length }, { locale });
  const intro = (one ? m.alerts_digest_intro_one : m.alerts_digest_intro_other)({}, { locale });
  const hurry = m.alerts_digest_hurry({}, { locale });
  const links = courses.map(
    (course) => `${siteUrl}${localizedHref(locale, coursePath(course.slug))}`,
  );
  const dashboardUrl = `${siteUrl}${localizedHref(locale, "/dashboard")}`;
  // The unsubscribe page keeps its one address; the links a reader follows name their language
  // (the one-click header stays bare: mail clients post to it without showing a page).
  const unsubscribePageUrl =
    locale === "en" ? input.unsubscribeUrl : `${input.unsubscribeUrl}&lang=${locale}`;

  const text = [
    intro,
    "",
    ...courses.flatMap((course, index) => [
      `* ${course.title} (${course.category})`,
      `  ${why(course, locale)}`,
      `  ${links[index]}`,
      "",
    ]),
    hurry,
    "",
    m.alerts_digest_manage_text({ url: dashboardUrl }, { locale }),
    m.alerts_digest_stop_text({ url: unsubscribePageUrl }, { locale }),
  ].join("\n");

  const items = courses
    .map(
      (course, index) =>
        `<li style="margin:0 0 16px"><a href="${escapeXml(links[index]!)}" style="font-weight:bold;color:#4338ca">${escapeXml(course.title)}</a> <span style="color:#555">(${escapeXml(course.category)})</span><br><span style="${course.endingSoon ? "font-weight:bold;color:#b45309" : "color:#555"}">${escapeXml(why(course, locale))}</span></li>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeXml(subject)}</title></head>
<body style="font-family:Arial,sans-serif;line-height:1.5;color:#111">
<p>${escapeXml(intro)}</p>
<ul style="padding-left:20px">
${items}
</ul>
<p>${escapeXml(hurry)}</p>
<p style="font-size:13px;color:#555"><a href="${escapeXml(dashboardUrl)}">${escapeXml(m.alerts_digest_manage_link({}, { locale }))}</a> · <a href="${escapeXml(unsubscribePageUrl)}">${escapeXml(m.alerts_digest_unsubscribe_link({}, { locale }))}</a></p>
</body></html>
`;
  const digestId = createHash("sha256")
    .update(
      courses
        .flatMap((course) => (course.deliveryId === null ? [] : [course.deliveryId]))
        .join(","),
    )
    .digest("hex")
    .slice(0, 32);
  return {
    to: input.to,
    subject,
    text,
    html,
    messageId: `<digest-${digestId}@${new URL(siteUrl).hostname}>`,
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
