import path from 'node:path';
import { z } from 'zod';
import serverPackage from '../../package.json' with { type: 'json' };
import { connectorsConfig, type ConnectorsConfig } from './connectors-config';

/**
 * Configuration is read once from the environment, validated here, and passed down as one
 * typed object (DESIGN.md style 3). Every variable is documented in the README's table;
 * `docs/` has a test that keeps the two in step.
 */
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_APP_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lowercase PostgreSQL role name')
    .default('maya_app'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1024).max(65535).optional(),
  WAREHOUSE_KEEP_OPEN_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RUN_WORKER: booleanFlag.default(true),
  RUN_SCHEDULES: booleanFlag.default(true),
  SERVE_WEB: booleanFlag.default(true),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Maya <no-reply@maya.localhost>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().optional(),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_AUTHORITY: z.url().optional(),
  MARKETPLACE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  MARKETPLACE_API_TOKEN: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Stripe's API base URL (a server answering as Stripe does, in tests); Stripe's own by default. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  PROVIDER_ENDPOINTS: z.string().min(2).optional(),
  PROVIDER_CLIENTS: z.string().min(2).optional(),
  CREDENTIALS_KEYS: z.string().min(1).optional(),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  MAX_CLUSTER_COLUMNS: z.coerce.number().int().min(1).max(200).default(20),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'must be false, a number of hops, or comma-separated addresses or CIDRs',
    )
    .optional(),
  ALLOW_PRIVATE_DESTINATIONS: booleanFlag.optional(),
  FIRST_LOAD_MAX_DAYS: z.coerce.number().int().min(1).max(3_660).optional(),
  LLM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  PAGESPEED_API_KEY: z.string().min(1).optional(),
  PAGESPEED_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** DataForSEO's API login and password (HTTP Basic), for the competition reports. */
  DATAFORSEO_LOGIN: z.string().min(1).optional(),
  DATAFORSEO_PASSWORD: z.string().min(1).optional(),
  DATAFORSEO_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  /** The Chromium that draws report pages as PNG and PDF (exports, scheduled delivery). */
  CHROMIUM_PATH: z.string().min(1).optional(),
});

/** Every variable the server reads; the README's configuration table must list exactly these. */
export const ENVIRONMENT_VARIABLES = Object.keys(EnvSchema.shape);

export type Environment = z.infer<typeof EnvSchema>['NODE_ENV'];

export type Config = {
  env: Environment;
  port: number;
  host: string;
  dataDir: string;
  /** Owner connection (runs migrations, owns the tables); null = embedded PostgreSQL under dataDir. */
  databaseUrl: string | null;
  databaseAppRole: string;
  databasePoolSize: number;
  embeddedPostgresPort: number | null;
  /** How long a managed DuckDB warehouse file stays open after its last request (platform/warehouse-files.ts). */
  warehouseKeepOpenSeconds: number;
  appUrl: string;
  /** null in development and test: a key is generated once and kept in dataDir. */
  secretKey: string | null;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  runWorker: boolean;
  /** Whether a worker fires the cron queues (the hourly ETL schedule, recovery); off in tests. */
  runSchedules: boolean;
  serveWeb: boolean;
  /** null: mail goes to the outbox under DATA_DIR/mail, listed at /dev/mailbox outside production. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Sign-in providers; outside production they default to the sandbox providers the app mounts. */
  google: OidcProviderConfig | null;
  microsoft: OidcProviderConfig | null;
  /**
   * The Microsoft commercial marketplace's SaaS Fulfillment API (base URL without /api) and the
   * bearer token the publisher presents; outside production the sandbox marketplace. null: off.
   */
  marketplace: MarketplaceConfig | null;
  /** Stripe billing (STRIPE_SECRET_KEY); null: the local provider with its own checkout page. */
  stripe: StripeConfig | null;
  /** Data-service connectors: provider base URLs and the product's registered clients. */
  connectors: ConnectorsConfig;
  /**
   * The PageSpeed Insights API: the product's API key (PAGESPEED_API_KEY; outside production the
   * sandbox's by default; null: the job fails saying so) and how many runs go at once.
   */
  pagespeed: { apiKey: string | null; concurrency: number };
  /**
   * DataForSEO's SERP API for the competition reports: the login and password
   * (DATAFORSEO_LOGIN, DATAFORSEO_PASSWORD; outside production the sandbox's by default; null:
   * the job fails saying so) and how many requests go at once.
   */
  serp: { credentials: { login: string; password: string } | null; concurrency: number };
  /** The Chromium executable that draws report pages (CHROMIUM_PATH; /usr/bin/chromium by default). */
  chromiumPath: string;
  /**
   * AES-256-GCM keys for stored source credentials, newest first (`id:base64key,...`); null: one
   * key derived from the secret key. The first encrypts, any decrypts (rotation: docs/operations.md).
   */
  credentialsKeys: CredentialsKey[] | null;
  /** Sign-ups one IP address may make per hour (abuse guard). */
  signupLimitPerHour: number;
  /** Password sign-ins one address may try in 15 minutes from browsers no account knows. */
  signInLimitPerAddress: number;
  /** Cluster columns one category of an organization may hold (spec 001 §9 "Maximum clusters"). */
  maxClusterColumns: number;
  /**
   * Which proxies in front of the app to believe about the client's address (Fastify's
   * trustProxy): false (the socket's peer is the client), a number of hops, or addresses/CIDRs.
   */
  trustProxy: false | number | string[];
  /**
   * Whether a destination may point at loopback, link-local or private addresses (a local
   * PostgreSQL in development); false in production unless set, so a customer cannot make the
   * server probe its own network.
   */
  allowPrivateDestinations: boolean;
  /**
   * At most this many days of history in a first load, instead of the plan's years; null: the
   * plan's. Development and tests only: a quick first load that is still a real one.
   */
  firstLoadMaxDays: number | null;
  /**
   * The OpenAI-compatible chat-completions API the AI Builder asks for bookmarks; null: the
   * built-in prompt parser answers instead.
   */
  llm: LlmConfig | null;
  /** The sandbox providers are mounted under /sandbox (never in production). */
  sandbox: boolean;
  version: string;
};

export type CredentialsKey = { id: string; key: Buffer };

export type OidcProviderConfig = { clientId: string; clientSecret: string; issuer: string };
export type MarketplaceConfig = { apiUrl: string; apiToken: string };
/** `baseUrl` without a trailing slash (`…/v1`); `apiKey` null: sent without authorization. */
export type LlmConfig = { baseUrl: string; apiKey: string | null; model: string };

/** The sandbox PageSpeed API's key (the connectors' PAGESPEED_SANDBOX_API_KEY). */
export const SANDBOX_PAGESPEED_API_KEY = 'sandbox-pagespeed-key';
/** The sandbox DataForSEO account (the connectors' DATAFORSEO_SANDBOX_CREDENTIALS). */
export const SANDBOX_DATAFORSEO_CREDENTIALS = { login: 'sandbox@maya.example', password: 'sandbox-serp' };

/** The sandbox's registered client (development and tests only). */
export const SANDBOX_CLIENT = { clientId: 'maya-sandbox', clientSecret: 'maya-sandbox-secret' } as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SECRET_KEY) {
    throw new ConfigError(['SECRET_KEY: required when NODE_ENV=production (at least 32 random characters)']);
  }
  if (e.NODE_ENV === 'production' && e.MARKETPLACE_API_URL && !e.MARKETPLACE_API_TOKEN) {
    throw new ConfigError([
      'MARKETPLACE_API_TOKEN: required with MARKETPLACE_API_URL when NODE_ENV=production',
    ]);
  }
  if (e.NODE_ENV === 'production' && e.FIRST_LOAD_MAX_DAYS !== undefined) {
    // Customers get the history their plan promises (its data_history).
    throw new ConfigError(['FIRST_LOAD_MAX_DAYS: not allowed when NODE_ENV=production']);
  }
  const problems: string[] = [];
  const credentialsKeys = e.CREDENTIALS_KEYS ? parseCredentialsKeys(e.CREDENTIALS_KEYS, problems) : null;
  const host = e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const sandbox = e.NODE_ENV !== 'production';
  const connectors = connectorsConfig(e, sandbox, appUrl, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  const provider = (
    clientId: string | undefined,
    clientSecret: string | undefined,
    issuer: string | undefined,
    sandboxIssuer: string,
  ): OidcProviderConfig | null => {
    if (clientId && clientSecret && issuer)
      return { clientId, clientSecret, issuer: issuer.replace(/\/$/, '') };
    return sandbox ? { ...SANDBOX_CLIENT, issuer: sandboxIssuer } : null;
  };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    databaseAppRole: e.DATABASE_APP_ROLE,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedPostgresPort: e.EMBEDDED_POSTGRES_PORT ?? null,
    warehouseKeepOpenSeconds: e.WAREHOUSE_KEEP_OPEN_SECONDS,
    appUrl,
    secretKey: e.SECRET_KEY ?? null,
    logLevel: e.LOG_LEVEL,
    runWorker: e.RUN_WORKER,
    runSchedules: e.RUN_SCHEDULES,
    serveWeb: e.SERVE_WEB,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    google: provider(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER, `${appUrl}/sandbox/google`),
    microsoft: provider(
      e.MICROSOFT_CLIENT_ID,
      e.MICROSOFT_CLIENT_SECRET,
      e.MICROSOFT_AUTHORITY,
      `${appUrl}/sandbox/microsoft/common/v2.0`,
    ),
    marketplace: marketplaceConfig(e.MARKETPLACE_API_URL, e.MARKETPLACE_API_TOKEN, sandbox, appUrl),
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
          apiUrl: e.STRIPE_API_URL ?? null,
        }
      : null,
    connectors,
    pagespeed: {
      apiKey: e.PAGESPEED_API_KEY ?? (sandbox ? SANDBOX_PAGESPEED_API_KEY : null),
      concurrency: e.PAGESPEED_CONCURRENCY,
    },
    serp: {
      credentials:
        e.DATAFORSEO_LOGIN && e.DATAFORSEO_PASSWORD
          ? { login: e.DATAFORSEO_LOGIN, password: e.DATAFORSEO_PASSWORD }
          : sandbox
            ? SANDBOX_DATAFORSEO_CREDENTIALS
            : null,
      concurrency: e.DATAFORSEO_CONCURRENCY,
    },
    chromiumPath: e.CHROMIUM_PATH ?? '/usr/bin/chromium',
    credentialsKeys,
    signupLimitPerHour: e.SIGNUP_LIMIT_PER_HOUR,
    signInLimitPerAddress: e.SIGN_IN_LIMIT_PER_ADDRESS,
    maxClusterColumns: e.MAX_CLUSTER_COLUMNS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    allowPrivateDestinations: e.ALLOW_PRIVATE_DESTINATIONS ?? e.NODE_ENV !== 'production',
    firstLoadMaxDays: e.FIRST_LOAD_MAX_DAYS ?? null,
    llm: e.LLM_BASE_URL
      ? { baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: e.LLM_API_KEY ?? null, model: e.LLM_MODEL }
      : null,
    sandbox,
    version: serverPackage.version,
  };
}

function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((part) => part.trim());
}

export type StripeConfig = {
  secretKey: string;
  /** The endpoint's signing secret (whsec_…); null: webhooks are refused. */
  webhookSecret: string | null;
  apiUrl: string | null;
};

function marketplaceConfig(
  url: string | undefined,
  token: string | undefined,
  sandbox: boolean,
  appUrl: string,
): MarketplaceConfig | null {
  if (url) return { apiUrl: url.replace(/\/$/, ''), apiToken: token ?? 'sandbox' };
  return sandbox ? { apiUrl: `${appUrl}/sandbox/marketplace`, apiToken: token ?? 'sandbox' } : null;
}

/** `id:base64key` pairs, comma-separated; each key exactly 32 bytes (AES-256). */
function parseCredentialsKeys(value: string, problems: string[]): CredentialsKey[] {
  const keys: CredentialsKey[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [, id, value] = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=_-]+)$/.exec(entry) ?? [];
    const key = value ? Buffer.from(value, 'base64') : null;
    if (!id || !key || key.length !== 32) {
      problems.push(
        'CREDENTIALS_KEYS: each entry must be id:base64 of 32 random bytes (openssl rand -base64 32)',
      );
      return [];
    }
    if (keys.some((k) => k.id === id)) problems.push(`CREDENTIALS_KEYS: key id ${id} repeats`);
    keys.push({ id, key });
  }
  return keys;
}
