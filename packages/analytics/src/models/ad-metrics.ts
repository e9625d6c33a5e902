import { unreachable } from '@maya/contracts';
// How each advertising service's raw rows give the canonical ad metrics (AD_METRICS): spend and
// delivery as loaded, conversions as an exact decimal, conversion values in micros.
import { cast } from './dialect';
import type { AdService } from './channels';
import type { ModelContext } from './model';
import { decimalToMicrosSql } from './money';

/** `currency, cost_micros, impressions, clicks, conversions, conversion_value_micros` of a raw row. */
export function adMetricsSql(ctx: ModelContext, service: AdService, alias: string): string {
  const column = (name: string) => ctx.sql(`{${alias}.${name}}`);
  const { conversions, value } = conversionsOf(ctx, service, column);
  return [
    `${column('currency')} AS ${ctx.sql('{currency}')}`,
    `${cast(ctx.dialect, column('cost_micros'), 'bigint')} AS ${ctx.sql('{cost_micros}')}`,
    `${cast(ctx.dialect, column('impressions'), 'bigint')} AS ${ctx.sql('{impressions}')}`,
    `${cast(ctx.dialect, column('clicks'), 'bigint')} AS ${ctx.sql('{clicks}')}`,
    `${conversions} AS ${ctx.sql('{conversions}')}`,
    `${value} AS ${ctx.sql('{conversion_value_micros}')}`,
  ].join(', ');
}

function conversionsOf(
  ctx: ModelContext,
  service: AdService,
  column: (name: string) => string,
): { conversions: string; value: string } {
  const { dialect } = ctx;
  switch (service) {
    case 'google_ads':
    case 'microsoft_ads':
      return {
        conversions: cast(dialect, column('conversions'), 'decimal'),
        value: cast(dialect, decimalToMicrosSql(column('conversions_value')), 'bigint'),
      };
    case 'apple_ads':
      // Installs; Apple reports no value for them.
      return {
        conversions: cast(dialect, column('conversions'), 'decimal'),
        value: cast(dialect, 'NULL', 'bigint'),
      };
    case 'facebook_ads':
      // Meta reports conversions per campaign (the conversions stream), not on delivery rows.
      return { conversions: cast(dialect, '0', 'decimal'), value: cast(dialect, '0', 'bigint') };
    default: {
      return unreachable(service);
    }
  }
}
