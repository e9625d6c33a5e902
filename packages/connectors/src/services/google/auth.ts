// How every Google connector asks for consent: Google's OAuth 2.0 authorization code flow with
// PKCE, offline access (a refresh token) and the consent screen shown again on every connect, so
// that a reconnect always yields a new refresh token.
// https://developers.google.com/identity/protocols/oauth2/web-server
import type { ConnectorAuth } from '../../core/types';

export function googleOAuth(scope: string, kind: 'oauth2' | 'gcs_bucket' = 'oauth2'): ConnectorAuth {
  return {
    kind,
    provider: 'google',
    scopes: [scope],
    authorizeParams: { access_type: 'offline', prompt: 'consent' },
    pkce: true,
  };
}
