import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SandboxInProductionError, sandboxIdentityPlugin } from './index';
import {
  CLIENT,
  basicAuth,
  consentAndFollow,
  getJson,
  pkce,
  postForm,
  startSandbox,
  withParams,
} from './test-support';
import type { Discovery, RunningSandbox } from './test-support';

const REDIRECT_URI = CLIENT.redirectUris[0]!;

describe('sandbox identity plugin', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('refuses to register in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const app = Fastify();
    void app.register(sandboxIdentityPlugin, {
      provider: 'google',
      publicBaseUrl: 'http://localhost:8000/sandbox/google',
      clients: [CLIENT],
    });
    const error: unknown = await app.ready().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SandboxInProductionError);
    expect(String(error)).toMatch(/NODE_ENV=production/);
  });

  it('keeps each instance’s state to itself and mounts at any prefix', async () => {
    const app = Fastify();
    for (const provider of ['google', 'microsoft'] as const) {
      await app.register(sandboxIdentityPlugin, {
        prefix: `/sandbox/${provider}`,
        provider,
        publicBaseUrl: `http://localhost/sandbox/${provider}`,
        clients: [CLIENT],
      });
    }
    const google = await app.inject({ url: '/sandbox/google/.well-known/openid-configuration' });
    const microsoft = await app.inject({
      url: '/sandbox/microsoft/common/v2.0/.well-known/openid-configuration',
    });
    expect(google.json().issuer).toBe('http://localhost/sandbox/google');
    expect(microsoft.json().issuer).toBe('http://localhost/sandbox/microsoft/{tenantid}/v2.0');
    await app.close();
  });
});

describe('sandbox fault injection', () => {
  let sandbox: RunningSandbox;
  let discovery: Discovery;

  beforeAll(async () => {
    sandbox = await startSandbox('google');
    discovery = await getJson<Discovery>(`${sandbox.base}/.well-known/openid-configuration`);
  });
  afterAll(() => sandbox.close());

  async function codeAndVerifier() {
    const { verifier, challenge } = pkce();
    const callback = await consentAndFollow(
      withParams(discovery.authorization_endpoint, {
        response_type: 'code',
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT_URI,
        scope: 'openid email',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      { decision: 'allow', account: 'ada@example.com' },
    );
    return { code: callback.searchParams.get('code')!, verifier };
  }

  const exchange = (code: string, verifier: string) =>
    postForm(
      discovery.token_endpoint,
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier },
      basicAuth(CLIENT),
    );

  const setFault = (body: unknown) =>
    fetch(`${sandbox.base}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it.each([
    ['server_error', 500],
    ['invalid_grant', 400],
  ] as const)('fails the next token call with %s, then recovers', async (fault, status) => {
    const { code, verifier } = await codeAndVerifier();
    const set = await setFault({ next_token_error: fault });
    expect(await set.json()).toEqual({ next_token_error: fault });

    const failed = await exchange(code, verifier);
    expect(failed.status).toBe(status);
    expect(await failed.json()).toMatchObject({ error: fault, error_description: expect.any(String) });

    // The fault fires once and leaves the code unspent.
    const retried = await exchange(code, verifier);
    expect(retried.status).toBe(200);
  });

  it('clears a fault with null and rejects unknown faults', async () => {
    await setFault({ next_token_error: 'server_error' });
    expect(await (await setFault({ next_token_error: null })).json()).toEqual({ next_token_error: null });
    const { code, verifier } = await codeAndVerifier();
    expect((await exchange(code, verifier)).status).toBe(200);

    const bad = await setFault({ next_token_error: 'teapot' });
    expect(bad.status).toBe(400);
  });
});
