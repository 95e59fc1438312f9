import type { AlertChannel } from "./alert-rules";
import type { ChannelState } from "./alert-texts";
import type { TelegramChannel } from "./telegram";

/** What a signed-in user's alerts look like to the dashboard (GET /alerts answers the same). */
export type EmailChannel = ChannelState & {
  /** Hour of the daily digest, Asia/Jakarta. */
  hour: number;
};

/** Everything a dashboard "Alerts" tab shows, in one answer. */
export type MyAlerts = {
  watches: Array<{
    courseId: number;
    title: string;
    path: string;
    listed: boolean;
    /** The channels this alert is told on. */
    channels: AlertChannel[];
  }>;
  searches: Array<{
    id: number;
    search: string;
    type: string | null;
    language: string | null;
    rating: number;
    /** The private Atom feed: whoever has this address can read the feed. */
    feedUrl: string;
    /** The page that explains the feed and copies its address (unlocalised path). */
    feedHelpPath: string;
    channels: AlertChannel[];
  }>;
  email: EmailChannel;
  /** The user's browsers that took push alerts; one we turned off says why. */
  browsers: Array<{
    id: number;
    /** The push service's host (which browser vendor), never the whole endpoint. */
    service: string;
    addedAt: string;
    /** Why we stopped sending to it (gone at the push service, …); null while it takes pushes. */
    offNote: string | null;
  }>;
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
