// The tables the Search Console connector produces.
import { ACCOUNT_DAY, strings, integers } from '../../core/columns';
import type { StreamSchema } from '../../core/types';

const metrics = [
  ...integers('clicks', 'impressions'),
  /** clicks / impressions, as Google computes it (0..1). */
  { name: 'ctr', type: 'number' },
  /** Average top position, impression-weighted (1 = first). */
  { name: 'position', type: 'number' },
] as const;

export const SEARCH_ANALYTICS_STREAM: StreamSchema = {
  name: 'search_analytics',
  description:
    'Web search performance by day, query, page, country (ISO 3166-1 alpha-3, lower case) and device. ' +
    'Anonymized (rare) queries are left out, as Google does, so these rows add up to less than search_analytics_totals.',
  columns: [...ACCOUNT_DAY, ...strings('query', 'page', 'country', 'device'), ...metrics],
  primaryKey: ['account_id', 'date', 'query', 'page', 'country', 'device'],
};

export const SEARCH_ANALYTICS_TOTALS_STREAM: StreamSchema = {
  name: 'search_analytics_totals',
  description:
    'Web search totals of the property by day, country and device, anonymized queries included ' +
    '(the numbers the Search Console performance report shows).',
  columns: [...ACCOUNT_DAY, ...strings('country', 'device'), ...metrics],
  primaryKey: ['account_id', 'date', 'country', 'device'],
};
