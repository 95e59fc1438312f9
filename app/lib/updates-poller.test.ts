import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveUpdates } from "../../core/live-updates";
import { startUpdatesPoller, type PollerEnvironment } from "./updates-poller";

const nothingNew = (courseSince: number, articleSince: number): LiveUpdates => ({
  courses: { count: 0, latestId: courseSince, items: [] },
  articles: { count: 0, latestId: articleSince, items: [] },
});

type Call = { url: string; headers: Record<string, string> };

/** A browser stand-in: fake timers, a scripted fetch and a visibility switch. */
function fakeBrowser(answers: Array<(call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const warnings: unknown[][] = [];
  let hidden = false;
  const listeners = new Set<() => void>();
  const environment: Partial<PollerEnvironment> = {
    fetch: async (url, init) => {
      const call = { url, headers: (init.headers ?? {}) as Record<string, string> };
      calls.push(call);
      const next = answers.shift();
      if (!next) throw new Error("no scripted answer");
      return next(call);
    },
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    isHidden: () => hidden,
    onVisibilityChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    warn: (...args) => warnings.push(args),
  };
  return {
    environment,
    calls,
    warnings,
    setHidden(value: boolean) {
      hidden = value;
      for (const listener of listeners) listener();
    },
    listenerCount: () => listeners.size,
  };
}

const json = (body: unknown, etag = 'W/"e1"') =>
  new Response(JSON.stringify(body), { status: 200, headers: { ETag: etag } });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("startUpdatesPoller", () => {
  it("polls every interval from the current cursor and hands over the answer", async () => {
    const fresh: LiveUpdates = {
      courses: { count: 1, latestId: 11, items: [] },
      articles: { count: 0, latestId: 4, items: [] },
    };
    const browser = fakeBrowser([() => json(fresh), () => json(nothingNew(11, 4))]);
    const cursor = { courseSince: 10, articleSince: 4 };
    const received: LiveUpdates[] = [];
    const poller = startUpdatesPoller({
      intervalMs: 60_000,
      cursor: () => cursor,
      onUpdates: (updates) => {
        received.push(updates);
        cursor.courseSince = updates.courses.latestId;
      },
      environment: browser.environment,
    });

    await vi.advanceTimersByTimeAsync(59_999);
    expect(browser.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.calls.map((call) => call.url)).toEqual([
      "/api/updates?courseSince=10&articleSince=4",
    ]);
    expect(received).toEqual([fresh]);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(browser.calls[1]!.url).toBe("/api/updates?courseSince=11&articleSince=4");
    poller.stop();
  });

  it("sends the ETag back for the same question, and a 304 changes nothing", async () => {
    const browser = fakeBrowser([
      () => json(nothingNew(5, 1), 'W/"same"'),
      () => new Response(null, { status: 304 }),
    ]);
    const received: LiveUpdates[] = [];
    const poller = startUpdatesPoller({
      intervalMs: 1_000,
      cursor: () => ({ courseSince: 5, articleSince: 1 }),
      onUpdates: (updates) => received.push(updates),
      environment: browser.environment,
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(browser.calls.map((call) => call.headers["If-None-Match"])).toEqual([
      undefined,
      'W/"same"',
    ]);
    expect(received).toHaveLength(1);
    poller.stop();
  });

  it("pauses while the tab is hidden and catches up when it is shown again", async () => {
    const browser = fakeBrowser(Array.from({ length: 5 }, () => () => json(nothingNew(1, 1))));
    const poller = startUpdatesPoller({
      intervalMs: 60_000,
      cursor: () => ({ courseSince: 1, articleSince: 1 }),
      onUpdates: () => undefined,
      environment: browser.environment,
    });
    await vi.advanceTimersByTimeAsync(30_000);
    browser.setHidden(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(browser.calls).toHaveLength(0);

    // Shown again long after the interval: polls at once, then every interval.
    browser.setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(browser.calls).toHaveLength(2);

    // Hidden and shown within the interval: waits for the rest of it.
    await vi.advanceTimersByTimeAsync(20_000);
    browser.setHidden(true);
    browser.setHidden(false);
    await vi.advanceTimersByTimeAsync(39_999);
    expect(browser.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.calls).toHaveLength(3);
    poller.stop();
  });

  it("only logs a failed poll and keeps polling", async () => {
    const browser = fakeBrowser([
      () => new Response("oops", { status: 500 }),
      () => Promise.reject(new TypeError("Failed to fetch")),
      () => json(nothingNew(1, 1)),
    ]);
    const received: LiveUpdates[] = [];
    const poller = startUpdatesPoller({
      intervalMs: 1_000,
      cursor: () => ({ courseSince: 1, articleSince: 1 }),
      onUpdates: (updates) => received.push(updates),
      environment: browser.environment,
    });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(browser.calls).toHaveLength(3);
    expect(browser.warnings).toHaveLength(2);
    expect(String(browser.warnings[0]![1])).toContain("answered 500");
    expect(received).toHaveLength(1);
    poller.stop();
  });

  it("stops for good, and never polls faster than once a second", async () => {
    const browser = fakeBrowser(Array.from({ length: 10 }, () => () => json(nothingNew(1, 1))));
    const poller = startUpdatesPoller({
      intervalMs: 10,
      cursor: () => ({ courseSince: 1, articleSince: 1 }),
      onUpdates: () => undefined,
      environment: browser.environment,
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(browser.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.calls).toHaveLength(1);
    poller.stop();
    expect(browser.listenerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(browser.calls).toHaveLength(1);
  });
});
