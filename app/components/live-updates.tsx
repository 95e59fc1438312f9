import { useEffect, useRef } from "react";
import type { PublicCourse } from "../../core/course";
import {
  DEFAULT_POLL_INTERVAL_MS,
  type LiveArticle,
  type LiveUpdateCursor,
} from "../../core/live-updates";
import { useToast } from "./toast";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

export type LiveUpdatesProps = {
  /** The newest listed course id the page shows (from the loader). */
  courseSince: number;
  /** The newest published article id the page knows (from the loader). */
  articleSince: number;
  /** Poll interval: 60 000 ms unless configured. */
  intervalMs?: number;
  /** New courses, newest first, for the page to prepend. */
  onNewCourses?: (courses: PublicCourse[]) => void;
  onNewArticles?: (articles: LiveArticle[]) => void;
};

/**
 * Polls for new courses and articles, shows "{n} new course(s) available!" and
 * "{n} new article(s) published!" and hands the new items to the page.
 */
export function useLiveUpdates({
  courseSince,
  articleSince,
  intervalMs = DEFAULT_POLL_INTERVAL_MS,
  onNewCourses,
  onNewArticles,
}: LiveUpdatesProps): void {
  const toast = useToast();
  const { locale } = useMessages();
  const cursor = useRef<LiveUpdateCursor>({ courseSince, articleSince });
  const callbacks = useRef({ onNewCourses, onNewArticles });

  useEffect(() => {
    callbacks.current = { onNewCourses, onNewArticles };
  });

  // A revalidated loader may know newer ids than the poller; never go back.
  useEffect(() => {
    cursor.current = {
      courseSince: Math.max(cursor.current.courseSince, courseSince),
      articleSince: Math.max(cursor.current.articleSince, articleSince),
    };
  }, [courseSince, articleSince]);

  useEffect(() => {
    let poller: { stop(): void } | null = null;
    let unmounted = false;
    const started = import("../lib/updates-poller").then(({ startUpdatesPoller }) => {
      if (unmounted) return;
      poller = startUpdatesPoller({
        intervalMs,
        cursor: () => cursor.current,
        onUpdates: ({ courses, articles }) => {
          cursor.current = {
            courseSince: Math.max(cursor.current.courseSince, courses.latestId),
            articleSince: Math.max(cursor.current.articleSince, articles.latestId),
          };
          if (courses.count > 0) {
            toast.show(m.live_new_courses({ count: courses.count }, { locale }));
            callbacks.current.onNewCourses?.(courses.items);
          }
          if (articles.count > 0) {
            toast.show(m.live_new_articles({ count: articles.count }, { locale }));
            callbacks.current.onNewArticles?.(articles.items);
          }
        },
      });
    });
    // A page without the poller (a failed chunk load) only misses the toasts.
    started.catch((error: unknown) => console.warn("Live updates: poller not loaded", error));
    return () => {
      unmounted = true;
      poller?.stop();
    };
  }, [intervalMs, toast, locale]);
}

/** Renders nothing: mount it on a page to poll for updates (see useLiveUpdates). */
export function LiveUpdates(props: LiveUpdatesProps) {
  useLiveUpdates(props);
  return null;
}
