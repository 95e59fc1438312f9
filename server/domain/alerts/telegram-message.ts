import { coursePath } from "../../../core/course-paths";
import { formatJakartaTime } from "../../../core/dates";
import { truncate } from "../../../core/text";
import { formatTimeLeft } from "../../../core/time-left";

/** Text for parse_mode HTML: Telegram reads &, < and > (and " inside an attribute) as markup. */
export function escapeTelegramHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Far under Telegram's 4 096 characters a message; a feed's title is seldom near it. */
const MAX_TITLE = 300;

export type MessageCourse = { slug: string; title: string; expiresAt: Date | null };

/**
 * One course as a Telegram message (parse_mode HTML): a heading, the title linked to its page on
 * the site (absolute: Telegram has no base address; the preview shows the course's image), and
 * until when it is free when the feed said.
 */
export function buildCourseMessage(
  siteUrl: string,
  heading: string,
  course: MessageCourse,
  now: Date,
): string {
  const url = `${siteUrl}${coursePath(course.slug)}`;
  const lines = [
    `<b>${escapeTelegramHtml(heading)}</b>`,
    `<a href="${escapeTelegramHtml(url)}">${escapeTelegramHtml(truncate(course.title, MAX_TITLE))}</a>`,
  ];
  const left = course.expiresAt ? formatTimeLeft(course.expiresAt.toISOString(), now) : null;
  if (course.expiresAt && left) {
    lines.push(`Free until ${escapeTelegramHtml(formatJakartaTime(course.expiresAt))} · ${left}`);
  }
  return lines.join("\n");
}
