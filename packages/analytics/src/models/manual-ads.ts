// Manual ads performance: the rows of a `manual_ads_performance` custom table (uploaded as CSV,
// apps/server custom-tables) stacked into marketing performance under their own channel. The
// custom-tables module writes that raw table with every column read here (absent ones NULL, the
// currency the organization's when the file has none), amounts in the currency's units.
import { MANUAL_ADS_COLUMNS } from '@maya/contracts';
import { cast } from './dialect';
import { rawTable, type ModelSource } from './model';

/** Where custom tables live among the raw tables: `custom__<table id>` (no connector is named custom). */
export const CUSTOM_TABLE_SERVICE = 'custom';
export const MANUAL_ADS_TABLE = rawTable(CUSTOM_TABLE_SERVICE, 'manual_ads_performance');
export const MANUAL_ADS_SERVICE = 'manual_ads_performance';
export const MANUAL_ADS_CHANNEL = 'Manual Ads';

export { MANUAL_ADS_COLUMNS };

export const MANUAL_ADS_SOURCE: ModelSource = {
  origin: MANUAL_ADS_SERVICE,
  reads: [MANUAL_ADS_TABLE],
  sql: (ctx) => {
    // Whole units and the fraction apart: the decimal times a million would overflow DECIMAL(18,9).
    const micros = (column: string) =>
      `(${cast(ctx.dialect, `FLOOR({m.${column}})`, 'bigint')} * 1000000 + ` +
      `${cast(ctx.dialect, `ROUND(({m.${column}} - FLOOR({m.${column}})) * 1000000)`, 'bigint')})`;
    const whole = (column: string) => cast(ctx.dialect, `ROUND({m.${column}})`, 'bigint');
    return ctx.sql(`SELECT {m.date} AS {date}, '${MANUAL_ADS_SERVICE}' AS {source_service},
  '${MANUAL_ADS_CHANNEL}' AS {channel}, {m.account_id} AS {account_id}, {m.campaign_id} AS {campaign_id},
  COALESCE({m.ad_group_id}, '') AS {ad_group_id}, {m.campaign_name} AS {campaign_name},
  {m.campaign_type} AS {campaign_type}, {m.ad_group_name} AS {ad_group_name}, {m.currency} AS {currency},
  COALESCE(${micros('spend')}, 0) AS {cost_micros}, COALESCE(${whole('impressions')}, 0) AS {impressions},
  COALESCE(${whole('clicks')}, 0) AS {clicks}, COALESCE(${cast(ctx.dialect, '{m.conversions}', 'decimal')}, 0) AS {conversions},
  ${micros('conversion_value')} AS {conversion_value_micros}
FROM ${ctx.raw(MANUAL_ADS_TABLE)} AS {m}
WHERE {m.date} IS NOT NULL`);
  },
};
