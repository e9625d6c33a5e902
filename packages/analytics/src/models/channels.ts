// The advertising services the models read, by connector id, with the channel name reports show.
// The ids are the connectors' (packages/connectors); the server's models test checks that every
// raw table a model reads is a stream some connector declares.
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
 * The Meta action types that count as conversions in marketing performance: Meta's standard
 * events counted once across pixel, app and on-site (`purchase` already includes
 * `offsite_conversion.fb_pixel_purchase`, which would count it twice), and the advertiser's custom
 * conversions (META_CUSTOM_CONVERSION_PREFIX). Engagement actions (link clicks, landing page
 * views, add to cart) are kept in `conversions` but do not count.
 */
export const META_CONVERSION_ACTION_TYPES = [
  'purchase',
  'lead',
  'complete_registration',
  'subscribe',
  'start_trial',
  'submit_application',
  'contact',
  'schedule',
] as const;

/** Custom conversions are reported as `offsite_conversion.custom.{custom conversion id}`. */
export const META_CUSTOM_CONVERSION_PREFIX = 'offsite_conversion.custom.';

/** Whether a Meta action type counts as a conversion (the rule the conversions model compiles). */
export function countsAsMetaConversion(actionType: string): boolean {
  return (
    (META_CONVERSION_ACTION_TYPES as readonly string[]).includes(actionType) ||
    actionType.startsWith(META_CUSTOM_CONVERSION_PREFIX)
  );
}
