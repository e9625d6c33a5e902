// The browser half of the code flow: GET authorize shows the consent page, its POST answers the
// app with a code or access_denied.
import { resolveAccount } from './accounts';
import { PKCE_VALUE } from './deps';
import type { AuthorizeContext, FlowDeps } from './deps';
import { consentPage, errorPage } from './html';
import { OAuthError, asParams, one, withQuery } from './http';
import type { Outcome, Params } from './http';
import { CODE_TTL_MS, CONSENT_TTL_MS, randomToken } from './store';
import type { PendingConsent } from './store';
import type { SandboxAccount } from './types';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createAuthorizeSteps(deps: FlowDeps) {
  const { profile, store, clients } = deps;
  const html = (status: number, body: string): Outcome => ({ kind: 'html', status, html: body });
  const failPage = (error: string, description: string) =>
    html(400, errorPage(profile.displayName, error, description));
  const appName = (clientId: string) => clients.find((c) => c.clientId === clientId)?.name ?? clientId;

  function renderConsent(requestId: string, consent: PendingConsent, error: string | null, status = 200) {
    return html(
      status,
      consentPage({
        providerName: profile.displayName,
        appName: appName(consent.clientId),
        requestId,
        consent,
        action: deps.consentAction,
        accountNote: deps.accountNote,
        askEmailVerified: deps.provider === 'google',
        error,
      }),
    );
  }

  /** GET authorize: validate, then show the consent page. */
  function authorize(query: unknown, context: AuthorizeContext): Outcome {
    const params = asParams(query);
    let clientId: string | null;
    let redirectUri: string | null;
    try {
      clientId = one(params, 'client_id');
      redirectUri = one(params, 'redirect_uri');
    } catch (e) {
      if (e instanceof OAuthError) return failPage(e.error, e.description);
      throw e;
    }
    const client = clients.find((c) => c.clientId === clientId);
    if (!client) return failPage('invalid_client', `The OAuth client ${clientId ?? '(none)'} was not found.`);
    if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
      return failPage(
        'redirect_uri_mismatch',
        `The redirect_uri ${redirectUri ?? '(none)'} is not registered for client ${client.clientId}.`,
      );
    }
    // From here on the redirect URI is trusted: errors go back to the app.
    const state = typeof params.state === 'string' ? params.state : null;
    try {
      const consent = readAuthorizeRequest(params, client.clientId, redirectUri, state, context);
      const requestId = randomToken();
      store.prune();
      store.consents.set(requestId, consent);
      return renderConsent(requestId, consent, null);
    } catch (e) {
      if (!(e instanceof OAuthError)) throw e;
      const location = withQuery(redirectUri, { error: e.error, error_description: e.description, state });
      return { kind: 'redirect', location };
    }
  }

  function readAuthorizeRequest(
    params: Params,
    clientId: string,
    redirectUri: string,
    state: string | null,
    context: AuthorizeContext,
  ): PendingConsent {
    one(params, 'state');
    if (one(params, 'response_type') !== 'code') {
      throw new OAuthError('unsupported_response_type', 'The sandbox supports response_type=code only.');
    }
    const responseMode = one(params, 'response_mode');
    if (responseMode && responseMode !== 'query') {
      throw new OAuthError('invalid_request', 'The sandbox supports response_mode=query only.');
    }
    const scopes = (one(params, 'scope') ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0) throw new OAuthError('invalid_request', 'Missing required parameter: scope.');
    const codeChallenge = one(params, 'code_challenge');
    const method = one(params, 'code_challenge_method');
    if (method && method !== 'S256' && method !== 'plain') {
      throw new OAuthError('invalid_request', 'code_challenge_method must be S256 or plain.');
    }
    if (method && !codeChallenge) throw new OAuthError('invalid_request', 'code_challenge is missing.');
    if (codeChallenge && !PKCE_VALUE.test(codeChallenge)) {
      throw new OAuthError('invalid_request', 'code_challenge is malformed.');
    }
    if (!codeChallenge && profile.requiresPkce) {
      throw new OAuthError('invalid_request', 'Proof Key for Code Exchange is required (code_challenge).');
    }
    if ((one(params, 'prompt') ?? '').split(' ').includes('none')) {
      throw new OAuthError('login_required', 'The sandbox keeps no session: prompt=none cannot succeed.');
    }
    return {
      clientId,
      redirectUri,
      state,
      scopes,
      nonce: one(params, 'nonce'),
      offline: profile.wantsRefreshToken({ scopes, accessType: one(params, 'access_type') }),
      codeChallenge,
      codeChallengeMethod: method === 'S256' ? 'S256' : 'plain',
      loginHint: one(params, 'login_hint'),
      accounts: context.accounts,
      newAccountTenantId: context.newAccountTenantId,
      expiresAt: store.now() + CONSENT_TTL_MS,
    };
  }

  /** POST of the consent form: Deny or Allow as the chosen (or typed-in) account. */
  function consent(body: unknown): Outcome {
    const params = asParams(body);
    const field = (name: string) => {
      const value = params[name];
      return typeof value === 'string' ? value.trim() : '';
    };
    const requestId = field('request_id');
    const pending = store.consents.get(requestId);
    if (!pending || pending.expiresAt <= store.now()) {
      return failPage(
        'invalid_request',
        'This sign-in request expired or was already answered. Start again.',
      );
    }
    const decision = field('decision');
    if (decision === 'deny') {
      store.consents.delete(requestId);
      const location = withQuery(pending.redirectUri, {
        error: 'access_denied',
        error_description: 'The user denied the request.',
        state: pending.state,
      });
      return { kind: 'redirect', location };
    }
    if (decision !== 'allow') return renderConsent(requestId, pending, 'Choose Allow or Deny.', 400);

    let account: SandboxAccount | undefined;
    const email = field('email').toLowerCase();
    if (email || field('account') === 'other') {
      if (!EMAIL.test(email)) return renderConsent(requestId, pending, 'Enter a valid email address.', 400);
      account =
        pending.accounts.find(
          (a) => a.email === email && a.tenantId === pending.newAccountTenantId && !field('name'),
        ) ??
        resolveAccount(deps.provider, {
          email,
          name: field('name'),
          emailVerified: deps.provider === 'google' ? field('email_verified') === 'true' : true,
          ...(pending.newAccountTenantId ? { tenantId: pending.newAccountTenantId } : {}),
        });
    } else {
      account = pending.accounts.find((a) => a.key === field('account'));
      if (!account) return renderConsent(requestId, pending, 'Choose an account.', 400);
    }

    store.consents.delete(requestId);
    const code = randomToken();
    store.codes.set(code, {
      grant: {
        clientId: pending.clientId,
        account,
        scopes: pending.scopes,
        nonce: pending.nonce,
        offline: pending.offline,
      },
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
      codeChallengeMethod: pending.codeChallengeMethod,
      expiresAt: store.now() + CODE_TTL_MS,
      redeemed: false,
      issued: [],
    });
    return { kind: 'redirect', location: withQuery(pending.redirectUri, { code, state: pending.state }) };
  }

  return { authorize, consent };
}
