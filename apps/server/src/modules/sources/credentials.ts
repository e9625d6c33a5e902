import { randomUUID } from 'node:crypto';
import {
  connectorContext,
  ProviderError,
  type Connector,
  type ConnectorContext,
  type Credentials,
} from '@maya/connectors';
import { SourcesErrorType, type SelectableAccount } from '@maya/contracts';
import type { Config } from '../../platform/config';
import { withOrganization } from '../../platform/db/tenant';
import type { Database } from '../../platform/db/pool';
import { AppError } from '../../platform/errors';
import type { Vault } from '../../platform/vault';
import { sourcesRepository as repo } from './repository';

/** Unused verifications are kept this long, for the user to pick accounts on integrations/add. */
const PENDING_MS = 60 * 60_000;

export type CredentialsStore = ReturnType<typeof createCredentialsStore>;

/**
 * Sealed source credentials: stored by the vault bound to their organization and row, opened only
 * to build a connector context, and re-sealed when a provider hands out refreshed tokens.
 */
export function createCredentialsStore(deps: {
  db: Database;
  vault: Vault;
  config: Config;
  /** The connectors' waits between polls and retries; real time by default. */
  sleep?: (ms: number) => Promise<void>;
}) {
  const { db, vault } = deps;
  const context = (organizationId: string, id: string) => `source-credentials:${organizationId}:${id}`;

  return {
    /** Stores credentials with the accounts they can reach; pending until an account is connected. */
    async save(
      organizationId: string,
      input: {
        serviceId: string;
        credentials: Credentials;
        accounts: SelectableAccount[];
        /** null: saved by the product itself (the demo organization's accounts). */
        userId: string | null;
      },
    ): Promise<string> {
      const id = randomUUID();
      await withOrganization(db, organizationId, (tx) =>
        repo.insertCredentials(tx, {
          id,
          organizationId,
          serviceId: input.serviceId,
          sealed: vault.seal(input.credentials, context(organizationId, id)),
          accounts: input.accounts,
          createdBy: input.userId,
          pendingUntil: new Date(Date.now() + PENDING_MS),
        }),
      );
      return id;
    },

    /** A connector context for stored credentials; refreshed tokens are sealed back in place. */
    async contextFor(
      organizationId: string,
      credentialsId: string,
      connector: Connector,
    ): Promise<ConnectorContext> {
      const row = await withOrganization(db, organizationId, (tx) => repo.findCredentials(tx, credentialsId));
      if (!row) throw new AppError(404, SourcesErrorType.credentialsNotFound);
      const credentials = vault.open<Credentials>(row.sealed, context(organizationId, row.id));
      // Key rotation: credentials sealed with an older key are sealed again with the current one on use.
      const resealed = vault.resealed(row.sealed, context(organizationId, row.id));
      if (resealed)
        await withOrganization(db, organizationId, (tx) => repo.updateSealed(tx, row.id, resealed));
      return this.contextForCredentials(connector, credentials, async (next) => {
        await withOrganization(db, organizationId, (tx) =>
          repo.updateSealed(tx, row.id, vault.seal(next, context(organizationId, row.id))),
        );
      });
    },

    contextForCredentials(
      connector: Connector,
      credentials: Credentials,
      store: (next: Credentials) => Promise<void> = async () => {},
    ): ConnectorContext {
      try {
        return connectorContext({
          connector,
          endpoints: deps.config.connectors.endpoints,
          clients: deps.config.connectors.clients,
          credentials,
          sleep: deps.sleep,
          onTokens: async (tokens) => {
            if (credentials.kind === 'oauth2' || credentials.kind === 'gcs_bucket') {
              credentials = { ...credentials, tokens };
              await store(credentials);
            }
          },
        });
      } catch (error) {
        throw asAppError(error);
      }
    },
  };
}

/** A provider's refusal as the API's error: `Error {status}: {detail}` on the web. */
export function asAppError(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  if (error.status === 0 && error.kind === 'provider') {
    return new AppError(400, SourcesErrorType.serviceNotConfigured, { message: error.message });
  }
  return new AppError(400, SourcesErrorType.providerError, {
    provider: error.provider,
    provider_status: error.status,
    kind: error.kind,
    message: error.message,
  });
}
