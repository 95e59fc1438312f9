import type { TelegramChannel } from "./telegram";

/** What a signed-in user's alerts look like to the dashboard (GET /alerts answers the same). */
export type EmailChannel = {
  /** The site can send e-mail at all (SMTP_URL is set). */
  available: boolean;
  enabled: boolean;
  /** Hour of the daily digest, Asia/Jakarta. */
  hour: number;
  /** Why we switched it off (a refused address, an unsubscribe link), if we did. */
  note: string | null;
};

/** Everything a dashboard "Alerts" tab shows, in one answer. */
export type MyAlerts = {
  watches: Array<{ courseId: number; title: string; path: string; listed: boolean }>;
  searches: Array<{
    id: number;
    search: string;
    type: string | null;
    language: string | null;
    rating: number;
    /** The private Atom feed: whoever has this address can read the feed. */
    feedUrl: string;
  }>;
  email: EmailChannel;
  telegram: TelegramChannel;
  history: Array<{
    courseId: number;
    title: string;
    path: string;
    channel: string;
    reason: string;
    status: string;
    queuedAt: string;
    sentAt: string | null;
  }>;
};
