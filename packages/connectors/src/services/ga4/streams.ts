// The tables the GA4 (Data API) connector produces.
import { ACCOUNT_DAY, strings, integers } from '../../core/columns';
import type { StreamSchema } from '../../core/types';

export const TRAFFIC_DAILY_STREAM: StreamSchema = {
  name: 'traffic_daily',
  description:
    'Sessions, users, key events and revenue by day, session source, medium, campaign, device category and country. ' +
    'Revenue in micros of the property currency.',
  columns: [
    ...ACCOUNT_DAY,
    ...strings('source', 'medium', 'campaign', 'device_category', 'country'),
    ...integers('sessions', 'engaged_sessions', 'total_users', 'new_users'),
    /** GA4 declares key events a float: fractional when credited to several sessions. */
    { name: 'key_events', type: 'number' },
    ...integers('revenue_micros'),
    { name: 'currency', type: 'string' },
  ],
  primaryKey: ['account_id', 'date', 'source', 'medium', 'campaign', 'device_category', 'country'],
};

export const EVENTS_DAILY_STREAM: StreamSchema = {
  name: 'events_daily',
  description: 'Event counts and revenue by day and event name. Revenue in micros of the property currency.',
  columns: [
    ...ACCOUNT_DAY,
    { name: 'event_name', type: 'string' },
    ...integers('event_count'),
    { name: 'key_events', type: 'number' },
    ...integers('revenue_micros'),
    { name: 'currency', type: 'string' },
  ],
  primaryKey: ['account_id', 'date', 'event_name'],
};
