import { z } from 'zod/mini';

/**
 * Which Meta action types count as conversions (issue 30): Meta reports every action an ad
 * brought (link clicks, adds to cart, purchases, the advertiser's custom conversions); an
 * organization chooses which of them make up `marketing_performance.conversions`. The choice is
 * applied when the models are next built (the next data load).
 */

/** Every custom conversion the advertiser defined in Events Manager (`offsite_conversion.custom.{id}`). */
export const META_CUSTOM_CONVERSIONS = 'offsite_conversion.custom.*';
/** One custom conversion by its id. */
export const META_CUSTOM_CONVERSION_PATTERN = /^offsite_conversion\.custom\.\d{1,32}$/;

/**
 * The action types offered, as Ads Manager names them: Meta's standard events (counted once
 * across pixel, app and on-site, so `purchase` rather than `offsite_conversion.fb_pixel_purchase`),
 * engagement actions, and the custom conversions.
 */
export const META_ACTION_TYPE_OPTIONS = [
  { action_type: 'purchase', label: 'Purchases' },
  { action_type: 'lead', label: 'Leads' },
  { action_type: 'complete_registration', label: 'Registrations completed' },
  { action_type: 'subscribe', label: 'Subscriptions' },
  { action_type: 'start_trial', label: 'Trials started' },
  { action_type: 'submit_application', label: 'Applications submitted' },
  { action_type: 'contact', label: 'Contacts' },
  { action_type: 'schedule', label: 'Appointments scheduled' },
  { action_type: META_CUSTOM_CONVERSIONS, label: 'Custom conversions' },
  { action_type: 'initiate_checkout', label: 'Checkouts initiated' },
  { action_type: 'add_payment_info', label: 'Adds of payment info' },
  { action_type: 'add_to_cart', label: 'Adds to cart' },
  { action_type: 'add_to_wishlist', label: 'Adds to wishlist' },
  { action_type: 'view_content', label: 'Content views' },
  { action_type: 'search', label: 'Searches' },
  { action_type: 'mobile_app_install', label: 'App installs' },
  { action_type: 'landing_page_view', label: 'Landing page views' },
  { action_type: 'link_click', label: 'Link clicks' },
] as const;

/** What counts unless the organization chooses: Meta's purchase and lead events, and custom conversions. */
export const META_DEFAULT_CONVERSION_ACTION_TYPES: readonly string[] = [
  'purchase',
  'lead',
  'complete_registration',
  'subscribe',
  'start_trial',
  'submit_application',
  'contact',
  'schedule',
  META_CUSTOM_CONVERSIONS,
];

/** The services whose conversions an organization chooses. */
export const CONVERSION_SETTINGS_SERVICES = ['facebook_ads'] as const;

/** An action type an organization may choose: one offered, or one custom conversion. */
export function isChoosableActionType(actionType: string): boolean {
  return (
    META_ACTION_TYPE_OPTIONS.some((option) => option.action_type === actionType) ||
    META_CUSTOM_CONVERSION_PATTERN.test(actionType)
  );
}

/** Whether an action type counts under `chosen` (an entry ending in `.*` counts every type it starts). */
export function countsAsConversion(actionType: string, chosen: readonly string[]): boolean {
  return chosen.some((entry) =>
    entry.endsWith('.*') ? actionType.startsWith(entry.slice(0, -1)) : entry === actionType,
  );
}

export const ConversionSettingsErrorType = {
  /** Only administrators change what counts. */
  forbidden: 'conversion_settings_forbidden',
  /** An action type that is neither offered nor a custom conversion. */
  unknownActionType: 'unknown_action_type',
} as const;

export const ConversionSettingsParamsSchema = z.object({ id: z.enum(CONVERSION_SETTINGS_SERVICES) });

/** GET /services/{id}/conversion_settings: what counts now, what is offered, the default. */
export const ConversionSettingsSchema = z.object({
  service: z.string(),
  options: z.array(z.object({ action_type: z.string(), label: z.string() })),
  default_action_types: z.array(z.string()),
  /** What counts: the organization's choice, or the default. */
  action_types: z.array(z.string()),
  /** Whether the default applies (nothing chosen). */
  is_default: z.boolean(),
  /** Administrators of a non-demo organization. */
  can_edit: z.boolean(),
});
export type ConversionSettings = z.infer<typeof ConversionSettingsSchema>;

/** PUT: the action types that count (none: no Meta conversions); null puts back the default. */
export const ConversionSettingsUpdateSchema = z.object({
  organization_id: z.uuid(),
  action_types: z.nullable(
    z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(100)),
  ),
});
export type ConversionSettingsUpdate = z.infer<typeof ConversionSettingsUpdateSchema>;
