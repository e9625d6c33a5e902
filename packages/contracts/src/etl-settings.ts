import { z } from 'zod/mini';

/**
 * The organization's data-load settings (issue 30): how many days before the last loaded day each
 * service's loads re-read, because the provider still credits conversions to them or revises
 * them (its attribution or restatement window). Each connector has a default (docs/connectors.md);
 * an organization may choose its own, within these bounds.
 */
export const LOOKBACK_DAYS_MIN = 1;
/** Google Ads credits conversions up to 90 days after the click: the longest window we know. */
export const LOOKBACK_DAYS_MAX = 90;

export const EtlSettingsErrorType = {
  /** Only administrators change the data-load settings. */
  forbidden: 'etl_settings_forbidden',
  /** A service without a connector (or not in the catalogue). */
  unknownService: 'unknown_service',
} as const;

export const LookbackDaysSchema = z.int().check(z.minimum(LOOKBACK_DAYS_MIN), z.maximum(LOOKBACK_DAYS_MAX));

/** One service's look-back: its connector's default, and the organization's choice (null: the default). */
export const EtlLookbackSchema = z.object({
  service: z.string(),
  name: z.string(),
  default_days: z.int(),
  days: z.nullable(z.int()),
});
export type EtlLookback = z.infer<typeof EtlLookbackSchema>;

export const EtlSettingsSchema = z.object({
  lookbacks: z.array(EtlLookbackSchema),
  /** Whether the caller may change them (administrators of a non-demo organization). */
  can_edit: z.boolean(),
});
export type EtlSettings = z.infer<typeof EtlSettingsSchema>;

/** PUT /etl/settings: the services named are set (null: back to the default); others are kept. */
export const EtlSettingsUpdateSchema = z.object({
  organization_id: z.uuid(),
  lookbacks: z
    .array(z.object({ service: z.string().check(z.minLength(1)), days: z.nullable(LookbackDaysSchema) }))
    .check(z.maxLength(50)),
});
export type EtlSettingsUpdate = z.infer<typeof EtlSettingsUpdateSchema>;
