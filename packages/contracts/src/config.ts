import { z } from 'zod/mini';

/** GET /data/config.json: what the SPA needs before its first API call. Public, no secrets. */
export const PublicConfigSchema = z.object({
  apiBaseUrl: z.string(),
  productName: z.string(),
  environment: z.enum(['development', 'test', 'production']),
  version: z.string(),
  /** Tag-manager id and event-tracking settings the spec fetches at start-up; null when not configured. */
  tagManagerId: z.nullable(z.string()),
  tracking: z.nullable(z.object({ writeKey: z.string(), dataPlaneUrl: z.string() })),
  documentationUrl: z.string(),
  privacyPolicyUrl: z.string(),
  termsOfServiceUrl: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
