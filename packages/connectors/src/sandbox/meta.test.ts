import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionAuthorization, exchangeCode, oauthTokenSource } from '../core/oauth';
import type { OAuthTokens } from '../core/types';
import { metaUserId } from './accounts';
import { META_LONG_LIVED_TOKEN_TTL_S, META_SANDBOX_NO_AD_ACCOUNTS_EMAIL } from './meta';
import { CLIENT, consentAndFollow, openConsent, postForm, startSandbox, withParams } from './test-support';
import type { RunningSandbox } from './test-support';
import { META_GRAPH_VERSION } from '../core/api-versions';

const REDIRECT_URI = CLIENT.redirectUris[0]!;
const client = { clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret };

type GraphError = { message: string; type: string; code: number; error_subcode?: number; fbtrace_id: string };
const graphErrorOf = async (response: Response) => ((await response.json()) as { error: GraphError }).error;

describe('sandbox Meta (Facebook Login)', () => {
  let sandbox: RunningSandbox;
  let endpoints: { authorizeUrl: string; tokenUrl: string };

  beforeAll(async () => {
    sandbox = await startSandbox('meta');
    endpoints = {
      authorizeUrl: `${sandbox.base}/dialog/oauth`,
      tokenUrl: `${sandbox.base}/oauth/access_token`,
    };
  });
  afterAll(() => sandbox.close());

  const dialogUrl = (state = 'state-1') =>
    connectionAuthorization({
      auth: {
        kind: 'oauth2',
        provider: 'meta',
        scopes: ['ads_read', 'business_management'],
        authorizeParams: {},
        pkce: false,
      },
      endpoints,
      clientId: CLIENT.clientId,
      redirectUri: REDIRECT_URI,
      state,
    }).url;

  it('shows the consent page with comma-separated scopes split and the test users', async () => {
    expect(new URL(dialogUrl()).searchParams.get('scope')).toBe('ads_read,business_management');
    const page = await openConsent(dialogUrl());
    expect(page.status).toBe(200);
    expect(page.html).toContain('Sign in with Facebook');
    expect(page.html).toContain('Requested: ads_read, business_management');
    expect(page.html).toContain('ada@example.com');
    expect(page.html).toContain(META_SANDBOX_NO_AD_ACCOUNTS_EMAIL);
    expect(page.html).toContain('No ad accounts');
    expect(page.html).not.toContain('Email verified');
  });

  it('exchanges the code with a GET and answers Meta’s token shape, which the product client reads', async () => {
    const callback = await consentAndFollow(dialogUrl('xyz'), {
      decision: 'allow',
      account: 'ada@example.com',
    });
    expect(callback.searchParams.get('state')).toBe('xyz');
    const code = callback.searchParams.get('code')!;

    const raw = await fetch(
      withParams(endpoints.tokenUrl, {
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        redirect_uri: REDIRECT_URI,
        code,
      }),
    );
    expect(raw.status).toBe(200);
    const body = (await raw.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });

    // The same code again: Meta's Graph error, never a second token.
    const again = await fetch(
      withParams(endpoints.tokenUrl, {
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        redirect_uri: REDIRECT_URI,
        code,
      }),
    );
    expect(again.status).toBe(400);
    expect(await graphErrorOf(again)).toMatchObject({ type: 'OAuthException', code: 100 });
  });

  it('runs the product’s code exchange and fb_exchange_token refresh end to end', async () => {
    const callback = await consentAndFollow(dialogUrl(), { decision: 'allow', account: 'ada@example.com' });
    const tokens = await exchangeCode({
      provider: 'meta',
      endpoints,
      client,
      code: callback.searchParams.get('code')!,
      redirectUri: REDIRECT_URI,
      codeVerifier: null,
    });
    expect(tokens.refresh_token).toBeNull();
    expect(tokens.expires_at).toBeGreaterThan(Date.now());

    const stored: OAuthTokens[] = [];
    const source = oauthTokenSource({
      provider: 'meta',
      endpoints,
      client,
      tokens,
      onTokens: async (next) => {
        stored.push(next);
      },
    });
    await source.refresh();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.access_token).not.toBe(tokens.access_token);
    expect(stored[0]!.access_token.startsWith('EAA')).toBe(true);
    const lifetimeS = (stored[0]!.expires_at! - Date.now()) / 1000;
    expect(lifetimeS).toBeGreaterThan(META_LONG_LIVED_TOKEN_TTL_S - 60);
  });

  it('accepts versioned paths as graph.facebook.com and www.facebook.com serve them', async () => {
    const versioned = dialogUrl().replace('/dialog/oauth', `/${META_GRAPH_VERSION}/dialog/oauth`);
    const callback = await consentAndFollow(versioned, { decision: 'allow', account: 'ada@example.com' });
    const answer = await fetch(
      withParams(`${sandbox.base}/${META_GRAPH_VERSION}/oauth/access_token`, {
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        redirect_uri: REDIRECT_URI,
        code: callback.searchParams.get('code')!,
      }),
    );
    expect(answer.status).toBe(200);
  });

  it('answers Deny with Meta’s error parameters', async () => {
    const callback = await consentAndFollow(dialogUrl('s2'), { decision: 'deny' });
    expect(Object.fromEntries(callback.searchParams)).toEqual({
      error: 'access_denied',
      error_reason: 'user_denied',
      error_code: '200',
      error_description: 'Permissions error',
      state: 's2',
    });
  });

  it('refuses a wrong app secret and unknown or expired tokens with Graph errors', async () => {
    const badSecret = await fetch(
      withParams(endpoints.tokenUrl, {
        client_id: CLIENT.clientId,
        client_secret: 'wrong',
        redirect_uri: REDIRECT_URI,
        code: 'nope',
      }),
    );
    expect(badSecret.status).toBe(400);
    expect(await graphErrorOf(badSecret)).toMatchObject({
      code: 1,
      message: 'Error validating client secret.',
    });

    const unknown = await fetch(
      withParams(endpoints.tokenUrl, {
        grant_type: 'fb_exchange_token',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        fb_exchange_token: 'EAAnot-a-token',
      }),
    );
    expect(unknown.status).toBe(400);
    const error = await graphErrorOf(unknown);
    expect(error).toMatchObject({ type: 'OAuthException', code: 190 });
    expect(typeof error.fbtrace_id).toBe('string');
  });

  it('fails the next token call once when a fault is armed', async () => {
    await postForm(`${sandbox.base}/_sandbox/faults`, { next_token_error: 'server_error' });
    const failed = await fetch(
      withParams(endpoints.tokenUrl, {
        grant_type: 'fb_exchange_token',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        fb_exchange_token: 'x',
      }),
    );
    expect(failed.status).toBe(500);
    expect((await graphErrorOf(failed)).code).toBe(2);
  });

  it('derives a stable app-scoped user id from the email', () => {
    expect(metaUserId('Ada@Example.com')).toBe(metaUserId('ada@example.com'));
    expect(metaUserId('ada@example.com')).toMatch(/^1\d{15}$/);
    expect(metaUserId('ada@example.com')).not.toBe(metaUserId('edith@example.com'));
  });
});
