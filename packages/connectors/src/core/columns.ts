// Building the column lists of the streams.ts files, and the layouts several connectors share so
// that their tables line up (Google Ads and Microsoft Advertising report paid search alike).
import type { StreamColumn, StreamSchema } from './types';

export const strings = (...names: string[]): StreamColumn[] =>
  names.map((name) => ({ name, type: 'string' }));
export const integers = (...names: string[]): StreamColumn[] =>
  names.map((name) => ({ name, type: 'integer' }));

/** The leading key of the daily streams: the connected account, then the day. */
export const ACCOUNT_DAY: StreamColumn[] = [
  { name: 'account_id', type: 'string' },
  { name: 'date', type: 'date' },
];

/** The leading key of the paid-search reports (Google Ads, Microsoft Advertising): day first. */
export const DAY_ACCOUNT: StreamColumn[] = [
  { name: 'date', type: 'date' },
  { name: 'account_id', type: 'string' },
];

/** The paid-search reports' metrics (Google Ads, Microsoft Advertising). */
export const PAID_SEARCH_METRICS: StreamColumn[] = [
  ...integers('impressions', 'clicks'),
  /** Millionths of the account currency. */
  { name: 'cost_micros', type: 'integer' },
  /** Fractional: data-driven attribution (Google), partial offline conversions (Microsoft). */
  { name: 'conversions', type: 'number' },
  /** In the account currency, a decimal as the provider reports it. */
  { name: 'conversions_value', type: 'number' },
  { name: 'currency', type: 'string' },
];

/**
 * A daily paid-search report: the day, the account, its `keys` (strings) and PAID_SEARCH_METRICS;
 * rows are unique by account, day and `unique`.
 */
export function paidSearchStream(stream: {
  name: string;
  description: string;
  keys: string[];
  unique: string[];
}): StreamSchema {
  return {
    name: stream.name,
    description: stream.description,
    columns: [...DAY_ACCOUNT, ...strings(...stream.keys), ...PAID_SEARCH_METRICS],
    primaryKey: ['account_id', 'date', ...stream.unique],
  };
}
