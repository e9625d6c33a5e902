import {
  connectionAuthorization,
  exchangeCode,
  oauthClient,
  oauthEndpoints,
  type Credentials,
} from '@maya/connectors';
import { GOOGLE_PLAY_BUCKET_PATTERN, SourcesErrorType, type VerificationResult } from '@maya/contracts';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import { hashToken, newSecureToken } from '../../platform/secure-token';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import { asAppError } from './credentials';
import { redirectPathFor } from './catalog';
import { sourcesRepository as repo } from './repository';
import type { SourcesService } from './service';

const STATE_TTL_MS = 15 * 60_000;

/**
 * The OAuth connection of a service: start (state bound to user, organization and service; PKCE
 * where the provider takes it) and verify (the single-use state, the code exchanged, the account
 * tree listed with the new tokens and kept beside them for the account selection).
 */
export function createAuthorizationFlow(
  platform: Pick<Platform, 'database' | 'vault' | 'config'>,
  sources: SourcesService,
) {
  const { db } = platform.database;
  const { config, vault } = platform;
  const verifierContext = (organizationId: string, stateHash: string) =>
    `source-oauth-verifier:${organizationId}:${stateHash}`;

  function oauthOf(serviceKey: string, serviceUuid: string) {
    const { service, connector } = sources.serviceFor(serviceKey, serviceUuid);
    const auth = connector.auth;
    if (auth.kind !== 'oauth2' && auth.kind !== 'gcs_bucket') {
      throw new AppError(400, SourcesErrorType.wrongAuthKind, { auth_kind: service.auth_kind });
    }
    const client = oauthClient(auth.provider, config.connectors.clients);
    if (!client) throw new AppError(400, SourcesErrorType.serviceNotConfigured, { service: service.id });
    return {
      service,
      connector,
      auth,
      client,
      endpoints: oauthEndpoints(auth.provider, config.connectors.endpoints),
    };
  }

  return {
    async start(access: OrganizationAccess, userId: string, serviceKey: string, serviceUuid: string) {
      const { service, auth, client, endpoints } = oauthOf(serviceKey, serviceUuid);
      await sources.requireRoomFor(access, service);
      const { token: state, hash: stateHash } = newSecureToken();
      const redirectUri = `${config.appUrl}${redirectPathFor(service.id)}`;
      const { url, codeVerifier } = connectionAuthorization({
        auth,
        endpoints,
        clientId: client.clientId,
        redirectUri,
        state,
      });
      await withOrganization(db, access.organizationId, (tx) =>
        repo.insertState(tx, {
          stateHash,
          organizationId: access.organizationId,
          userId,
          serviceId: service.id,
          sealedVerifier: codeVerifier
            ? vault.seal(codeVerifier, verifierContext(access.organizationId, stateHash))
            : null,
          redirectUri,
          expiresAt: new Date(Date.now() + STATE_TTL_MS),
        }),
      );
      return url;
    },

    async verify(
      access: OrganizationAccess,
      userId: string,
      serviceKey: string,
      input: { serviceUuid: string; code: string; state: string; metadata?: Record<string, string> },
    ): Promise<VerificationResult> {
      const { service, connector, auth, client, endpoints } = oauthOf(serviceKey, input.serviceUuid);
      // Checked before the state is claimed: a mistyped bucket must not burn the authorization.
      let bucket: string | null = null;
      if (auth.kind === 'gcs_bucket') {
        bucket = input.metadata?.bucket?.trim() ?? '';
        if (!GOOGLE_PLAY_BUCKET_PATTERN.test(bucket)) throw new AppError(400, SourcesErrorType.invalidBucket);
      }
      const stateHash = hashToken(input.state);
      const state = await withOrganization(db, access.organizationId, (tx) => repo.claimState(tx, stateHash));
      // Another user's, organization's or service's state is as unknown as a forged one.
      if (!state || state.userId !== userId || state.serviceId !== service.id) {
        throw new AppError(400, SourcesErrorType.invalidState);
      }
      const verifier = state.sealedVerifier
        ? vault.open<string>(state.sealedVerifier, verifierContext(access.organizationId, stateHash))
        : null;
      let credentials: Credentials;
      try {
        const tokens = await exchangeCode({
          provider: auth.provider,
          endpoints,
          client,
          code: input.code,
          redirectUri: state.redirectUri,
          codeVerifier: verifier,
        });
        credentials = bucket ? { kind: 'gcs_bucket', tokens, bucket } : { kind: 'oauth2', tokens };
      } catch (error) {
        throw asAppError(error);
      }
      const accounts = await sources.listAccountsWith(connector, credentials);
      const credentialsId = await sources.saveVerified(access, userId, service.id, credentials, accounts);
      return {
        accounts,
        credentials_id: credentialsId,
        single_account: accounts.filter((a) => a.selectable).length === 1,
      };
    },
  };
}
