// Conversions by day, campaign and conversion name, from every advertising service that reports
// them; `counts_as_conversion` says which of them make up marketing_performance.conversions.
import { AD_SERVICES, type AdService } from './channels';
import {
  ACCOUNT_ID,
  CHANNEL,
  CURRENCY,
  DATE,
  SOURCE_SERVICE,
  attribute,
  fixed,
  key,
  minorUnits,
  summed,
} from './columns';
import { cast, literal } from './dialect';
import { rawTable, type CanonicalModel, type ModelContext, type ModelSource } from './model';
import { decimalToMicrosSql } from './money';

/** The service, its channel and the raw table, as the first columns of a source's rows. */
export function serviceColumns(ctx: ModelContext, service: AdService): string {
  return `${literal(service)} AS ${ctx.sql('{source_service}')}, ${literal(AD_SERVICES[service])} AS ${ctx.sql('{channel}')}`;
}

function source(
  service: AdService,
  stream: string,
  columns: (ctx: ModelContext) => string,
  where: string | null = null,
): ModelSource {
  const table = rawTable(service, stream);
  return {
    origin: service,
    reads: [table],
    sql: (ctx) =>
      ctx.sql(`SELECT {x.date} AS {date}, ${serviceColumns(ctx, service)}, {x.account_id} AS {account_id},
  {x.campaign_id} AS {campaign_id}, ${columns(ctx)}
FROM ${ctx.raw(table)} AS {x}${where === null ? '' : ` WHERE ${where}`}`),
  };
}

/**
 * The SQL test of `{x.action_type}` against the organization's chosen action types: exact types,
 * and prefixes for entries ending in `.*` (all custom conversions). Nothing chosen: FALSE.
 */
function countedActionTypes(chosen: readonly string[]): string {
  const exact = chosen.filter((entry) => !entry.endsWith('.*'));
  const prefixes = chosen.filter((entry) => entry.endsWith('.*')).map((entry) => entry.slice(0, -1));
  const tests = [
    ...(exact.length > 0 ? [`{x.action_type} IN (${exact.map(literal).join(', ')})`] : []),
    ...prefixes.map((prefix) => `SUBSTR({x.action_type}, 1, ${prefix.length}) = ${literal(prefix)}`),
  ];
  return tests.length === 0 ? 'FALSE' : `(${tests.join(' OR ')})`;
}

const decimal = (ctx: ModelContext, expression: string) => cast(ctx.dialect, expression, 'decimal');
const bigint = (ctx: ModelContext, expression: string) => cast(ctx.dialect, expression, 'bigint');

export const CONVERSIONS: CanonicalModel = {
  name: 'conversions',
  description:
    'Conversions per day, account, campaign and conversion name, by service. Google Ads: its conversion ' +
    'actions; Meta Ads: every action type Meta reports; Microsoft Advertising: the campaign conversions ' +
    "under the name 'conversions' (no goal breakdown is loaded); Apple Ads: installs under 'installs'.",
  columns: [
    DATE,
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('campaign_id', 'string', 'The campaign the conversions are attributed to.'),
    key(
      'conversion_name',
      'string',
      "The conversion action's name (Google), the action type (Meta), or 'conversions' / 'installs'.",
    ),
    CHANNEL,
    fixed(
      'counts_as_conversion',
      'boolean',
      'Whether these conversions are part of marketing_performance.conversions.',
    ),
    attribute('conversion_category', 'string', "Google's conversion action category; NULL elsewhere."),
    CURRENCY,
    summed('conversions', 'decimal', 'Conversions (fractional with data-driven attribution).'),
    summed(
      'conversion_value_micros',
      'bigint',
      'Their value in millionths of the currency; NULL where the provider reports none.',
    ),
    minorUnits('conversion_value_minor', 'conversion_value_micros', 'The value in minor units.'),
  ],
  dependsOn: [],
  sources: [
    source(
      'google_ads',
      'conversion_actions',
      (ctx) =>
        `{x.conversion_action_name} AS {conversion_name}, TRUE AS {counts_as_conversion},
  {x.conversion_action_category} AS {conversion_category}, {x.currency} AS {currency},
  ${decimal(ctx, '{x.conversions}')} AS {conversions},
  ${bigint(ctx, decimalToMicrosSql('{x.conversions_value}'))} AS {conversion_value_micros}`,
    ),
    source(
      'facebook_ads',
      'conversions',
      (ctx) =>
        `{x.action_type} AS {conversion_name},
  ${countedActionTypes(ctx.settings.metaConversionActionTypes)} AS {counts_as_conversion},
  ${cast(ctx.dialect, 'NULL', 'string')} AS {conversion_category}, {x.currency} AS {currency},
  ${decimal(ctx, '{x.conversions}')} AS {conversions}, {x.conversion_value_micros} AS {conversion_value_micros}`,
    ),
    source(
      'microsoft_ads',
      'campaigns',
      (ctx) =>
        `${literal('conversions')} AS {conversion_name}, TRUE AS {counts_as_conversion},
  ${cast(ctx.dialect, 'NULL', 'string')} AS {conversion_category}, {x.currency} AS {currency},
  ${decimal(ctx, '{x.conversions}')} AS {conversions},
  ${bigint(ctx, decimalToMicrosSql('{x.conversions_value}'))} AS {conversion_value_micros}`,
      '({x.conversions} <> 0 OR {x.conversions_value} <> 0)',
    ),
    source(
      'apple_ads',
      'campaigns',
      (ctx) =>
        `${literal('installs')} AS {conversion_name}, TRUE AS {counts_as_conversion},
  ${cast(ctx.dialect, 'NULL', 'string')} AS {conversion_category}, {x.currency} AS {currency},
  ${decimal(ctx, '{x.conversions}')} AS {conversions}, ${bigint(ctx, 'NULL')} AS {conversion_value_micros}`,
      '{x.conversions} <> 0',
    ),
  ],
};
