import { z } from 'zod';
import {
  PRODUCTION_ENDPOINTS,
  sandboxClients,
  sandboxEndpoints,
  type ProviderClients,
  type ProviderEndpoints,
} from '@maya/connectors';

/**
 * Where the connectors talk to (PROVIDER_ENDPOINTS) and as which registered app
 * (PROVIDER_CLIENTS). Production defaults to the providers' documented hosts and no clients
 * (a service without its client answers `service_not_configured`); development and tests default
 * to the sandbox mounted under APP_URL/sandbox with its registered client.
 */
const OAuthEndpointsSchema = z.object({ authorizeUrl: z.url(), tokenUrl: z.url() }).strict();
const EndpointsOverrideSchema = z
  .object({
    googleOAuth: OAuthEndpointsSchema,
    googleAds: z.url(),
    searchConsole: z.url(),
    analyticsData: z.url(),
    analyticsAdmin: z.url(),
    bigquery: z.url(),
    storage: z.url(),
    microsoftOAuth: OAuthEndpointsSchema,
    microsoftAdsCustomer: z.url(),
    microsoftAdsReporting: z.url(),
    metaOAuth: OAuthEndpointsSchema,
    metaGraph: z.url(),
    appleOAuthToken: z.url(),
    appleAds: z.url(),
    moosend: z.url(),
    ecbData: z.url(),
    pagespeed: z.url(),
  })
  .partial()
  .strict();

const ClientsSchema = z
  .object({
    google: z.object({
      clientId: z.string().min(1),
      clientSecret: z.string().min(1),
      developerToken: z.string(),
    }),
    microsoft: z.object({
      clientId: z.string().min(1),
      clientSecret: z.string().min(1),
      developerToken: z.string().min(1),
    }),
    meta: z.object({ appId: z.string().min(1), appSecret: z.string().min(1) }),
    googleServiceAccount: z.object({ clientEmail: z.email(), privateKeyPem: z.string().min(1) }),
  })
  .partial()
  .strict();

export type ConnectorsConfig = { endpoints: ProviderEndpoints; clients: ProviderClients };

/** Parses the JSON of a variable with its schema; the problem names the variable. */
function json<T>(
  name: string,
  value: string | undefined,
  schema: z.ZodType<T>,
  problems: string[],
): T | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    problems.push(`${name}: not valid JSON`);
    return null;
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    problems.push(...result.error.issues.map((issue) => `${name}.${issue.path.join('.')}: ${issue.message}`));
    return null;
  }
  return result.data;
}

export function connectorsConfig(
  env: { PROVIDER_ENDPOINTS?: string; PROVIDER_CLIENTS?: string },
  sandbox: boolean,
  appUrl: string,
  problems: string[],
): ConnectorsConfig {
  const endpoints =
    json('PROVIDER_ENDPOINTS', env.PROVIDER_ENDPOINTS, EndpointsOverrideSchema, problems) ?? {};
  const clients = json('PROVIDER_CLIENTS', env.PROVIDER_CLIENTS, ClientsSchema, problems) ?? {};
  const baseEndpoints = sandbox ? sandboxEndpoints(appUrl) : PRODUCTION_ENDPOINTS;
  const baseClients: ProviderClients = sandbox
    ? sandboxClients()
    : { google: null, microsoft: null, meta: null, googleServiceAccount: null };
  return { endpoints: { ...baseEndpoints, ...endpoints }, clients: { ...baseClients, ...clients } };
}
