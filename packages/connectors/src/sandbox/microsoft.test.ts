import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MICROSOFT_SANDBOX_TENANT_ID, MICROSOFT_SECOND_TENANT_ID, microsoftObjectId } from './accounts';
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
const CONTOSO = MICROSOFT_SANDBOX_TENANT_ID;
const FABRIKAM = MICROSOFT_SECOND_TENANT_ID;

describe('sandbox Microsoft identity platform (v2.0)', () => {
  let sandbox: RunningSandbox;
  let common: Discovery;
  let jwks: ReturnType<typeof createRemoteJWKSet>;

  beforeAll(async () => {
    sandbox = await startSandbox('microsoft');
    common = await getJson<Discovery>(`${sandbox.base}/common/v2.0/.well-known/openid-configuration`);
    jwks = createRemoteJWKSet(new URL(common.jwks_uri));
  });
  afterAll(() => sandbox.close());

  /** Signs in at `discovery`'s endpoints as `fields` and redeems the code. */
  async function signIn(
    fields: Record<string, string>,
    options: { discovery?: Discovery; client?: typeof CLIENT; scope?: string } = {},
  ) {
    const discovery = options.discovery ?? common;
    const client = options.client ?? CLIENT;
    const { verifier, challenge } = pkce();
    const callback = await consentAndFollow(
      withParams(discovery.authorization_endpoint, {
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: client.redirectUris[0]!,
        scope: options.scope ?? 'openid profile email offline_access',
        state: 'xyz',
        nonce: 'n-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      { decision: 'allow', ...fields },
    );
    expect(callback.searchParams.get('state')).toBe('xyz');
    const response = await postForm(
      discovery.token_endpoint,
      {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: client.redirectUris[0]!,
        code_verifier: verifier,
        client_id: client.clientId,
        client_secret: client.clientSecret,
      },
      {},
    );
    expect(response.status).toBe(200);
    return readJson(response);
  }

  /** Verifies an Entra ID token: the issuer is the account's tenant, as a multi-tenant app checks it. */
  async function verify(idToken: string, audience = CLIENT.clientId) {
    const { tid } = decodeJwt(idToken);
    const { payload } = await jwtVerify(idToken, jwks, {
      issuer: `${sandbox.base}/${String(tid)}/v2.0`,
      audience,
    });
    return payload;
  }

  it('publishes tenant and common discovery documents shaped like Entra ID’s', async () => {
    expect(common).toMatchObject({
      issuer: `${sandbox.base}/{tenantid}/v2.0`,
      authorization_endpoint: `${sandbox.base}/common/oauth2/v2.0/authorize`,
      token_endpoint: `${sandbox.base}/common/oauth2/v2.0/token`,
      jwks_uri: `${sandbox.base}/common/discovery/v2.0/keys`,
      userinfo_endpoint: `${sandbox.base}/oidc/userinfo`,
      subject_types_supported: ['pairwise'],
    });
    const tenant = await getJson<Discovery>(
      `${sandbox.base}/${CONTOSO}/v2.0/.well-known/openid-configuration`,
    );
    expect(tenant).toMatchObject({
      issuer: `${sandbox.base}/${CONTOSO}/v2.0`,
      authorization_endpoint: `${sandbox.base}/${CONTOSO}/oauth2/v2.0/authorize`,
      jwks_uri: `${sandbox.base}/${CONTOSO}/discovery/v2.0/keys`,
    });
    expect(await getJson(`${sandbox.base}/.well-known/openid-configuration`)).toEqual(tenant);
    const unknown = await fetch(`${sandbox.base}/no-such-tenant/v2.0/.well-known/openid-configuration`);
    expect(unknown.status).toBe(400);
    expect((await readJson(unknown)).error).toBe('invalid_tenant');
  });

  it('issues an ID token with tid, oid, pairwise sub and ver 2.0', async () => {
    const tokens = await signIn({ account: `${CONTOSO}/alan@contoso.example` });
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, ext_expires_in: 3600 });
    expect(tokens.refresh_token).toEqual(expect.any(String)); // offline_access
    const payload = await verify(tokens.id_token);
    expect(payload).toMatchObject({
      ver: '2.0',
      iss: `${sandbox.base}/${CONTOSO}/v2.0`,
      aud: CLIENT.clientId,
      tid: CONTOSO,
      oid: microsoftObjectId(CONTOSO, 'alan@contoso.example'),
      preferred_username: 'alan@contoso.example',
      email: 'alan@contoso.example',
      name: 'Alan Turing',
      nonce: 'n-1',
    });
    expect(payload.sub).not.toBe(payload.oid);
    expect(payload.exp! - payload.iat!).toBe(3600);

    const userinfo = await fetch(common.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await readJson(userinfo)).toEqual({
      sub: payload.sub,
      name: 'Alan Turing',
      given_name: 'Alan',
      family_name: 'Turing',
      email: 'alan@contoso.example',
    });
  });

  it('gives the same email in two tenants a different oid and tid', async () => {
    const contoso = await verify((await signIn({ account: `${CONTOSO}/alan@contoso.example` })).id_token);
    const fabrikam = await verify((await signIn({ account: `${FABRIKAM}/alan@contoso.example` })).id_token);
    expect(contoso.email).toBe(fabrikam.email);
    expect(fabrikam.tid).toBe(FABRIKAM);
    expect(fabrikam.iss).toBe(`${sandbox.base}/${FABRIKAM}/v2.0`);
    expect(fabrikam.oid).not.toBe(contoso.oid);
    expect(fabrikam.sub).not.toBe(contoso.sub);
  });

  it('gives each app its own sub for the same user (pairwise) but the same oid', async () => {
    const mine = await verify((await signIn({ account: `${CONTOSO}/alan@contoso.example` })).id_token);
    const tokens = await signIn({ account: `${CONTOSO}/alan@contoso.example` }, { client: OTHER_CLIENT });
    const theirs = await verify(tokens.id_token, OTHER_CLIENT.clientId);
    expect(theirs.oid).toBe(mine.oid);
    expect(theirs.sub).not.toBe(mine.sub);
  });

  it('offers only the path tenant’s accounts and signs typed-in emails into that tenant', async () => {
    const fabrikam = await getJson<Discovery>(
      `${sandbox.base}/${FABRIKAM}/v2.0/.well-known/openid-configuration`,
    );
    const page = await openConsent(
      withParams(fabrikam.authorization_endpoint, {
        response_type: 'code',
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT_URI,
        scope: 'openid',
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(page.html).toContain('Fabrikam (sandbox)');
    expect(page.html).not.toContain('katherine@contoso.example');

    const tokens = await signIn(
      { account: 'other', email: 'joan@fabrikam.example', name: 'Joan Clarke' },
      {
        discovery: fabrikam,
      },
    );
    const payload = await verify(tokens.id_token);
    expect(payload).toMatchObject({
      tid: FABRIKAM,
      oid: microsoftObjectId(FABRIKAM, 'joan@fabrikam.example'),
      name: 'Joan Clarke',
    });
  });

  it('requires PKCE', async () => {
    const response = await fetch(
      withParams(common.authorization_endpoint, {
        response_type: 'code',
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT_URI,
        scope: 'openid',
        state: 's',
      }),
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('s');
  });

  it('rotates the refresh token on each refresh', async () => {
    const tokens = await signIn({ account: `${CONTOSO}/katherine@contoso.example` });
    const response = await postForm(
      common.token_endpoint,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, scope: 'openid profile' },
      basicAuth(CLIENT),
    );
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.refresh_token).not.toBe(tokens.refresh_token);
    expect(body.scope).toBe('openid profile');
    const payload = await verify(body.id_token);
    expect(payload).toMatchObject({ tid: CONTOSO, name: 'Katherine Johnson' });
    expect(payload).not.toHaveProperty('email');

    const wider = await postForm(
      common.token_endpoint,
      { grant_type: 'refresh_token', refresh_token: body.refresh_token, scope: 'openid Mail.Read' },
      basicAuth(CLIENT),
    );
    expect((await readJson(wider)).error).toBe('invalid_scope');
  });

  it('gives no refresh token without offline_access', async () => {
    const tokens = await signIn({ account: `${CONTOSO}/alan@contoso.example` }, { scope: 'openid profile' });
    expect(tokens).not.toHaveProperty('refresh_token');
  });
});
