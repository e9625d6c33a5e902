// The table the GA4 events (BigQuery export) connector produces.
import type { StreamSchema } from '../../core/types';

export const EXPORT_EVENTS_DAILY_STREAM: StreamSchema = {
  name: 'events_daily',
  description:
    "Events of the GA4 BigQuery export by day, event name and the user's first traffic source " +
    '(traffic_source: source, medium, campaign name). Users are distinct user_pseudo_ids of the day; ' +
    'revenue is the purchase revenue in USD micros.',
  columns: [
    { name: 'account_id', type: 'string' },
    { name: 'date', type: 'date' },
    { name: 'event_name', type: 'string' },
    { name: 'source', type: 'string' },
    { name: 'medium', type: 'string' },
    { name: 'campaign', type: 'string' },
    { name: 'event_count', type: 'integer' },
    { name: 'users', type: 'integer' },
    { name: 'revenue_micros', type: 'integer' },
    { name: 'currency', type: 'string' },
  ],
  primaryKey: ['account_id', 'date', 'event_name', 'source', 'medium', 'campaign'],
};
