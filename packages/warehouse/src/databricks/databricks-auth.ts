import type { DatabricksDestinationConfig } from '../destination-config';

/**
 * `azure-client-secret`: an Azure service principal (tenant, client id, secret) signs in to
 * Microsoft Entra ID with the client-credentials grant, as the Databricks SDKs' auth type of that
 * name does. Every request to the workspace carries
 * - `Authorization: Bearer <token for the Azure Databricks resource>`,
 * - `X-Databricks-Azure-SP-Management-Token: <token for Azure Resource Manager>` and
 * - `X-Databricks-Azure-Workspace-Resource-Id: <the workspace's resource id>`,
 * so that a principal with a role on the workspace resource (and not yet a workspace user) is
 * let in too. Tokens are reused until five minutes before they expire.
 */

/** The Azure Databricks first-party application, the resource its tokens are issued for. */
export const AZURE_DATABRICKS_RESOURCE = '2ff814a6-3304-4ab8-85cb-cd0e6f879c1d';

type Cloud = { login: string; management: string };

const CLOUDS: { suffix: string; cloud: Cloud }[] = [
  {
    suffix: '.databricks.azure.cn',
    cloud: {
      login: 'https://login.chinacloudapi.cn',
      management: 'https://management.core.chinacloudapi.cn/',
    },
  },
  {
    suffix: '.databricks.azure.us',
    cloud: {
      login: 'https://login.microsoftonline.us',
      management: 'https://management.core.usgovcloudapi.net/',
    },
  },
];
const PUBLIC_CLOUD: Cloud = {
  login: 'https://login.microsoftonline.com',
  management: 'https://management.core.windows.net/',
};
const REFRESH_MARGIN_MS = 5 * 60_000;

export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/** The `authenticate()` the Databricks driver calls before each request (its `custom` auth). */
export type HeaderProvider = { authenticate(): Promise<Record<string, string>> };

export function azureClientSecretAuth(
  config: DatabricksDestinationConfig,
  deps: { fetch?: FetchLike; now?: () => number } = {},
): HeaderProvider {
  const host = config.host.toLowerCase();
  const cloud = CLOUDS.find((c) => host.endsWith(c.suffix))?.cloud ?? PUBLIC_CLOUD;
  const send = deps.fetch ?? fetch;
  const now = deps.now ?? Date.now;
  const tokens = new Map<string, Promise<{ token: string; expiresAt: number }>>();

  async function token(resource: string): Promise<string> {
    const cached = await tokens.get(resource)?.catch(() => null);
    if (cached && cached.expiresAt - REFRESH_MARGIN_MS > now()) return cached.token;
    const request = requestToken(resource);
    tokens.set(resource, request);
    request.catch(() => {
      if (tokens.get(resource) === request) tokens.delete(resource);
    });
    return (await request).token;
  }

  async function requestToken(resource: string): Promise<{ token: string; expiresAt: number }> {
    const url = `${cloud.login}/${encodeURIComponent(config.azureTenantId)}/oauth2/token`;
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: config.azureClientId,
      client_secret: config.azureClientSecret,
      resource,
    }).toString();
    const response = await send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    const text = await response.text();
    const answer = parseObject(text);
    const accessToken = answer.access_token;
    if (!response.ok || typeof accessToken !== 'string') {
      const detail = answer.error_description ?? answer.error ?? `HTTP ${response.status}`;
      throw new AzureSignInError(
        `Azure sign-in of the service principal failed: ${(typeof detail === 'string' ? detail : JSON.stringify(detail)).split('\n')[0]}`,
      );
    }
    const seconds = Number(answer.expires_in ?? 3600);
    return { token: accessToken, expiresAt: now() + (Number.isFinite(seconds) ? seconds : 3600) * 1000 };
  }

  return {
    async authenticate(): Promise<Record<string, string>> {
      const [workspace, management] = await Promise.all([
        token(AZURE_DATABRICKS_RESOURCE),
        token(cloud.management),
      ]);
      return {
        Authorization: `Bearer ${workspace}`,
        'X-Databricks-Azure-SP-Management-Token': management,
        'X-Databricks-Azure-Workspace-Resource-Id': config.azureWorkspaceResourceId,
      };
    },
  };
}

export class AzureSignInError extends Error {
  override readonly name = 'AzureSignInError';
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
