// Building the models' column lists. Only key and packed columns are NOT NULL: a value a provider
// leaves out is NULL in the model rather than a failed build (a packed value is never NULL).
import type { ColumnType } from '@maya/warehouse/interface';
import type { ModelColumn } from './model';

export const key = (name: string, type: ColumnType, description: string): ModelColumn => ({
  name,
  type,
  nullable: false,
  role: 'key',
  description,
});

/** A column fixed by the key (grouped by), e.g. the channel of a service. */
export const fixed = (name: string, type: ColumnType, description: string): ModelColumn => ({
  name,
  type,
  nullable: true,
  role: 'group',
  description,
});

/** A descriptive column; rows of one key (if a source ever gives several) keep the greatest. */
export const attribute = (name: string, type: ColumnType, description: string): ModelColumn => ({
  name,
  type,
  nullable: true,
  role: 'max',
  description,
});

export const summed = (name: string, type: ColumnType, description: string): ModelColumn => ({
  name,
  type,
  nullable: true,
  role: 'sum',
  description,
});

export const minorUnits = (name: string, micros: string, description: string): ModelColumn => ({
  name,
  type: 'bigint',
  nullable: true,
  role: 'minor',
  micros,
  currency: 'currency',
  description,
});

/** Two text columns in one value (packed-key.ts): reports group by it when they group by both. */
export const packed = (name: string, parts: readonly [string, string], description: string): ModelColumn => ({
  name,
  type: 'string',
  nullable: false,
  role: 'packed',
  parts,
  description,
});

export const SOURCE_SERVICE = key(
  'source_service',
  'string',
  'The connector the row came from, e.g. `google_ads`.',
);
export const ACCOUNT_ID = key('account_id', 'string', "The connected account's provider id.");
export const DATE = key('date', 'date', 'The day, in the account time zone as the provider reports it.');
export const CHANNEL = fixed(
  'channel',
  'string',
  'The advertising channel: Google Ads, Meta Ads, Microsoft Ads, Apple Ads, Manual Ads (a custom table).',
);
export const CURRENCY = attribute('currency', 'string', 'ISO 4217 code of the amounts of the row.');

/** Spend, delivery and conversions of advertising, as every ad table has them. */
export const AD_METRICS: readonly ModelColumn[] = [
  CURRENCY,
  summed('cost_micros', 'bigint', 'Spend in millionths of the currency, exactly as the provider reports it.'),
  minorUnits(
    'cost_minor',
    'cost_micros',
    'Spend in minor units of the currency (cents; yen), rounded half away from zero.',
  ),
  summed('impressions', 'bigint', 'Impressions.'),
  summed('clicks', 'bigint', 'Clicks (Meta: all clicks; Apple: taps).'),
  summed('conversions', 'decimal', 'Conversions (fractional with data-driven attribution; Apple: installs).'),
  summed(
    'conversion_value_micros',
    'bigint',
    'Value of the conversions in millionths of the currency; NULL where the provider reports none (Apple).',
  ),
  minorUnits('conversion_value_minor', 'conversion_value_micros', 'The conversion value in minor units.'),
];
