// The advertising services the models read, by connector id, with the channel name reports show.
// The ids are the connectors' (packages/connectors); the server's models test checks that every
// raw table a model reads is a stream some connector declares.
import { countsAsConversion, META_DEFAULT_CONVERSION_ACTION_TYPES } from '@maya/contracts';

export const AD_SERVICES = {
  google_ads: 'Google Ads',
  facebook_ads: 'Meta Ads',
  microsoft_ads: 'Microsoft Ads',
  apple_ads: 'Apple Ads',
} as const;

export type AdService = keyof typeof AD_SERVICES;

export const SEARCH_CONSOLE = 'google_search_console';
export const GA4 = 'google_analytics_4';
export const GA4_EXPORT = 'google_analytics_4_events';
export const GOOGLE_PLAY = 'google_play';
export const MOOSEND = 'moosend';

/**
 * Whether a Meta action type counts as a conversion by default (Meta's standard purchase and lead
 * events, counted once across pixel, app and on-site, and the advertiser's custom conversions;
 * `META_DEFAULT_CONVERSION_ACTION_TYPES` of the contracts). An organization may choose others
 * (`ModelSettings.metaConversionActionTypes`), which the conversions model compiles.
 */
export function countsAsMetaConversion(actionType: string): boolean {
  return countsAsConversion(actionType, META_DEFAULT_CONVERSION_ACTION_TYPES);
}
