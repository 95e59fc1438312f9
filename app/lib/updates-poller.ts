import {
  DEFAULT_POLL_INTERVAL_MS,
  type LiveUpdateCursor,
  type LiveUpdates as LiveUpdatesAnswer,
} from "../../core/live-updates";

/*
 * The poller behind the live "new courses" toasts. Its first poll is an interval after the page
 * loads, so pages load this module after hydration (useLiveUpdates imports it) rather than with
 * the page's own JavaScript.
 */

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
