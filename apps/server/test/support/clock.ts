import { utcDay } from '@maya/contracts';

/**
 * Noon UTC of the instant's day. A loads' clock set there puts every sandbox account's zone
 * (Los Angeles, UTC−8, to Tokyo, UTC+9) on the same calendar day as UTC, so that a test's UTC
 * days are each account's own days (decision 730) whatever the hour the test runs at.
 */
export function atNoonUtc(instant: number | Date): Date {
  return new Date(`${utcDay(instant)}T12:00:00.000Z`);
}

/**
 * The connectors' sleep in tests: a provider's "still building, ask again in a second" (Microsoft's
 * report requests, Meta's report runs) and a retry's back-off go on at the next turn of the event
 * loop instead of waiting real seconds. The sandbox answers by the number of polls, not the time.
 */
export const noWait = (_ms: number) => new Promise<void>((resolve) => setImmediate(resolve));
