// Organic search from Google Search Console: queries, the property's totals, and landing pages.
import { SEARCH_CONSOLE } from './channels';
import { ACCOUNT_ID, DATE, SOURCE_SERVICE, attribute, key, summed } from './columns';
import { cast, literal } from './dialect';
import { rawTable, type CanonicalModel, type ModelColumn, type ModelSource } from './model';

const SEARCH_METRICS: readonly ModelColumn[] = [
  summed('clicks', 'bigint', 'Clicks from Google web search.'),
  summed('impressions', 'bigint', 'Impressions in Google web search.'),
  summed(
    'sum_position',
    'decimal',
    'Position × impressions: sum(sum_position) / sum(impressions) is the impression-weighted average position of any set of rows.',
  ),
];

const POSITION = attribute('position', 'double', "Google's average top position of the row (1 = first).");

function source(stream: string, dimensions: readonly string[]): ModelSource {
  const table = rawTable(SEARCH_CONSOLE, stream);
  return {
    origin: SEARCH_CONSOLE,
    reads: [table],
    sql: (ctx) =>
      ctx.sql(`SELECT {x.date} AS {date}, ${literal(SEARCH_CONSOLE)} AS {source_service}, {x.account_id} AS {account_id},
  ${dimensions.map((d) => `{x.${d}} AS {${d}}`).join(', ')}, {x.clicks} AS {clicks}, {x.impressions} AS {impressions},
  {x.position} AS {position}, ${cast(ctx.dialect, '{x.position}', 'decimal')} * {x.impressions} AS {sum_position}
FROM ${ctx.raw(table)} AS {x}`),
  };
}

export const SEARCH_CONSOLE_QUERIES: CanonicalModel = {
  name: 'search_console_queries',
  description:
    'Google web search per day, property, query, page, country and device. Anonymized (rare) queries are ' +
    'not reported by Google per query, so these rows add up to less than search_console_totals.',
  columns: [
    DATE,
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('query', 'string', 'The search query.'),
    key('page', 'string', 'The landing page URL.'),
    key('country', 'string', 'ISO 3166-1 alpha-3, lower case.'),
    key('device', 'string', 'DESKTOP, MOBILE or TABLET.'),
    ...SEARCH_METRICS,
    POSITION,
  ],
  dependsOn: [],
  sources: [source('search_analytics', ['query', 'page', 'country', 'device'])],
};

export const SEARCH_CONSOLE_TOTALS: CanonicalModel = {
  name: 'search_console_totals',
  description:
    "Google web search per day, property, country and device, anonymized queries included: the numbers of Search Console's performance report.",
  columns: [
    DATE,
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('country', 'string', 'ISO 3166-1 alpha-3, lower case.'),
    key('device', 'string', 'DESKTOP, MOBILE or TABLET.'),
    ...SEARCH_METRICS,
    POSITION,
  ],
  dependsOn: [],
  sources: [source('search_analytics_totals', ['country', 'device'])],
};

export const LANDING_PAGES: CanonicalModel = {
  name: 'landing_pages',
  description:
    'Landing pages of organic search per day, property and URL, from search_console_queries (so without ' +
    "anonymized queries). The advertising connectors do not load ads' final URLs yet.",
  columns: [
    DATE,
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('url', 'string', 'The landing page URL.'),
    ...SEARCH_METRICS,
  ],
  dependsOn: ['search_console_queries'],
  sources: [
    {
      origin: 'search_console_queries',
      reads: [],
      sql: (ctx) =>
        ctx.sql(`SELECT {q.date} AS {date}, {q.source_service} AS {source_service}, {q.account_id} AS {account_id},
  {q.page} AS {url}, {q.clicks} AS {clicks}, {q.impressions} AS {impressions}, {q.sum_position} AS {sum_position}
FROM ${ctx.model('search_console_queries')} AS {q}`),
    },
  ],
};
