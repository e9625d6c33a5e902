// Web and app analytics from Google Analytics 4: traffic by source (Data API) and events (Data
// API and the BigQuery export).
import { GA4, GA4_EXPORT } from './channels';
import { ACCOUNT_ID, CURRENCY, DATE, SOURCE_SERVICE, key, minorUnits, summed } from './columns';
import { cast, literal } from './dialect';
import { rawTable, type CanonicalModel } from './model';

const TRAFFIC_DIMENSIONS = ['source', 'medium', 'campaign', 'device_category', 'country'] as const;
const TRAFFIC_METRICS = ['sessions', 'engaged_sessions', 'total_users', 'new_users', 'key_events'] as const;

export const GA4_TRAFFIC: CanonicalModel = {
  name: 'ga4_traffic',
  description:
    "Sessions, users, key events and revenue per day, property, the session's source, medium and campaign, device category and country.",
  columns: [
    DATE,
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('source', 'string', 'Session source, e.g. google.'),
    key('medium', 'string', 'Session medium, e.g. organic, cpc.'),
    key('campaign', 'string', 'Session campaign name.'),
    key('device_category', 'string', 'desktop, mobile or tablet.'),
    key('country', 'string', 'Country name as GA4 reports it.'),
    summed('sessions', 'bigint', 'Sessions.'),
    summed('engaged_sessions', 'bigint', 'Engaged sessions.'),
    summed(
      'total_users',
      'bigint',
      'Users (not additive across days or dimensions: a sum counts a user once per row).',
    ),
    summed('new_users', 'bigint', 'First-time users.'),
    summed(
      'key_events',
      'double',
      'Key events (conversions); fractional where GA4 splits a key event between sessions.',
    ),
    CURRENCY,
    summed('revenue_micros', 'bigint', 'Total revenue in millionths of the property currency.'),
    minorUnits('revenue_minor', 'revenue_micros', 'Revenue in minor units.'),
  ],
  dependsOn: [],
  sources: [
    {
      origin: GA4,
      reads: [rawTable(GA4, 'traffic_daily')],
      sql: (ctx) =>
        ctx.sql(`SELECT {x.date} AS {date}, ${literal(GA4)} AS {source_service}, {x.account_id} AS {account_id},
  ${[...TRAFFIC_DIMENSIONS, ...TRAFFIC_METRICS].map((c) => `{x.${c}} AS {${c}}`).join(', ')},
  {x.currency} AS {currency}, {x.revenue_micros} AS {revenue_micros}
FROM ${ctx.raw(rawTable(GA4, 'traffic_daily'))} AS {x}`),
    },
  ],
};

export const GA4_EVENTS: CanonicalModel = {
  name: 'ga4_events',
  description:
    "Events per day, property, event name and the user's first traffic source. The Data API's events " +
    "(google_analytics_4) have no traffic source: source, medium and campaign are ''.",
  columns: [
    DATE,
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('event_name', 'string', 'The event, e.g. purchase, page_view.'),
    key('source', 'string', "The user's first source (BigQuery export); '' from the Data API."),
    key('medium', 'string', "The user's first medium (BigQuery export); '' from the Data API."),
    key('campaign', 'string', "The user's first campaign (BigQuery export); '' from the Data API."),
    summed('event_count', 'bigint', 'Events.'),
    summed('users', 'bigint', 'Distinct users of the day and row (BigQuery export); NULL from the Data API.'),
    summed('key_events', 'double', 'Key events (Data API); NULL from the BigQuery export.'),
    CURRENCY,
    summed(
      'revenue_micros',
      'bigint',
      'Revenue in millionths of the currency (the export: purchase revenue in USD).',
    ),
    minorUnits('revenue_minor', 'revenue_micros', 'Revenue in minor units.'),
  ],
  dependsOn: [],
  sources: [
    {
      origin: GA4,
      reads: [rawTable(GA4, 'events_daily')],
      sql: (ctx) =>
        ctx.sql(`SELECT {x.date} AS {date}, ${literal(GA4)} AS {source_service}, {x.account_id} AS {account_id},
  {x.event_name} AS {event_name}, '' AS {source}, '' AS {medium}, '' AS {campaign},
  {x.event_count} AS {event_count}, ${cast(ctx.dialect, 'NULL', 'bigint')} AS {users}, {x.key_events} AS {key_events},
  {x.currency} AS {currency}, {x.revenue_micros} AS {revenue_micros}
FROM ${ctx.raw(rawTable(GA4, 'events_daily'))} AS {x}`),
    },
    {
      origin: GA4_EXPORT,
      reads: [rawTable(GA4_EXPORT, 'events_daily')],
      sql: (ctx) =>
        ctx.sql(`SELECT {x.date} AS {date}, ${literal(GA4_EXPORT)} AS {source_service}, {x.account_id} AS {account_id},
  {x.event_name} AS {event_name}, {x.source} AS {source}, {x.medium} AS {medium}, {x.campaign} AS {campaign},
  {x.event_count} AS {event_count}, {x.users} AS {users}, ${cast(ctx.dialect, 'NULL', 'double')} AS {key_events},
  {x.currency} AS {currency}, {x.revenue_micros} AS {revenue_micros}
FROM ${ctx.raw(rawTable(GA4_EXPORT, 'events_daily'))} AS {x}`),
    },
  ],
};
