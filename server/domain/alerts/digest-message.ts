import { createHash } from "node:crypto";
import { coursePath } from "../../../core/course-paths";
import type { MailMessage } from "../../adapters/mailer/smtp-mailer";
import { escapeXml } from "../xml-text";

/** One course of a digest, and why the user hears of it. */
export type DigestCourse = {
  deliveryId: number;
  slug: string;
  title: string;
  category: string;
  reason: "watch" | "search";
  /** The saved search's words when a search matched (null if it was deleted since). */
  search: string | null;
};

export type DigestInput = {
  siteUrl: string;
  to: string;
  courses: DigestCourse[];
  /** The one-click unsubscribe address (with its signed token). */
  unsubscribeUrl: string;
};

function why(course: DigestCourse): string {
  if (course.reason === "watch") return "A course you watch is free now.";
  return course.search
    ? `Matches your saved search “${course.search}”.`
    : "Matches one of your saved searches.";
}

/**
 * The daily alert e-mail: HTML and plain text listing each course with a link to its page on
 * the site, and the RFC 8058 one-click unsubscribe headers. Its Message-ID is derived from the
 * deliveries it carries, so the same digest sent again after a crash has the same id.
 */
export function buildDigestMessage(input: DigestInput): MailMessage {
  const { siteUrl, courses } = input;
  const subject =
    courses.length === 1
      ? `Free now: ${courses[0]!.title}`
      : `${courses.length} free courses for you on Kursusku`;
  const links = courses.map((course) => `${siteUrl}${coursePath(course.slug)}`);
  const dashboardUrl = `${siteUrl}/dashboard`;

  const text = [
    courses.length === 1
      ? "A course you asked about has a free coupon now:"
      : "Courses you asked about have free coupons now:",
    "",
    ...courses.flatMap((course, index) => [
      `* ${course.title} (${course.category})`,
      `  ${why(course)}`,
      `  ${links[index]}`,
      "",
    ]),
    "Coupons run out fast: open the course soon.",
    "",
    `Manage your alerts: ${dashboardUrl}`,
    `Stop these e-mails: ${input.unsubscribeUrl}`,
  ].join("\n");

  const items = courses
    .map(
      (course, index) =>
        `<li style="margin:0 0 16px"><a href="${escapeXml(links[index]!)}" style="font-weight:bold;color:#4338ca">${escapeXml(course.title)}</a> <span style="color:#555">(${escapeXml(course.category)})</span><br><span style="color:#555">${escapeXml(why(course))}</span></li>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeXml(subject)}</title></head>
<body style="font-family:Arial,sans-serif;line-height:1.5;color:#111">
<p>${courses.length === 1 ? "A course you asked about has a free coupon now:" : "Courses you asked about have free coupons now:"}</p>
<ul style="padding-left:20px">
${items}
</ul>
<p>Coupons run out fast: open the course soon.</p>
<p style="font-size:13px;color:#555"><a href="${escapeXml(dashboardUrl)}">Manage your alerts</a> · <a href="${escapeXml(input.unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>
`;
  const digestId = createHash("sha256")
    .update(courses.map((course) => course.deliveryId).join(","))
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
