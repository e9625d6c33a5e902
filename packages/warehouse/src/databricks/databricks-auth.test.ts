import { describe, expect, it } from 'vitest';
import { AZURE_DATABRICKS_RESOURCE, azureClientSecretAuth, type FetchLike } from './databricks-auth';
import { config } from './databricks-fixture';

/** Signing in to Entra ID as the service principal, through a stand-in for `fetch`. */

describe('Azure client-secret sign-in', () => {
  function fakeFetch(answer: (body: URLSearchParams) => { status: number; body: unknown }) {
    const calls: { url: string; body: URLSearchParams }[] = [];
    const send: FetchLike = async (url, init) => {
      const body = new URLSearchParams(init.body);
      calls.push({ url, body });
      const reply = answer(body);
      return { ok: reply.status < 400, status: reply.status, text: async () => JSON.stringify(reply.body) };
    };
    return { send, calls };
  }

  it('sends the workspace token, the management token and the workspace resource id, reusing tokens', async () => {
    let clock = 1_000_000;
    const fake = fakeFetch((body) => ({
      status: 200,
      body: { access_token: `token-for-${body.get('resource') ?? ''}`, expires_in: '3600' },
    }));
    const auth = azureClientSecretAuth(config, { fetch: fake.send, now: () => clock });
    expect(await auth.authenticate()).toEqual({
      Authorization: `Bearer token-for-${AZURE_DATABRICKS_RESOURCE}`,
      'X-Databricks-Azure-SP-Management-Token': 'token-for-https://management.core.windows.net/',
      'X-Databricks-Azure-Workspace-Resource-Id': config.azureWorkspaceResourceId,
    });
    expect(
      fake.calls.map((c) => [
        c.url,
        c.body.get('grant_type'),
        c.body.get('client_id'),
        c.body.get('client_secret'),
      ]),
    ).toEqual([
      [
        'https://login.microsoftonline.com/tenant-id/oauth2/token',
        'client_credentials',
        'client-id',
        'secret',
      ],
      [
        'https://login.microsoftonline.com/tenant-id/oauth2/token',
        'client_credentials',
        'client-id',
        'secret',
      ],
    ]);
    await auth.authenticate();
    expect(fake.calls).toHaveLength(2);
    clock += 3_600_000;
    await auth.authenticate();
    expect(fake.calls).toHaveLength(4);
  });

  it('reports what Entra ID says when the secret is wrong, and signs in to the cloud of the host', async () => {
    const fake = fakeFetch(() => ({
      status: 401,
      body: {
        error: 'invalid_client',
        error_description: 'AADSTS7000215: Invalid client secret provided.\nTrace ID: x',
      },
    }));
    const auth = azureClientSecretAuth(
      { ...config, host: 'adb-1.2.databricks.azure.cn' },
      { fetch: fake.send },
    );
    await expect(auth.authenticate()).rejects.toThrow(
      'Azure sign-in of the service principal failed: AADSTS7000215: Invalid client secret provided.',
    );
    expect(fake.calls[0]?.url).toBe('https://login.chinacloudapi.cn/tenant-id/oauth2/token');
  });
});
