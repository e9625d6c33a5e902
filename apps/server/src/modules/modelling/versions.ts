// This process's view of each organization's model version (repository.ts): read from PostgreSQL
// once, then kept current by the NOTIFY every rebuild sends, whichever process rebuilt. Whoever
// caches what a version answered (the report cache) follows `onChange`.
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../../platform/db/pool';
import { withOrganization } from '../../platform/db/tenant';
import { listenTo, type PgListener } from '../../platform/pg-listen';
import { MODEL_VERSION_CHANNEL, modellingRepository as repo, type ModelState } from './repository';

/** An organization's model changed (its new version); `null`: any may have (notifications were lost). */
export type ModelChange = { organizationId: string; version: number } | null;
export type ModelChangeListener = (change: ModelChange) => void;

export type ModelVersions = ReturnType<typeof createModelVersions>;

function parsePayload(payload: string): { organizationId: string; version: number } | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const { organizationId, version } = value as Record<string, unknown>;
    if (typeof organizationId !== 'string' || typeof version !== 'number') return null;
    return { organizationId, version };
  } catch {
    return null;
  }
}

export function createModelVersions(deps: { db: Database; ownerUrl: string }) {
  // Known states; a read in flight is shared. A NOTIFY of a newer version drops the state (the
  // next read takes the new one, with its derived columns, from PostgreSQL).
  const states = new Map<string, Promise<ModelState>>();
  const known = new Map<string, number>();
  const listeners = new Set<ModelChangeListener>();
  let listener: PgListener | null = null;

  const tell = (change: ModelChange) => {
    for (const listen of listeners) listen(change);
  };

  /** A version seen (ours or another process's): newer ones retire what the older answered. */
  function saw(organizationId: string, version: number): void {
    if (version <= (known.get(organizationId) ?? -1)) return;
    known.set(organizationId, version);
    states.delete(organizationId);
    tell({ organizationId, version });
  }

  function state(organizationId: string): Promise<ModelState> {
    let current = states.get(organizationId);
    if (current === undefined) {
      current = withOrganization(deps.db, organizationId, (tx) => repo.read(tx)).then((read) => {
        // A NOTIFY of a newer one may have come while it was read: that one stands.
        if (read.version > (known.get(organizationId) ?? -1)) known.set(organizationId, read.version);
        return read;
      });
      const mine = current;
      states.set(organizationId, mine);
      mine.catch(() => {
        if (states.get(organizationId) === mine) states.delete(organizationId);
      });
    }
    return current;
  }

  return {
    state,
    version: async (organizationId: string) => (await state(organizationId)).version,
    saw,
    onChange: (listen: ModelChangeListener): (() => void) => {
      listeners.add(listen);
      return () => listeners.delete(listen);
    },

    /** Follows every process's rebuilds; each (re)connection forgets what may have been missed. */
    listen: async (log: Logger): Promise<void> => {
      if (listener !== null) return;
      listener = await listenTo({
        url: deps.ownerUrl,
        channel: MODEL_VERSION_CHANNEL,
        applicationName: 'maya-model-versions',
        log,
        onNotification: (payload) => {
          const change = parsePayload(payload);
          if (change !== null) saw(change.organizationId, change.version);
        },
        onListening: () => {
          states.clear();
          known.clear();
          tell(null);
        },
      });
    },

    close: async (): Promise<void> => {
      const last = listener;
      listener = null;
      await last?.close();
    },
  };
}
