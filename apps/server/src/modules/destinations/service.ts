import {
  DESTINATION_ADDRESS_NOT_ALLOWED,
  DESTINATION_CONNECTION_FAILED,
  DestinationsErrorType,
  can,
  formCredentials,
  type Destination,
  type DestinationCheckResponse,
  type DestinationLocation,
  type DestinationStatus,
  type OrganizationDestination,
} from '@maya/contracts';
import { isWarehouseError, type DestinationConfig } from '@maya/warehouse';
import type { FastifyBaseLogger } from 'fastify';
import { withOrganization } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import { createExpiringMap } from '../../platform/expiring-map';
import type { OrganizationAccess } from '../../platform/guards';
import type { Platform } from '../../platform/platform';
import { limitedAddress } from '../../platform/ratelimit/limiter';
import { destinationCatalog, findDestination, kindOf } from './catalog';
import { destinationsRepository as repo, type OrganizationDestinationRow } from './repository';
import { toWarehouseConfig } from './warehouse-config';

/** How long the connection check may take before the user is told it failed. */
export const CHECK_TIMEOUT_MS = 20_000;
/**
 * How long reports reuse an organization's destination settings once read. This process
 * forgets them when it changes them; another process may read the old ones this long, as its
 * report cache may show rows of another process's load (reports/cache.ts). A destination can
 * only change while no data source is connected, so there is little to read from either.
 */
export const READ_CONFIG_TTL_MS = 30_000;
const READ_CONFIGS_KEPT = 10_000;
/**
 * Connection attempts (saving on-premise settings, checking the stored ones) per organization
 * and per client address in a window: a person fixing a typo needs a few, a prober many.
 */
export const CONNECTION_ATTEMPTS = { perOrganization: 10, perAddress: 20, windowSeconds: 600 } as const;

export type DestinationsDeps = {
  platform: Pick<Platform, 'database' | 'vault' | 'rateLimiter'>;
  /** Whether the organization has a connected data source (sources). */
  hasSources: (organizationId: string) => Promise<boolean>;
  /**
   * Connects with the settings and checks a schema can be created; throws a WarehouseError
   * otherwise (`address_not_allowed` when the host is not one the server may reach).
   */
  checkDestination: (config: DestinationConfig, timeoutMs?: number) => Promise<unknown>;
};

/** Who asks for a connection: their address (rate limit) and the request's log (the failure's cause). */
export type ConnectingClient = { ip: string; log: Pick<FastifyBaseLogger, 'warn'> };

export type SaveDestinationInput = {
  destinationId: string;
  destinationName: string;
  credentials: Record<string, string>;
  location: DestinationLocation;
};

/** What is sealed: the form's values of the chosen destination. */
type SealedCredentials = { destinationId: string; credentials: Record<string, string> };

export type DestinationsService = ReturnType<typeof createDestinationsService>;

const noDestination = () =>
  new AppError(404, DestinationsErrorType.organizationDestinationNotFound, {
    message: 'Organization has no configured destination',
  });

function toResponse(row: OrganizationDestinationRow): OrganizationDestination {
  return {
    destination_id: row.destinationId,
    name: row.name,
    location: row.location,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function createDestinationsService(deps: DestinationsDeps) {
  const { db } = deps.platform.database;
  const { vault } = deps.platform;
  const sealContext = (organizationId: string) => `organization-destination:${organizationId}`;
  const readConfigs = createExpiringMap<{ config: DestinationConfig | null }>({
    ttlMs: READ_CONFIG_TTL_MS,
    maxEntries: READ_CONFIGS_KEPT,
  });
  // Bumped by each change: a read that began before a change must not keep what it read.
  const changes = new Map<string, number>();
  const forget = (organizationId: string) => {
    readConfigs.delete(organizationId);
    changes.set(organizationId, (changes.get(organizationId) ?? 0) + 1);
  };

  function destination(id: string): Destination {
    const found = findDestination(id);
    if (!found) throw new AppError(404, DestinationsErrorType.destinationNotFound, { destination: id });
    return found;
  }

  /** spec 002 §6: admins and owners, and only while no data source is connected (the wizard's guide). */
  async function status(access: OrganizationAccess): Promise<DestinationStatus> {
    if (!can(access, 'destinations.configure'))
      return { can_configure_destination: false, reason: 'admin_required' };
    if (await deps.hasSources(access.organizationId))
      return { can_configure_destination: false, reason: 'sources_connected' };
    return { can_configure_destination: true, reason: null };
  }

  async function requireCanConfigure(access: OrganizationAccess): Promise<void> {
    const { reason } = await status(access);
    if (reason === 'admin_required') throw new AppError(403, DestinationsErrorType.configurationForbidden);
    if (reason === 'sources_connected') throw new AppError(403, DestinationsErrorType.lockedBySources);
  }

  /** The stored row with its credentials opened (re-sealed with the current key when older). */
  async function stored(organizationId: string) {
    const row = await withOrganization(db, organizationId, (tx) => repo.find(tx));
    if (!row) return null;
    const opened = vault.open<SealedCredentials>(row.sealedCredentials, sealContext(organizationId));
    const resealed = vault.resealed(row.sealedCredentials, sealContext(organizationId));
    if (resealed)
      await withOrganization(db, organizationId, (tx) => repo.updateSealed(tx, organizationId, resealed));
    const kind = kindOf(destination(row.destinationId));
    if (!kind) throw new Error(`organization destination ${row.destinationId} is not an on-premise kind`);
    return { row, config: toWarehouseConfig(kind, opened.credentials, row.location) };
  }

  /** Counts a connection attempt; 429 once the organization or the address has made too many. */
  async function limitAttempts(organizationId: string, client: ConnectingClient): Promise<void> {
    const { perOrganization, perAddress, windowSeconds } = CONNECTION_ATTEMPTS;
    await deps.platform.rateLimiter.check([
      { key: `destination-connect:org:${organizationId}`, max: perOrganization, windowSeconds },
      { key: `destination-connect:ip:${limitedAddress(client.ip)}`, max: perAddress, windowSeconds },
    ]);
  }

  /**
   * Connects with the settings: null when that works, else what the user is told. A refused
   * address is said as such; every other failure gets the one message, its cause only logged.
   */
  async function check(
    organizationId: string,
    config: DestinationConfig,
    client: ConnectingClient,
  ): Promise<{ type: string; message: string } | null> {
    try {
      await deps.checkDestination(config, CHECK_TIMEOUT_MS);
      return null;
    } catch (error) {
      if (!isWarehouseError(error)) throw error;
      // The warehouse's message names host, port, user and database, never the password.
      client.log.warn(
        { organizationId, destination: config.kind, reason: error.type, detail: error.message },
        'destination connection check failed',
      );
      return error.type === 'address_not_allowed'
        ? { type: DestinationsErrorType.addressNotAllowed, message: DESTINATION_ADDRESS_NOT_ALLOWED }
        : { type: DestinationsErrorType.connectionFailed, message: DESTINATION_CONNECTION_FAILED };
    }
  }

  async function removeStored(organizationId: string): Promise<void> {
    await withOrganization(db, organizationId, (tx) => repo.remove(tx));
    forget(organizationId);
  }

  async function remove(access: OrganizationAccess): Promise<void> {
    await requireCanConfigure(access);
    await removeStored(access.organizationId);
  }

  return {
    list: (): readonly Destination[] => destinationCatalog,
    get: destination,
    status,
    remove,

    async organizationDestination(organizationId: string): Promise<OrganizationDestination> {
      const row = await withOrganization(db, organizationId, (tx) => repo.find(tx));
      if (!row) throw noDestination();
      return toResponse(row);
    },

    /**
     * spec 002 §7 create or update: a managed destination removes the organization's own (null);
     * an on-premise one is checked by connecting with its settings and saved only if that works.
     */
    async save(
      access: OrganizationAccess,
      userId: string,
      input: SaveDestinationInput,
      client: ConnectingClient,
    ): Promise<OrganizationDestination | null> {
      await requireCanConfigure(access);
      const chosen = destination(input.destinationId);
      const kind = kindOf(chosen);
      if (chosen.managed || !kind) {
        await removeStored(access.organizationId);
        return null;
      }
      const credentials = formCredentials(chosen.form, input.credentials);
      await limitAttempts(access.organizationId, client);
      const config = toWarehouseConfig(kind, credentials, input.location);
      const failure = await check(access.organizationId, config, client);
      if (failure !== null) throw new AppError(400, failure.type, { message: failure.message });
      const sealed: SealedCredentials = { destinationId: chosen.id, credentials };
      const row = await withOrganization(db, access.organizationId, (tx) =>
        repo.upsert(tx, {
          organizationId: access.organizationId,
          destinationId: chosen.id,
          name: input.destinationName,
          location: input.location,
          sealedCredentials: vault.seal(sealed, sealContext(access.organizationId)),
          updatedBy: userId,
        }),
      );
      forget(access.organizationId);
      return toResponse(row);
    },

    /** spec 002 §7 check organization external database: its stored settings, connected again. */
    async checkOrganization(
      organizationId: string,
      client: ConnectingClient,
    ): Promise<DestinationCheckResponse> {
      await limitAttempts(organizationId, client);
      const found = await stored(organizationId);
      if (!found) throw noDestination();
      const failure = await check(organizationId, found.config, client);
      return { reachable: failure === null, message: failure?.message ?? null };
    },

    /** The settings the ETL loads with: the organization's own database, or null for the managed default. */
    async warehouseConfig(organizationId: string): Promise<DestinationConfig | null> {
      return (await stored(organizationId))?.config ?? null;
    },

    /**
     * The same for reports, remembered READ_CONFIG_TTL_MS: every visual of a dashboard that
     * misses the result cache asks, and the lookup (a transaction) was a fifth of its time.
     */
    async readConfig(organizationId: string): Promise<DestinationConfig | null> {
      const known = readConfigs.get(organizationId);
      if (known !== undefined) return known.config;
      const before = changes.get(organizationId) ?? 0;
      const config = (await stored(organizationId))?.config ?? null;
      if ((changes.get(organizationId) ?? 0) === before) readConfigs.set(organizationId, { config });
      return config;
    },
  };
}
