// The daily traffic of the sandbox ad platforms (Google Ads, Microsoft Advertising): each entity
// that gets traffic of its own (a search term, an audience or shopping ad group) has a profile
// drawn once from its key, and every day a draw from that profile: impressions, clicks, spend in
// whole cents, conversions in whole halves and their value in whole units of the caller's choice
// (quarters, cents), so that any sum of draws is exact in binary floating point. Draws are pure
// functions of (profile, day): any range, in any order, gives the same numbers.
import { hash, unit } from './data';

/** An entity's traffic profile: all stable per entity; each day adds noise and the season. */
export type Traffic = {
  seed: number;
  /** Probability that it gets traffic on a day. */
  presence: number;
  impressions: number;
  ctr: number;
  cpcCents: number;
  conversionRate: number;
  orderValue: number;
};

/** What kind of entity it is: its typical day. */
export type TrafficScale = { impressions: number; ctr: number; presence: number };

/** The platform's spreads around the scale (each sandbox platform has its own market). */
export type TrafficMarket = {
  /** Added to `presence` at most (1 stays 1: always present). */
  presenceSpread: number;
  minImpressions: number;
  cpcCents: { min: number; spread: number };
  orderValue: { min: number; spread: number };
};

export function trafficProfile(key: string, scale: TrafficScale, market: TrafficMarket): Traffic {
  const u = (salt: string) => unit(key, salt);
  return {
    seed: hash(key),
    presence: scale.presence === 1 ? 1 : scale.presence + market.presenceSpread * u('presence'),
    // Skewed: a few entities carry most of the volume.
    impressions: market.minImpressions + scale.impressions * u('impressions') ** 2,
    ctr: scale.ctr * (0.4 + 1.2 * u('ctr')),
    cpcCents: market.cpcCents.min + Math.floor(market.cpcCents.spread * u('cpc')),
    conversionRate: 0.01 + 0.07 * u('cvr'),
    orderValue: market.orderValue.min + market.orderValue.spread * u('aov'),
  };
}

/** A uniform number in [0, 1) from an entity seed, a day number and a salt (murmur3 finalizer). */
export function mix(seed: number, day: number, salt: number): number {
  let h = (seed ^ Math.imul(day, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 0x1_0000_0000;
}

/** A draw's numbers, in order: impressions, clicks, spend cents, conversion halves, value units. */
export const DRAW_WIDTH = 5;

/**
 * The day's draw of one entity into `into[offset..offset + DRAW_WIDTH)`, its conversion value in
 * `valueUnits` per currency unit (4: quarters, 100: cents); false when it had no traffic that day.
 * `day` counts days since 1970-01-01, `demand` is the day's season (data.ts), `lateConversions`
 * the factor of a restatement of the day's conversions (late-conversions.ts).
 */
export function drawTraffic(
  t: Traffic,
  day: number,
  demand: number,
  valueUnits: number,
  into: Float64Array,
  offset: number,
  lateConversions = 1,
): boolean {
  if (t.presence < 1 && mix(t.seed, day, 1) >= t.presence) return false;
  const impressions = Math.max(1, Math.round(t.impressions * demand * (0.6 + 0.8 * mix(t.seed, day, 2))));
  const clicks = Math.round(impressions * t.ctr * (0.7 + 0.6 * mix(t.seed, day, 3)));
  const spendCents = Math.round(clicks * t.cpcCents * (0.8 + 0.4 * mix(t.seed, day, 4)));
  // Rounded at random so that rare conversions still happen as often as the rate says.
  const expected = clicks * t.conversionRate * 2 * (0.5 + mix(t.seed, day, 5)) * lateConversions;
  const halves = Math.floor(expected + mix(t.seed, day, 7));
  const value =
    halves === 0
      ? 0
      : Math.round(halves * (valueUnits / 2) * t.orderValue * (0.7 + 0.6 * mix(t.seed, day, 6)));
  into[offset] = impressions;
  into[offset + 1] = clicks;
  into[offset + 2] = spendCents;
  into[offset + 3] = halves;
  into[offset + 4] = value;
  return true;
}
