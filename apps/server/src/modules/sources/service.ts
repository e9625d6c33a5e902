import { findService, type AccountIdentity, type Connector, type Credentials } from '@maya/connectors';
import {
  SourcesErrorType,
  overlappedProperties,
  type Entitlements,
  withinLimit,
  type SelectableAccount,
  type Service,
  type ServiceAccount,
} from '@maya/contracts';
import { lockOrganization, withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import { planLimitReached, type BillingService } from '../billing';
import { asAppError, createCredentialsStore } from './credentials';
import { connectorOf } from './catalog';
import { sourcesRepository as repo, type ServiceAccountRow } from './repository';

/** The queue of first loads; the ETL module works it (issue 5). */
export const FIRST_LOAD_QUEUE = 'sources.first-load';
export type FirstLoadJob = { organizationId: string; serviceAccountId: string };

export type SourcesDeps = {
  platform: Pick<Platform, 'database' | 'vault' | 'config' | 'jobs'>;
  billing: Pick<BillingService, 'entitlements'>;
  /** How a connector waits between a provider's polls and retries (tests: no real waiting). */
  sleep?: (ms: number) => Promise<void>;
};

/** The accounts an organization has, by service: what the plan's accounts and integrations count. */
type Connected = readonly { serviceId: string; identifier: string }[];

/**
 * Whether the plan leaves room for these accounts of the service (spec 001 §2, issue 27): the
 * accounts limit counts accounts, the integrations limit the services they belong to; a
 * reconnected account is not a new one.
 */
function checkRoom(
  plan: Entitlements,
  connected: Connected,
  serviceId: string,
  /** The accounts to connect; null before they are known (one more is asked for). */
  identifiers: readonly string[] | null,
) {
  const services = new Set(connected.map((account) => account.serviceId));
  if (!services.has(serviceId) && !withinLimit(plan.integrations, services.size))
    throw planLimitReached('integrations');
  const known = new Set(connected.map((account) => `${account.serviceId}:${account.identifier}`));
  const adding =
    identifiers === null ? 1 : new Set(identifiers.filter((id) => !known.has(`${serviceId}:${id}`))).size;
  if (!withinLimit(plan.accounts, connected.length, adding)) throw planLimitReached('accounts');
}

/** The lock under which an organization's accounts are counted and connected. */
const ACCOUNTS_LOCK = 'source-accounts';

export type SourcesService = ReturnType<typeof createSourcesService>;

export function toServiceAccount(row: ServiceAccountRow): ServiceAccount {
  const service = findService(row.serviceId);
  return {
    uuid: row.id,
    identifier: row.identifier,
    name: row.name,
    id_label: row.idLabel,
    service: row.serviceId,
    service_uuid: service?.uuid ?? '00000000-0000-4000-8000-000000000000',
    sync_status: row.syncStatus,
    sync_error: row.syncError,
    connected_at: row.connectedAt.toISOString(),
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    needs_reconnect: row.needsReconnect,
    backfill_percent: row.backfillPercent,
    time_zone: row.timeZone,
    organization_id: row.organizationId,
  };
}

export function createSourcesService(deps: SourcesDeps) {
  const { database, jobs } = deps.platform;
  const db = database.db;
  const credentials = createCredentialsStore({
    db,
    vault: deps.platform.vault,
    config: deps.platform.config,
    sleep: deps.sleep,
  });

  /**
   * Before an authorization or a setup starts: the demo organization takes no accounts, and the
   * plan must leave room for one more account of the service. `connect` checks again, counting.
   */
  async function requireRoomFor(access: OrganizationAccess, service: Service): Promise<void> {
    if (access.isDemo) throw new AppError(403, SourcesErrorType.accountLimitReached);
    const [plan, connected] = await Promise.all([
      deps.billing.entitlements(access.organizationId),
      withOrganization(db, access.organizationId, (tx) => repo.listAccounts(tx)),
    ]);
    checkRoom(plan, connected, service.id, null);
  }

  /** The service named by the path (id or uuid) and body (uuid), which must agree. */
  function serviceFor(key: string, serviceUuid?: string): { service: Service; connector: Connector } {
    const service = findService(key);
    if (!service || (serviceUuid && service.uuid !== serviceUuid)) {
      throw new AppError(404, SourcesErrorType.serviceNotFound);
    }
    return { service, connector: connectorOf(service) };
  }

  async function listAccountsWith(
    connector: Connector,
    credentialsValue: Credentials,
  ): Promise<SelectableAccount[]> {
    try {
      return await connector.listAccounts(credentials.contextForCredentials(connector, credentialsValue));
    } catch (error) {
      throw asAppError(error);
    }
  }

  /** Connects chosen accounts of verified credentials and queues each one's first load. */
  async function connect(
    access: OrganizationAccess,
    userId: string,
    credentialsId: string,
    identifiers: string[],
  ): Promise<ServiceAccount[]> {
    if (access.isDemo) throw new AppError(403, SourcesErrorType.accountLimitReached);
    const plan = await deps.billing.entitlements(access.organizationId);
    return connectChosen(access.organizationId, userId, credentialsId, identifiers, plan);
  }

  /** `userId` null: the product connects them itself (connectForProduct). */
  async function connectChosen(
    organizationId: string,
    userId: string | null,
    credentialsId: string,
    identifiers: string[],
    plan: Entitlements | null = null,
  ): Promise<ServiceAccount[]> {
    if (identifiers.length === 0) throw new AppError(400, SourcesErrorType.noAccountsSelected);
    const connected = await withOrganization(db, organizationId, async (tx) => {
      // Counted and connected under one lock: two connections racing for the plan's last
      // account cannot both take it.
      if (plan !== null) await lockOrganization(tx, ACCOUNTS_LOCK, organizationId);
      const row = await repo.findCredentials(tx, credentialsId);
      if (!row || (row.pendingUntil && row.pendingUntil < new Date())) {
        throw new AppError(404, SourcesErrorType.credentialsNotFound);
      }
      const offered = new Map(row.accounts.filter((a) => a.selectable).map((a) => [a.identifier, a]));
      const unknown = identifiers.filter((id) => !offered.has(id));
      if (unknown.length > 0) throw new AppError(400, SourcesErrorType.unknownAccount, { accounts: unknown });
      if (row.serviceId === 'google_search_console') {
        const overlapped = overlappedProperties(identifiers, identifiers);
        if (overlapped.size > 0) {
          throw new AppError(400, SourcesErrorType.overlappingProperties, { accounts: [...overlapped] });
        }
      }
      if (plan !== null) checkRoom(plan, await repo.listAccounts(tx), row.serviceId, identifiers);
      const chosen = [...new Set(identifiers)].flatMap((id) => offered.get(id) ?? []);
      const rows = await repo.upsertAccounts(
        tx,
        chosen.map((account) => ({
          organizationId,
          serviceId: row.serviceId,
          identifier: account.identifier,
          name: account.name,
          idLabel: account.id_label,
          parentId: account.parent_id,
          metadata: {},
          timeZone: account.metadata.time_zone ?? null,
          credentialsId: row.id,
          connectedBy: userId,
        })),
      );
      await repo.markCredentialsUsed(tx, row.id);
      await repo.deleteOrphanCredentials(tx);
      return rows;
    });
    for (const row of connected) {
      const job: FirstLoadJob = { organizationId, serviceAccountId: row.id };
      // Grouped by organization: one of its first loads at a time, beside other organizations'.
      const jobId = await jobs.boss.send(FIRST_LOAD_QUEUE, job, {
        singletonKey: row.id,
        retryLimit: 3,
        group: { id: organizationId },
      });
      if (jobId) await withOrganization(db, organizationId, (tx) => repo.setLoadJob(tx, row.id, jobId));
    }
    return connected.map(toServiceAccount);
  }

  return {
    credentials,
    serviceFor,
    requireRoomFor,
    listAccountsWith,
    connect,

    /**
     * What a load of one connected account needs: the account, its connector and a context whose
     * refreshed tokens are sealed back. Null when the account was deleted meanwhile.
     */
    async loadTarget(organizationId: string, serviceAccountId: string) {
      const row = await withOrganization(db, organizationId, (tx) => repo.findAccount(tx, serviceAccountId));
      if (!row) return null;
      const { connector } = serviceFor(row.serviceId);
      const context = await credentials.contextFor(organizationId, row.credentialsId, connector);
      // The account's zone reaches the load as `metadata.time_zone` (decision 532).
      const metadata = row.timeZone === null ? row.metadata : { ...row.metadata, time_zone: row.timeZone };
      const account = { identifier: row.identifier, parent_id: row.parentId, metadata };
      return { row, connector, context, account };
    },

    /** How much of the account's older history is loaded (null: none is due any more). */
    async reportBackfill(
      organizationId: string,
      serviceAccountId: string,
      percent: number | null,
    ): Promise<void> {
      const backfillPercent = percent === null ? null : Math.max(0, Math.min(99, Math.floor(percent)));
      await withOrganization(db, organizationId, (tx) =>
        repo.setSync(tx, serviceAccountId, { backfillPercent }),
      );
    },

    /**
     * A load's progress for one account (spec 001 §3 sync_status). `failed` keeps the error shown
     * on the sources page; `reconnect` flags a revoked grant; `finished` clears the error.
     */
    async reportSync(
      organizationId: string,
      serviceAccountId: string,
      outcome:
        | { status: 'pending' | 'running' }
        | { status: 'finished'; syncedAt: Date }
        | { status: 'failed'; error: string; reconnect: boolean },
    ): Promise<ServiceAccount | null> {
      const values =
        outcome.status === 'failed'
          ? { syncStatus: outcome.status, syncError: outcome.error, needsReconnect: outcome.reconnect }
          : outcome.status === 'finished'
            ? {
                syncStatus: outcome.status,
                syncError: null,
                needsReconnect: false,
                lastSyncedAt: outcome.syncedAt,
              }
            : { syncStatus: outcome.status };
      const row = await withOrganization(db, organizationId, (tx) =>
        repo.setSync(tx, serviceAccountId, values),
      );
      return row ? toServiceAccount(row) : null;
    },

    /**
     * Renames a connected account to the identity its provider's current API gives it (Apple's
     * v5 org id to its ad account, decision 522). The loads' warehouse rows were re-keyed first;
     * an account already connected under the new identifier is refused, not merged.
     */
    async renameAccount(
      organizationId: string,
      serviceAccountId: string,
      identity: AccountIdentity,
    ): Promise<ServiceAccount | null> {
      const row = await withOrganization(db, organizationId, async (tx) => {
        const rows = await repo.listAccounts(tx);
        const own = rows.find((r) => r.id === serviceAccountId);
        const taken = rows.find(
          (r) =>
            r.id !== serviceAccountId &&
            r.serviceId === own?.serviceId &&
            r.identifier === identity.identifier,
        );
        if (taken) {
          throw new Error(`account ${serviceAccountId} is already connected as ${identity.identifier}`);
        }
        return repo.renameAccount(tx, serviceAccountId, {
          identifier: identity.identifier,
          idLabel: identity.id_label,
          name: identity.name,
        });
      });
      return row ? toServiceAccount(row) : null;
    },

    /** An account connected before zones were asked for: the zone its provider names (decision 734). */
    async learnTimeZone(organizationId: string, serviceAccountId: string, timeZone: string): Promise<void> {
      await withOrganization(db, organizationId, (tx) => repo.learnTimeZone(tx, serviceAccountId, timeZone));
    },

    async list(organizationId: string): Promise<ServiceAccount[]> {
      const rows = await withOrganization(db, organizationId, (tx) => repo.listAccounts(tx));
      return rows.map(toServiceAccount);
    },

    /**
     * The accounts, each with its first-load job while that load has not ended (decision 814):
     * pg-boss may still show the job active a moment after its load ended, as it completes a job
     * once the handler returns.
     */
    async listWithFirstLoads(
      organizationId: string,
    ): Promise<{ account: ServiceAccount; firstLoadJob: string | null }[]> {
      const rows = await withOrganization(db, organizationId, (tx) => repo.listAccounts(tx));
      return rows.map((row) => ({ account: toServiceAccount(row), firstLoadJob: row.loadJobId }));
    },

    /** A first load's outcome is final (finished, or failed with no attempt left). */
    async endFirstLoad(organizationId: string, serviceAccountId: string, jobId: string): Promise<void> {
      await withOrganization(db, organizationId, (tx) => repo.endLoadJob(tx, serviceAccountId, jobId));
    },

    /** The sidebar's warnings: failed accounts and those whose grant was revoked. */
    async warnings(organizationId: string): Promise<string[]> {
      const rows = await withOrganization(db, organizationId, (tx) => repo.listAccounts(tx));
      return rows.filter((r) => r.syncStatus === 'failed' || r.needsReconnect).map((r) => r.id);
    },

    /**
     * Deletes the account: its queued load is cancelled and credentials no account uses are
     * dropped. Data already loaded stays in the warehouse until the next load rebuilds the models
     * without it (docs/decisions.md).
     */
    async remove(access: OrganizationAccess, id: string): Promise<void> {
      if (access.isDemo) throw new AppError(403, SourcesErrorType.accountLimitReached);
      const row = await withOrganization(db, access.organizationId, async (tx) => {
        const deleted = await repo.deleteAccount(tx, id);
        if (deleted) await repo.deleteOrphanCredentials(tx);
        return deleted;
      });
      if (!row) throw new AppError(404, SourcesErrorType.serviceAccountNotFound);
      if (row.loadJobId) await jobs.boss.cancel(FIRST_LOAD_QUEUE, row.loadJobId).catch(() => undefined);
    },

    /**
     * Connects accounts with no user behind them: the demo organization's sample accounts (the
     * demo module). The credentials are sealed with the accounts they listed and the chosen ones
     * connected and first loaded as a user's are; the plan's account limit, which is what keeps
     * users from adding accounts to a demo, is not asked.
     */
    async connectForProduct(
      organizationId: string,
      input: {
        serviceId: string;
        credentials: Credentials;
        accounts: SelectableAccount[];
        identifiers: string[];
      },
    ): Promise<ServiceAccount[]> {
      const credentialsId = await credentials.save(organizationId, {
        serviceId: input.serviceId,
        credentials: input.credentials,
        accounts: input.accounts,
        userId: null,
      });
      return connectChosen(organizationId, null, credentialsId, input.identifiers);
    },

    async saveVerified(
      access: OrganizationAccess,
      userId: string,
      serviceId: string,
      value: Credentials,
      accounts: SelectableAccount[],
    ): Promise<string> {
      return credentials.save(access.organizationId, { serviceId, credentials: value, accounts, userId });
    },
  };
}
