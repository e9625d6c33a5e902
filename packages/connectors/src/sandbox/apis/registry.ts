// The sandbox data APIs and their mounts (paths match sandboxEndpoints in core/endpoints.ts).
import type { FastifyPluginAsync } from 'fastify';
import { APPLE_ADS_SANDBOX_PREFIX, appleAdsSandbox } from '../../services/apple-ads/sandbox';
import { APPLE_OAUTH_SANDBOX_PREFIX, appleOAuthSandbox } from '../../services/apple-ads/sandbox-token';
import { DATAFORSEO_SANDBOX_PREFIX, dataforseoSandbox } from '../../services/dataforseo/sandbox';
import { ECB_SANDBOX_PREFIX, ecbSandbox } from '../../services/ecb-rates/sandbox';
import { GA4_SANDBOX_PREFIX, ga4Sandbox } from '../../services/ga4/sandbox';
import { BIGQUERY_SANDBOX_PREFIX, bigQuerySandbox } from '../../services/ga4-events/sandbox';
import { GOOGLE_ADS_SANDBOX_PREFIX, googleAdsSandbox } from '../../services/google-ads/sandbox';
import { CLOUD_STORAGE_SANDBOX_PREFIX, cloudStorageSandbox } from '../../services/google-play/sandbox';
import { META_ADS_SANDBOX_PREFIX, metaAdsSandbox } from '../../services/meta-ads/sandbox';
import { MICROSOFT_ADS_SANDBOX_PREFIX, microsoftAdsSandbox } from '../../services/microsoft-ads/sandbox';
import { MOOSEND_SANDBOX_PREFIX, moosendSandbox } from '../../services/moosend/sandbox';
import { PAGESPEED_SANDBOX_PREFIX, pagespeedSandbox } from '../../services/pagespeed/sandbox';
import { SEARCH_CONSOLE_SANDBOX_PREFIX, searchConsoleSandbox } from '../../services/search-console/sandbox';
import type { SandboxApiPluginOptions } from './types';

/** A sandbox API and its absolute mount path (`/sandbox/...`). */
export type SandboxApiMount = { prefix: string; plugin: FastifyPluginAsync<SandboxApiPluginOptions> };

export const SANDBOX_APIS: readonly SandboxApiMount[] = [
  { prefix: GOOGLE_ADS_SANDBOX_PREFIX, plugin: googleAdsSandbox },
  { prefix: META_ADS_SANDBOX_PREFIX, plugin: metaAdsSandbox },
  { prefix: MICROSOFT_ADS_SANDBOX_PREFIX, plugin: microsoftAdsSandbox },
  { prefix: APPLE_OAUTH_SANDBOX_PREFIX, plugin: appleOAuthSandbox },
  { prefix: APPLE_ADS_SANDBOX_PREFIX, plugin: appleAdsSandbox },
  { prefix: SEARCH_CONSOLE_SANDBOX_PREFIX, plugin: searchConsoleSandbox },
  { prefix: GA4_SANDBOX_PREFIX, plugin: ga4Sandbox },
  { prefix: BIGQUERY_SANDBOX_PREFIX, plugin: bigQuerySandbox },
  { prefix: CLOUD_STORAGE_SANDBOX_PREFIX, plugin: cloudStorageSandbox },
  { prefix: MOOSEND_SANDBOX_PREFIX, plugin: moosendSandbox },
  { prefix: ECB_SANDBOX_PREFIX, plugin: ecbSandbox },
  { prefix: PAGESPEED_SANDBOX_PREFIX, plugin: pagespeedSandbox },
  { prefix: DATAFORSEO_SANDBOX_PREFIX, plugin: dataforseoSandbox },
];
