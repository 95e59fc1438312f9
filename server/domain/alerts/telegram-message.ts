import { coursePath } from "../../../core/course-paths";
import { formatJakartaTime } from "../../../core/dates";
import { localizedHref, type Locale } from "../../../core/locale";
import * as m from "../../../core/paraglide/messages";
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
 * the site in the reader's language (absolute: Telegram has no base address; the preview shows
 * the course's image), and until when it is free when the feed said. The time keeps the site's
 * one format ("10.45 WIB, 23 November 2026") in both languages.
 */
export function buildCourseMessage(
  siteUrl: string,
  heading: string,
  course: MessageCourse,
  now: Date,
  locale: Locale,
): string {
  const url = `${siteUrl}${localizedHref(locale, coursePath(course.slug))}`;
  const lines = [
    `<b>${escapeTelegramHtml(heading)}</b>`,
    `<a href="${escapeTelegramHtml(url)}">${escapeTelegramHtml(truncate(course.title, MAX_TITLE))}</a>`,
  ];
  const left = course.expiresAt
    ? formatTimeLeft(course.expiresAt.toISOString(), now, locale)
    : null;
  if (course.expiresAt && left) {
    const time = formatJakartaTime(course.expiresAt);
    lines.push(escapeTelegramHtml(m.alerts_telegram_free_until({ time, left }, { locale })));
  }
  return lines.join("\n");
}
