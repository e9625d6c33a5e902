// Marketing performance: spend, delivery and conversions of every advertising service by day,
// account, campaign and ad group, adding up per account and day to the provider's own totals.
import { adMetricsSql } from './ad-metrics';
import { campaignTypeSql } from './campaign-types';
import type { AdService } from './channels';
import { AD_METRICS, ACCOUNT_ID, CHANNEL, DATE, SOURCE_SERVICE, attribute, key, packed } from './columns';
import { serviceColumns } from './conversions';
import { cast, literal } from './dialect';
import { MANUAL_ADS_SOURCE } from './manual-ads';
import { rawTable, type CanonicalModel, type ModelContext, type ModelSource } from './model';

/** Where a service keeps its campaign and ad group reports. */
type AdStructure = {
  service: AdService;
  /** The campaign stream's column of the campaign type, if it has one (labelled: campaign-types.ts). */
  campaignType: string | null;
  /** The ad group stream (Meta: ad sets) and its id and name columns. */
  adGroups: { stream: string; id: string; name: string };
  /** Whether campaign conversions come from the conversions model (Meta) rather than the stream. */
  conversionsFromModel: boolean;
};

const STRUCTURES: readonly AdStructure[] = [
  {
    service: 'google_ads',
    campaignType: 'channel_type',
    adGroups: { stream: 'ad_groups', id: 'ad_group_id', name: 'ad_group_name' },
    conversionsFromModel: false,
  },
  {
    service: 'facebook_ads',
    campaignType: 'objective',
    adGroups: { stream: 'ad_sets', id: 'ad_set_id', name: 'ad_set_name' },
    conversionsFromModel: true,
  },
  {
    service: 'microsoft_ads',
    campaignType: 'campaign_type',
    adGroups: { stream: 'ad_groups', id: 'ad_group_id', name: 'ad_group_name' },
    conversionsFromModel: false,
  },
  {
    service: 'apple_ads',
    campaignType: 'ad_channel_type',
    adGroups: { stream: 'ad_groups', id: 'ad_group_id', name: 'ad_group_name' },
    conversionsFromModel: false,
  },
];

const METRICS = ['cost_micros', 'impressions', 'clicks', 'conversions', 'conversion_value_micros'] as const;

/** The campaign-level metrics: the campaign stream, plus Meta's counted conversions. */
function campaignLevel(ctx: ModelContext, s: AdStructure): string {
  const campaigns = `SELECT {x.account_id}, {x.date}, {x.campaign_id}, ${adMetricsSql(ctx, s.service, 'x')}
  FROM ${ctx.raw(rawTable(s.service, 'campaigns'))} AS {x}`;
  if (!s.conversionsFromModel) return campaigns;
  const zero = (type: 'bigint' | 'decimal') => cast(ctx.dialect, '0', type);
  // Conversions may fall on a day without delivery: both kinds of rows are stacked and summed.
  return `SELECT {y.account_id}, {y.date}, {y.campaign_id}, MAX({y.currency}) AS {currency},
  ${METRICS.map((m) => `SUM({y.${m}}) AS {${m}}`).join(', ')}
  FROM (
  ${campaigns}
  UNION ALL
  SELECT {v.account_id}, {v.date}, {v.campaign_id}, {v.currency}, ${zero('bigint')}, ${zero('bigint')},
    ${zero('bigint')}, {v.conversions}, {v.conversion_value_micros}
  FROM ${ctx.model('conversions')} AS {v}
  WHERE {v.source_service} = ${literal(s.service)} AND {v.counts_as_conversion}
  ) AS {y} GROUP BY {y.account_id}, {y.date}, {y.campaign_id}`;
}

/** The ad-group-level metrics, or null when the service's ad group stream is not loaded. */
function adGroupLevel(ctx: ModelContext, s: AdStructure): string | null {
  const table = rawTable(s.service, s.adGroups.stream);
  if (!ctx.has(table)) return null;
  return `SELECT {x.account_id}, {x.date}, {x.campaign_id}, {x.${s.adGroups.id}} AS {ad_group_id},
  ${adMetricsSql(ctx, s.service, 'x')}
  FROM ${ctx.raw(table)} AS {x}`;
}

/**
 * Ad group rows, and per campaign and day one row with ad group '' holding what the campaign
 * report has beyond its ad groups: campaigns without ad groups (Performance Max), conversions
 * reported per campaign only (Meta). So every campaign-day adds up to the campaign report.
 */
function rowsSql(ctx: ModelContext, s: AdStructure): string {
  const campaigns = campaignLevel(ctx, s);
  const adGroups = adGroupLevel(ctx, s);
  const columns = `{account_id}, {date}, {campaign_id}, {ad_group_id}, {currency}, ${METRICS.map((m) => `{${m}}`).join(', ')}`;
  if (adGroups === null) {
    return `SELECT {c.account_id}, {c.date}, {c.campaign_id}, '' AS {ad_group_id}, {c.currency},
  ${METRICS.map((m) => `{c.${m}}`).join(', ')} FROM (${campaigns}) AS {c}`;
  }
  const remainder = METRICS.map((m) => `{c.${m}} - COALESCE({a.${m}}, 0) AS {${m}}`).join(', ');
  // A value neither level reports (NULL: Apple's conversion value) never makes a difference.
  const differs = METRICS.map((m) => `{c.${m}} <> {a.${m}}`).join(' OR ');
  return `SELECT ${columns} FROM (${adGroups}) AS {g}
UNION ALL
SELECT {c.account_id}, {c.date}, {c.campaign_id}, '' AS {ad_group_id}, {c.currency}, ${remainder}
FROM (${campaigns}) AS {c}
LEFT JOIN (
  SELECT {g.account_id}, {g.date}, {g.campaign_id}, COUNT(*) AS {n},
    ${METRICS.map((m) => `SUM({g.${m}}) AS {${m}}`).join(', ')}
  FROM (${adGroups}) AS {g} GROUP BY {g.account_id}, {g.date}, {g.campaign_id}
) AS {a} ON {a.account_id} = {c.account_id} AND {a.date} = {c.date} AND {a.campaign_id} = {c.campaign_id}
WHERE {a.n} IS NULL OR ${differs}`;
}

/**
 * The latest values a report gave for an entity (its current name), one row per entity; ties on
 * the day are broken by the values, so that every build picks the same row.
 */
function latest(ctx: ModelContext, table: string, id: string, values: Record<string, string>): string {
  const selected = Object.entries(values)
    .map(([name, expression]) => `${expression} AS {${name}}`)
    .join(', ');
  const tiebreak = Object.values(values).map((expression) => `, ${expression} DESC`);
  return `SELECT * FROM (
  SELECT {x.account_id}, {x.${id}} AS {id}, ${selected},
    ROW_NUMBER() OVER (PARTITION BY {x.account_id}, {x.${id}} ORDER BY {x.date} DESC${tiebreak.join('')}) AS {rn}
  FROM ${ctx.raw(table)} AS {x}
) AS {y} WHERE {y.rn} = 1`;
}

function source(s: AdStructure): ModelSource {
  const campaigns = rawTable(s.service, 'campaigns');
  const adGroups = rawTable(s.service, s.adGroups.stream);
  return {
    origin: s.service,
    reads: [campaigns],
    optional: [adGroups],
    sql: (ctx) => {
      const type =
        s.campaignType === null
          ? cast(ctx.dialect, 'NULL', 'string')
          : campaignTypeSql(s.service, `{x.${s.campaignType}}`);
      const campaignNames = latest(ctx, campaigns, 'campaign_id', {
        campaign_name: '{x.campaign_name}',
        campaign_type: type,
      });
      const adGroupNames = ctx.has(adGroups)
        ? `LEFT JOIN (${latest(ctx, adGroups, s.adGroups.id, { ad_group_name: `{x.${s.adGroups.name}}` })}) AS {an}
  ON {an.account_id} = {r.account_id} AND {an.id} = {r.ad_group_id}`
        : '';
      const adGroupName = ctx.has(adGroups) ? '{an.ad_group_name}' : cast(ctx.dialect, 'NULL', 'string');
      return ctx.sql(`SELECT {r.date}, ${serviceColumns(ctx, s.service)}, {r.account_id}, {r.campaign_id},
  {r.ad_group_id}, {cn.campaign_name}, {cn.campaign_type}, ${adGroupName} AS {ad_group_name}, {r.currency},
  ${METRICS.map((m) => `{r.${m}}`).join(', ')}
FROM (
${rowsSql(ctx, s)}
) AS {r}
LEFT JOIN (${campaignNames}) AS {cn} ON {cn.account_id} = {r.account_id} AND {cn.id} = {r.campaign_id}
${adGroupNames}`);
    },
  };
}

export const MARKETING_PERFORMANCE: CanonicalModel = {
  name: 'marketing_performance',
  description:
    'Spend, delivery and conversions per day, service, account, campaign and ad group (Meta: ad set). ' +
    "Ad group '' holds, per campaign and day, what the campaign report has beyond its ad groups " +
    '(campaigns without ad groups such as Performance Max; Meta conversions, which Meta reports per ' +
    "campaign), so that per account and day the rows add up to the provider's campaign report.",
  columns: [
    DATE,
    SOURCE_SERVICE,
    ACCOUNT_ID,
    key('campaign_id', 'string', "The campaign's provider id."),
    key(
      'ad_group_id',
      'string',
      "The ad group's (Meta: ad set's) provider id; '' for the campaign-level row.",
    ),
    CHANNEL,
    attribute('campaign_name', 'string', "The campaign's latest name."),
    attribute(
      'campaign_type',
      'string',
      "The campaign's type, one label across services ('Search', 'Performance Max', 'Leads'): Google channel type, Microsoft campaign type, Meta objective, Apple ad channel type.",
    ),
    attribute('ad_group_name', 'string', "The ad group's latest name; NULL on the campaign-level row."),
    ...AD_METRICS,
    packed(
      'channel_campaign',
      ['channel', 'campaign_name'],
      'The channel and the campaign name in one value, which reports by channel and campaign group by (a flag, the channel, U+001F, the name).',
    ),
  ],
  dependsOn: ['conversions'],
  // The manual table last: a provider's rows never depend on it.
  sources: [...STRUCTURES.map(source), MANUAL_ADS_SOURCE],
};
