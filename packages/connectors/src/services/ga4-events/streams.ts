// The table the GA4 events (BigQuery export) connector produces.
import { ACCOUNT_DAY, strings, integers } from '../../core/columns';
import type { StreamSchema } from '../../core/types';

export const EXPORT_EVENTS_DAILY_STREAM: StreamSchema = {
  name: 'events_daily',
  description:
    "Events of the GA4 BigQuery export by day, event name and the session's traffic source " +
    '(session_traffic_source_last_click, else collected_traffic_source: source, medium, campaign name), ' +
    "as GA4's session reports attribute them. Users are distinct user_pseudo_ids of the day; " +
    'revenue is the purchase revenue in USD micros.',
  columns: [
    ...ACCOUNT_DAY,
    ...strings('event_name', 'source', 'medium', 'campaign'),
    ...integers('event_count', 'users', 'revenue_micros'),
    { name: 'currency', type: 'string' },
  ],
  primaryKey: ['account_id', 'date', 'event_name', 'source', 'medium', 'campaign'],
};
