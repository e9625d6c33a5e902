// The tables the GA4 (Data API) connector produces.
import type { StreamSchema } from '../../core/types';

export const TRAFFIC_DAILY_STREAM: StreamSchema = {
  name: 'traffic_daily',
  description:
    'Sessions, users, key events and revenue by day, session source, medium, campaign, device category and country. ' +
    'Revenue in micros of the property currency.',
  columns: [
    { name: 'account_id', type: 'string' },
    { name: 'date', type: 'date' },
    { name: 'source', type: 'string' },
    { name: 'medium', type: 'string' },
    { name: 'campaign', type: 'string' },
    { name: 'device_category', type: 'string' },
    { name: 'country', type: 'string' },
    { name: 'sessions', type: 'integer' },
    { name: 'engaged_sessions', type: 'integer' },
    { name: 'total_users', type: 'integer' },
    { name: 'new_users', type: 'integer' },
    { name: 'key_events', type: 'integer' },
    { name: 'revenue_micros', type: 'integer' },
    { name: 'currency', type: 'string' },
  ],
  primaryKey: ['account_id', 'date', 'source', 'medium', 'campaign', 'device_category', 'country'],
};

export const EVENTS_DAILY_STREAM: StreamSchema = {
  name: 'events_daily',
  description: 'Event counts and revenue by day and event name. Revenue in micros of the property currency.',
  columns: [
    { name: 'account_id', type: 'string' },
    { name: 'date', type: 'date' },
    { name: 'event_name', type: 'string' },
    { name: 'event_count', type: 'integer' },
    { name: 'key_events', type: 'integer' },
    { name: 'revenue_micros', type: 'integer' },
    { name: 'currency', type: 'string' },
  ],
  primaryKey: ['account_id', 'date', 'event_name'],
};
