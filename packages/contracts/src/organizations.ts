import { z } from 'zod/mini';
import { CURRENCIES } from './currencies';
import { organizationNameSchema } from './validation';

/** Organization roles (the spec hides them; docs/decisions.md): the creator is an admin. */
export const RoleSchema = z.enum(['owner', 'admin', 'member']);
export type Role = z.infer<typeof RoleSchema>;

export const OrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  /** Its home is its own `-maya` report (every organization but a demo one, whose home is `-demo`). */
  has_dashboard: z.boolean(),
  is_demo: z.boolean(),
  has_subscription: z.boolean(),
  is_etl_enabled: z.boolean(),
  currency_id: z.string(),
  /** The caller's role; demo organizations are open to everyone as `member`. */
  role: RoleSchema,
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const OrganizationListResponseSchema = z.object({ organizations: z.array(OrganizationSchema) });
export const CreateOrganizationSchema = z.object({ name: organizationNameSchema });
export const CreateOrganizationResponseSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
});

/** An organization's currency: one the reports can convert into (CURRENCIES). */
export const CurrencyCodeSchema = z.enum(CURRENCIES.map((c) => c.code) as [string, ...string[]]);

/** PATCH /organizations/{id} (owners and admins): the organization's settings; today its currency. */
export const UpdateOrganizationSchema = z.object({ currency_id: CurrencyCodeSchema });
export type UpdateOrganizationRequest = z.infer<typeof UpdateOrganizationSchema>;

export const OrganizationIdParamsSchema = z.object({ id: z.uuid() });
export const OrganizationIdQuerySchema = z.object({ organization_id: z.uuid() });

export const MemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: RoleSchema,
  joined_at: z.iso.datetime(),
});
export const MemberListResponseSchema = z.object({ users: z.array(MemberSchema) });

export const DatasetSchema = z.object({ id: z.uuid(), name: z.string(), description: z.string() });
export type Dataset = z.infer<typeof DatasetSchema>;
export const DatasetListResponseSchema = z.object({ datasets: z.array(DatasetSchema) });

/** POST /features: the organization's plan features (spec 001 §3, 002 §3). -1 means unlimited. */
export const FeaturesSchema = z.object({
  is_trial: z.boolean(),
  integrations: z.array(z.string()),
  can_add_accounts: z.boolean(),
  can_add_users: z.boolean(),
  has_database_access: z.boolean(),
  can_configure_destination: z.boolean(),
  data_history: z.int(),
  /** Whether the plan leaves room for another custom report (issue 27). */
  can_add_custom_reports: z.boolean(),
});
export type Features = z.infer<typeof FeaturesSchema>;

export const OrganizationErrorType = {
  organizationNotFound: 'organization_not_found',
  forbidden: 'forbidden',
} as const;
