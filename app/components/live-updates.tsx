import { useEffect, useRef } from "react";
import type { PublicCourse } from "../../core/course";
import {
  DEFAULT_POLL_INTERVAL_MS,
  type LiveArticle,
  type LiveUpdateCursor,
  type LiveUpdates as LiveUpdatesAnswer,
} from "../../core/live-updates";
import { useToast } from "./toast";
import { useMessages } from "../lib/i18n";
import * as m from "../../core/paraglide/messages";

/** Never poll more often than this, whatever the configuration says. */
const MIN_POLL_INTERVAL_MS = 1000;

/** What the poller needs from the browser; tests hand in fakes. */
export type PollerEnvironment = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
  isHidden: () => boolean;
  /** Calls back on every visibility change; returns the unsubscribe function. */
  onVisibilityChange: (listener: () => void) => () => void;
  warn: (...args: unknown[]) => void;
};

export type UpdatesPollerOptions = {
  endpoint?: string;
  intervalMs: number;
  /** Read before every poll: the newest course and article the page knows. */
  cursor: () => LiveUpdateCursor;
  onUpdates: (updates: LiveUpdatesAnswer) => void;
  environment?: Partial<PollerEnvironment>;
};

function browserEnvironment(): PollerEnvironment {
  return {
    fetch: (url, init) => window.fetch(url, init),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    now: () => Date.now(),
    isHidden: () => document.visibilityState === "hidden",
    onVisibilityChange: (listener) => {
      document.addEventListener("visibilitychange", listener);
      return () => document.removeEventListener("visibilitychange", listener);
    },
    warn: (...args) => console.warn(...args),
  };
}

/**
 * Polls GET /api/updates every `intervalMs` (one request at a time) while the tab is visible;
 * a hidden tab stops polling and, once visible again, polls when the interval since the last
 * poll is up. The ETag of an unchanged answer is sent back (304: nothing to do). Failures are
 * only logged.
 */
export function startUpdatesPoller(options: UpdatesPollerOptions): {
  stop(): void;
  pollNow(): Promise<void>;
} {
  const environment = { ...browserEnvironment(), ...options.environment };
  const endpoint = options.endpoint ?? "/api/updates";
  const intervalMs = Math.max(
    MIN_POLL_INTERVAL_MS,
    Number.isFinite(options.intervalMs) ? options.intervalMs : DEFAULT_POLL_INTERVAL_MS,
  );
  let timer: unknown = null;
  let lastPoll = environment.now();
  let stopped = false;
  let inFlight: AbortController | null = null;
  let lastAnswer: { url: string; etag: string } | null = null;

  const clear = () => {
    if (timer !== null) environment.clearTimeout(timer);
    timer = null;
  };
  const schedule = (delay: number) => {
    clear();
    if (stopped || environment.isHidden()) return;
    timer = environment.setTimeout(
      () => {
        timer = null;
        void poll();
      },
      Math.max(0, delay),
    );
  };

  async function poll() {
    if (inFlight || stopped) return;
    lastPoll = environment.now();
    const { courseSince, articleSince } = options.cursor();
    const url = `${endpoint}?courseSince=${courseSince}&articleSince=${articleSince}`;
    const controller = new AbortController();
    inFlight = controller;
    try {
      const response = await environment.fetch(url, {
        headers: lastAnswer?.url === url ? { "If-None-Match": lastAnswer.etag } : {},
        cache: "no-store",
        credentials: "same-origin",
        signal: controller.signal,
      });
      if (response.status === 304) return;
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      const updates = (await response.json()) as LiveUpdatesAnswer;
      const etag = response.headers.get("ETag");
      lastAnswer = etag ? { url, etag } : null;
      if (!stopped) options.onUpdates(updates);
    } catch (error) {
      if (!stopped) environment.warn("Live updates: poll failed", error);
    } finally {
      inFlight = null;
      schedule(intervalMs);
    }
  }

  const unsubscribe = environment.onVisibilityChange(() => {
    if (environment.isHidden()) clear();
    else if (!inFlight) schedule(intervalMs - (environment.now() - lastPoll));
  });
  schedule(intervalMs);

  return {
    stop() {
      stopped = true;
      clear();
      inFlight?.abort();
      unsubscribe();
    },
    pollNow: poll,
  };
}

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
    const poller = startUpdatesPoller({
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
    return () => poller.stop();
  }, [intervalMs, toast, locale]);
}

/** Renders nothing: mount it on a page to poll for updates (see useLiveUpdates). */
export function LiveUpdates(props: LiveUpdatesProps) {
  useLiveUpdates(props);
  return null;
}
