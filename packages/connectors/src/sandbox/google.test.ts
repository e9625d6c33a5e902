import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleSubject } from './accounts';
import {
  CLIENT,
  OTHER_CLIENT,
  basicAuth,
  consentAndFollow,
  getJson,
  openConsent,
  pkce,
  postForm,
  readJson,
  startSandbox,
  withParams,
} from './test-support';
import type { Discovery, RunningSandbox } from './test-support';

const REDIRECT_URI = CLIENT.redirectUris[0]!;

describe('sandbox Google OpenID Connect provider', () => {
  let sandbox: RunningSandbox;
  let discovery: Discovery;
  let jwks: ReturnType<typeof createRemoteJWKSet>;

  beforeAll(async () => {
    sandbox = await startSandbox('google');
    discovery = await getJson<Discovery>(`${sandbox.base}/.well-known/openid-configuration`);
    jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
  });
  afterAll(() => sandbox.close());

  function authorizeUrl(params: Record<string, string> = {}) {
    return withParams(discovery.authorization_endpoint, {
      response_type: 'code',
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state: 'state-123',
      nonce: 'nonce-456',
      ...params,
    });
  }

  /** authorize (with PKCE) → Allow as `fields` → the code from the redirect. */
  async function obtainCode(fields: Record<string, string>, params: Record<string, string> = {}) {
    const { verifier, challenge } = pkce();
    const callback = await consentAndFollow(
      authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256', ...params }),
      { decision: 'allow', ...fields },
    );
    return { code: callback.searchParams.get('code')!, verifier, callback };
  }

  function exchange(code: string, verifier: string, extra: Record<string, string> = {}) {
    return postForm(
      discovery.token_endpoint,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        ...extra,
      },
      basicAuth(CLIENT),
    );
  }

  it('publishes a discovery document shaped like Google’s', () => {
    expect(discovery).toMatchObject({
      issuer: sandbox.base,
      authorization_endpoint: `${sandbox.base}/o/oauth2/v2/auth`,
      token_endpoint: `${sandbox.base}/token`,
      userinfo_endpoint: `${sandbox.base}/v1/userinfo`,
      jwks_uri: `${sandbox.base}/oauth2/v3/certs`,
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['plain', 'S256'],
    });
  });

  it('serves an RS256 key with a kid', async () => {
    const { keys } = await getJson<{ keys: Record<string, unknown>[] }>(discovery.jwks_uri);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('drives the whole code flow and issues a verifiable ID token', async () => {
    const page = await openConsent(
      authorizeUrl({ code_challenge: pkce().challenge, code_challenge_method: 'S256' }),
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain('Allow');
    expect(page.html).toContain('Deny');
    expect(page.html).toContain('Maya (test)');
    expect(page.html).toContain('Ada Lovelace');
    expect(page.html).toContain('charles@example.org');

    const { code, verifier, callback } = await obtainCode({ account: 'ada@example.com' });
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('state-123');

    const response = await exchange(code, verifier);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = await readJson(response);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' });
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens).not.toHaveProperty('refresh_token'); // Google: only with access_type=offline

    const { payload, protectedHeader } = await jwtVerify(tokens.id_token, jwks, {
      issuer: sandbox.base,
      audience: CLIENT.clientId,
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect(payload).toMatchObject({
      sub: googleSubject('ada@example.com'),
      azp: CLIENT.clientId,
      nonce: 'nonce-456',
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    expect(payload.sub).toMatch(/^\d{21}$/);
    expect(payload.exp! - payload.iat!).toBe(3600);

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await readJson(userinfo)).toMatchObject({
      sub: payload.sub,
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    });
  });

  it('reports email_verified false for the unverified test account', async () => {
    const { code, verifier } = await obtainCode({ account: 'charles@example.org' });
    const { id_token } = await readJson(await exchange(code, verifier));
    const { payload } = await jwtVerify(id_token, jwks, { issuer: sandbox.base, audience: CLIENT.clientId });
    expect(payload).toMatchObject({ email: 'charles@example.org', email_verified: false });
  });

  it('signs in as any typed-in email with a stable id', async () => {
    const fields = { account: 'other', email: 'New.Person@Example.net', name: '', email_verified: 'true' };
    const first = await obtainCode(fields);
    const second = await obtainCode(fields);
    const a = await jwtVerify((await readJson(await exchange(first.code, first.verifier))).id_token, jwks);
    const b = await jwtVerify((await readJson(await exchange(second.code, second.verifier))).id_token, jwks);
    expect(a.payload).toMatchObject({
      email: 'new.person@example.net',
      name: 'New Person',
      email_verified: true,
    });
    expect(a.payload.sub).toBe(googleSubject('new.person@example.net'));
    expect(b.payload.sub).toBe(a.payload.sub);
  });

  it('omits email and profile claims the scope did not ask for', async () => {
    const { code, verifier } = await obtainCode({ account: 'ada@example.com' }, { scope: 'openid' });
    const { payload } = await jwtVerify((await readJson(await exchange(code, verifier))).id_token, jwks);
    expect(payload.sub).toBe(googleSubject('ada@example.com'));
    expect(payload).not.toHaveProperty('email');
    expect(payload).not.toHaveProperty('name');
  });

  it('redirects Deny back with error=access_denied and the state', async () => {
    const callback = await consentAndFollow(authorizeUrl(), { decision: 'deny', account: 'ada@example.com' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('error_description')).toEqual(expect.any(String));
    expect(callback.searchParams.get('state')).toBe('state-123');
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('answers an unregistered redirect_uri or unknown client with a 400 page, never a redirect', async () => {
    const cases: Record<string, string>[] = [
      { redirect_uri: 'http://evil.test/cb' },
      { client_id: 'nobody' },
    ];
    for (const params of cases) {
      const response = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toContain('text/html');
    }
  });

  it('sends other authorize errors back to the app', async () => {
    const response = await fetch(authorizeUrl({ response_type: 'token' }), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('unsupported_response_type');
    expect(location.searchParams.get('state')).toBe('state-123');
  });

  it('refuses a wrong PKCE verifier, then a replayed code', async () => {
    const { code, verifier } = await obtainCode({ account: 'ada@example.com' });
    const wrong = await exchange(code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(await readJson(wrong)).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.any(String),
    });
    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect((await readJson(again)).error).toBe('invalid_grant');
  });

  it('refuses a code used twice and revokes what the first use issued', async () => {
    const { code, verifier } = await obtainCode({ account: 'ada@example.com' });
    const first = await exchange(code, verifier);
    const { access_token } = await readJson(first);
    const second = await exchange(code, verifier);
    expect(second.status).toBe(400);
    expect((await readJson(second)).error).toBe('invalid_grant');
    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(userinfo.status).toBe(401);
    expect(userinfo.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('checks redirect_uri and the client at the token endpoint', async () => {
    const a = await obtainCode({ account: 'ada@example.com' });
    const wrongRedirect = await exchange(a.code, a.verifier, { redirect_uri: 'http://app.test/other' });
    expect((await readJson(wrongRedirect)).error).toBe('invalid_grant');

    const b = await obtainCode({ account: 'ada@example.com' });
    const otherClient = await postForm(
      discovery.token_endpoint,
      {
        grant_type: 'authorization_code',
        code: b.code,
        redirect_uri: REDIRECT_URI,
        code_verifier: b.verifier,
      },
      basicAuth(OTHER_CLIENT),
    );
    expect((await readJson(otherClient)).error).toBe('invalid_grant');

    const c = await obtainCode({ account: 'ada@example.com' });
    const badSecret = await postForm(discovery.token_endpoint, {
      grant_type: 'authorization_code',
      code: c.code,
      redirect_uri: REDIRECT_URI,
      code_verifier: c.verifier,
      client_id: CLIENT.clientId,
      client_secret: 'wrong',
    });
    expect(badSecret.status).toBe(401);
    expect((await readJson(badSecret)).error).toBe('invalid_client');
  });

  it('accepts client_secret_post and a flow without PKCE', async () => {
    const callback = await consentAndFollow(authorizeUrl(), {
      decision: 'allow',
      account: 'grace@gmail.com',
    });
    const response = await postForm(discovery.token_endpoint, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
    });
    expect(response.status).toBe(200);
    const { payload } = await jwtVerify((await readJson(response)).id_token, jwks);
    expect(payload.email).toBe('grace@gmail.com');
  });

  it('issues a refresh token with access_type=offline and refreshes with it', async () => {
    const { code, verifier } = await obtainCode({ account: 'ada@example.com' }, { access_type: 'offline' });
    const tokens = await readJson(await exchange(code, verifier));
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const refreshed = await postForm(
      discovery.token_endpoint,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      basicAuth(CLIENT),
    );
    expect(refreshed.status).toBe(200);
    const body = await readJson(refreshed);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(body.access_token).not.toBe(tokens.access_token);
    expect(body).not.toHaveProperty('refresh_token'); // Google keeps the first refresh token
    const { payload } = await jwtVerify(body.id_token, jwks, {
      issuer: sandbox.base,
      audience: CLIENT.clientId,
    });
    expect(payload.sub).toBe(googleSubject('ada@example.com'));
    expect(payload).not.toHaveProperty('nonce');

    const otherClient = await postForm(
      discovery.token_endpoint,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      basicAuth(OTHER_CLIENT),
    );
    expect((await readJson(otherClient)).error).toBe('invalid_grant');

    const revoke = await postForm(`${sandbox.base}/revoke`, { token: tokens.refresh_token });
    expect(revoke.status).toBe(200);
    const afterRevoke = await postForm(
      discovery.token_endpoint,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      basicAuth(CLIENT),
    );
    expect((await readJson(afterRevoke)).error).toBe('invalid_grant');
  });

  it('re-renders the consent page when the typed email is invalid', async () => {
    const page = await openConsent(authorizeUrl());
    const response = await postForm(page.action, {
      request_id: page.requestId,
      decision: 'allow',
      account: 'other',
      email: 'not-an-email',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Enter a valid email address.');
  });
});

describe('sandbox Google clock', () => {
  it('expires authorization codes after 60 seconds', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const sandbox = await startSandbox('google', { now: () => now });
    try {
      const discovery = await getJson<Discovery>(`${sandbox.base}/.well-known/openid-configuration`);
      const authorize = withParams(discovery.authorization_endpoint, {
        response_type: 'code',
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT_URI,
        scope: 'openid email',
      });
      const callback = await consentAndFollow(authorize, { decision: 'allow', account: 'ada@example.com' });
      now += 61_000;
      const response = await postForm(
        discovery.token_endpoint,
        {
          grant_type: 'authorization_code',
          code: callback.searchParams.get('code')!,
          redirect_uri: REDIRECT_URI,
        },
        basicAuth(CLIENT),
      );
      expect(response.status).toBe(400);
      expect((await readJson(response)).error).toBe('invalid_grant');
    } finally {
      await sandbox.close();
    }
  });
});
