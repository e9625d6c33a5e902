// Manual expenses (spec 001 §2 Manual expenses; decisions 380-389): the organization's own costs,
// written by the server's expenses module into `raw.expenses__days` as one row per expense and
// day (an expense with a period spread over its days in exact minor units, else on its payment
// date), in micros of the expense's currency. `marketing_costs` puts the marketing-related ones
// beside the ad platforms' spend, per day and currency, for reports' total marketing cost.
import { CURRENCY, DATE, attribute, fixed, key, minorUnits, summed } from './columns';
import type { TableSchema } from '@maya/warehouse/interface';
import type { CanonicalModel } from './model';

/** The raw table the expenses module writes (`<service>__<stream>`, as the ETL names raw tables). */
export const EXPENSE_DAYS_TABLE = 'expenses__days';

/** `raw.expenses__days`: one row per expense and day, keyed by both. */
export const EXPENSE_DAYS: TableSchema = {
  name: EXPENSE_DAYS_TABLE,
  columns: [
    { name: 'expense_id', type: 'string', nullable: false },
    { name: 'date', type: 'date', nullable: false },
    { name: 'currency', type: 'string', nullable: false },
    { name: 'amount_micros', type: 'bigint', nullable: false },
    { name: 'is_marketing_related', type: 'boolean', nullable: false },
    { name: 'category', type: 'string', nullable: false },
    { name: 'subcategory', type: 'string', nullable: false },
    { name: 'description', type: 'string', nullable: false },
  ],
  primaryKey: ['expense_id', 'date'],
};

/** The channel an expense shows under in reports (beside Google Ads, Meta Ads, ...). */
export const EXPENSES_CHANNEL = 'Manual expenses';
export const COST_TYPE_AD_SPEND = 'Ad spend';
export const COST_TYPE_EXPENSES = 'Marketing expenses';

export const EXPENSES: CanonicalModel = {
  name: 'expenses',
  description:
    'Manual expenses per expense and day: an expense with a period spread over its days (exact minor units, the remainder to the first days), else on its payment date.',
  columns: [
    key('expense_id', 'string', "The expense's UUID."),
    DATE,
    CURRENCY,
    fixed('is_marketing_related', 'boolean', 'Whether the expense counts as marketing cost in reports.'),
    attribute('category', 'string', "The expense's category id."),
    attribute('subcategory', 'string', "The expense's subcategory id."),
    attribute('description', 'string', "The expense's description."),
    summed('amount_micros', 'bigint', "The day's share in millionths of the currency, exactly."),
    minorUnits('amount_minor', 'amount_micros', "The day's share in minor units of the currency."),
  ],
  dependsOn: [],
  sources: [
    {
      origin: 'expenses',
      reads: [EXPENSE_DAYS_TABLE],
      sql: (ctx) =>
        ctx.sql(`SELECT {x.expense_id}, {x.date}, {x.currency}, {x.is_marketing_related}, {x.category},
  {x.subcategory}, {x.description}, {x.amount_micros}
FROM ${ctx.raw(EXPENSE_DAYS_TABLE)} AS {x}`),
    },
  ],
};

/**
 * The ad-level columns of marketing performance that the ad spend rows of `marketing_costs` keep
 * (decision 430): with them a report filter on a campaign, an account or a cluster column (the
 * adgroups category's columns are added to this table too) narrows the marketing cost as it
 * narrows the spend. Expenses belong to no service, account or campaign: '' in the key columns
 * (which reports read as blank), NULL in the others. Every field a cluster rule of marketing
 * performance reads is here.
 */
const AD_LEVEL_KEYS = [
  key('source_service', 'string', "The connector of the ad spend row, e.g. `google_ads`; '' for expenses."),
  key('account_id', 'string', "The ad account's provider id; '' for expenses."),
  key('campaign_id', 'string', "The campaign's provider id; '' for expenses."),
  key(
    'ad_group_id',
    'string',
    "The ad group's provider id ('' for the campaign-level row and for expenses).",
  ),
];
const AD_LEVEL_COLUMNS = [
  ...AD_LEVEL_KEYS,
  attribute('campaign_name', 'string', "The campaign's latest name; NULL for expenses."),
  attribute('campaign_type', 'string', "The campaign's type label; NULL for expenses."),
  attribute('ad_group_name', 'string', "The ad group's latest name; NULL for expenses."),
];

/**
 * Ad spend (marketing performance) and marketing-related expenses per day, cost type, channel and
 * currency: what reports add up, each row converted into the organization's currency on its day,
 * as the total marketing cost. The ad spend rows keep marketing performance's own grain and
 * ad-level columns, with their delivery, conversions and value.
 */
export const MARKETING_COSTS: CanonicalModel = {
  name: 'marketing_costs',
  description:
    "Marketing cost per day, cost type ('Ad spend', 'Marketing expenses'), channel and currency: the ad platforms' spend per account, campaign and ad group with their delivery and conversions, and the marketing-related manual expenses under the channel 'Manual expenses' (no account or campaign).",
  columns: [
    DATE,
    key('cost_type', 'string', "'Ad spend' or 'Marketing expenses'."),
    key('channel', 'string', "The advertising channel of the ad spend; 'Manual expenses' for expenses."),
    key('currency', 'string', 'ISO 4217 code of the amounts of the row.'),
    ...AD_LEVEL_COLUMNS,
    summed('cost_micros', 'bigint', 'The cost in millionths of the currency, exactly.'),
    minorUnits('cost_minor', 'cost_micros', 'The cost in minor units of the currency.'),
    summed('impressions', 'bigint', 'Impressions of the ad spend rows; NULL for expenses.'),
    summed('clicks', 'bigint', 'Clicks of the ad spend rows; NULL for expenses.'),
    summed('conversions', 'decimal', 'Conversions of the ad spend rows; 0 for expenses.'),
    summed('conversion_value_micros', 'bigint', 'Value of the conversions in millionths of the currency.'),
  ],
  dependsOn: ['marketing_performance', 'expenses'],
  sources: [
    {
      origin: 'marketing_performance',
      reads: [],
      sql: (ctx) =>
        ctx.sql(`SELECT {p.date}, '${COST_TYPE_AD_SPEND}' AS {cost_type},
  COALESCE({p.channel}, {p.source_service}) AS {channel}, COALESCE({p.currency}, '') AS {currency},
  ${AD_LEVEL_COLUMNS.map((c) => `{p.${c.name}}`).join(', ')},
  {p.cost_micros}, {p.impressions}, {p.clicks}, {p.conversions}, {p.conversion_value_micros}
FROM ${ctx.model('marketing_performance')} AS {p}`),
    },
    {
      origin: 'expenses',
      reads: [],
      sql: (ctx) =>
        ctx.sql(`SELECT {e.date}, '${COST_TYPE_EXPENSES}' AS {cost_type}, '${EXPENSES_CHANNEL}' AS {channel},
  {e.currency}, ${AD_LEVEL_COLUMNS.map((c) => `${AD_LEVEL_KEYS.includes(c) ? "''" : 'NULL'} AS {${c.name}}`).join(', ')},
  {e.amount_micros} AS {cost_micros}, NULL AS {impressions}, NULL AS {clicks}, 0 AS {conversions},
  0 AS {conversion_value_micros}
FROM ${ctx.model('expenses')} AS {e} WHERE {e.is_marketing_related}`),
    },
  ],
};

/**
 * The model tables that also hold a table's rows with its columns: the derived columns (clusters)
 * of the table are added to them as well, so that a filter on one narrows both (decision 430).
 */
export function tablesCarrying(table: string): readonly string[] {
  return table === 'marketing_performance' ? [MARKETING_COSTS.name] : [];
}
