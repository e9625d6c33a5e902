import { z } from 'zod/mini';

/** spec 001 §3 Service: id, uuid, name, logo, category, is_listed; plus how it connects. */
export const ServiceCategorySchema = z.enum(['advertising', 'analytics', 'search', 'app_stores', 'email']);
export type ServiceCategory = z.infer<typeof ServiceCategorySchema>;

export const AuthKindSchema = z.enum([
  'oauth2',
  'api_key',
  'apple_ads_key_pair',
  'gcp_dataset',
  'gcs_bucket',
]);
export type AuthKind = z.infer<typeof AuthKindSchema>;

export const ServiceSchema = z.object({
  id: z.string(),
  uuid: z.uuid(),
  name: z.string(),
  logo: z.string(),
  category: ServiceCategorySchema,
  is_listed: z.boolean(),
  auth_kind: AuthKindSchema,
});
export type Service = z.infer<typeof ServiceSchema>;

export const ServiceListResponseSchema = z.object({ services: z.array(ServiceSchema) });
export type ServiceListResponse = z.infer<typeof ServiceListResponseSchema>;
