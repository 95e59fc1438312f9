import { toJakartaDay } from "../core/dates";

/** "Now" as a service, so tests and trials can view the site as of another day (FAKE_NOW). */
export type Clock = {
  now(): Date;
  /** Today's Jakarta day, YYYY-MM-DD. */
  today(): string;
};

export function createClock(fixedNow?: Date): Clock {
  const now = fixedNow ? () => new Date(fixedNow.getTime()) : () => new Date();
  return { now, today: () => toJakartaDay(now()) };
}
