import { toJakartaDay } from "../../core/dates";
import type { Clock } from "../../server/clock";

/** A clock tests can move: `set` jumps, `advance` moves forward by milliseconds. */
export type TestClock = Clock & { set(instant: Date | string): void; advance(ms: number): void };

export function createTestClock(initial: Date | string = "2026-11-22T10:00:00+07:00"): TestClock {
  let current = new Date(initial);
  return {
    now: () => new Date(current.getTime()),
    today: () => toJakartaDay(current),
    set(instant) {
      current = new Date(instant);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}
