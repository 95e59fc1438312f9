import { formatAgo } from "../lib/course-facts";
import { useMessages } from "../lib/i18n";
import { useTickingNow } from "../lib/use-ticking-now";

/**
 * "confirmed 12 min ago", "Catalogue refreshed 3 min ago": a time in the past, in words. The
 * page carries the absolute time (`dateTime`); the words are rendered for the server's now and
 * follow the clock once the page runs, so a page from the shared page cache does not stay at
 * "just now".
 */
export function TimeAgo({
  at,
  serverNow,
  words,
  title,
  testId,
}: {
  at: string;
  serverNow: string;
  /** The sentence around "12 min ago". */
  words: (ago: string) => string;
  title?: string;
  testId?: string;
}) {
  const { locale } = useMessages();
  const now = useTickingNow(serverNow, true, 30_000);
  const ago = formatAgo(at, now, locale);
  if (!ago) return null;
  return (
    <time dateTime={at} title={title} data-testid={testId}>
      {words(ago)}
    </time>
  );
}
