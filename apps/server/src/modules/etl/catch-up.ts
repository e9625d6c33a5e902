// Brings one account up to date: every stream loaded from the day after its last fully loaded
// day (minus the look-back) up to yesterday in the account's time zone, or over the first-load
// range when it was never loaded, in chunks, each chunk's days recorded once its tables are in.
import type { AccountRef, Connector, ConnectorContext, DateRange, StreamSchema } from '@maya/connectors';
import { addDays, dayInTimeZone } from '@maya/contracts';
import { withOrganization } from '../../platform/db/tenant';
import { migrateConnectedAccount } from './account-migration';
import type { EtlDeps } from './deps';
import { loadAccount } from './load-account';
import { firstLoadRange } from './outcome';
import { accountTimeZone, gapRange, GAP_CHUNK_DAYS, planLoads, rereadDays, yesterdayIn } from './ranges';
import { etlRepository as repo } from './repository';

export type CatchUpInput = {
  organizationId: string;
  serviceAccountId: string;
  connector: Connector;
  context: ConnectorContext;
  account: AccountRef;
  /** When the account last finished a load before its streams' days were recorded (older loads). */
  lastSyncedAt: Date | null;
  /** Days re-read before the day after the last loaded one (the provider's restatement window). */
  lookbackDays: number;
  now: Date;
  signal: AbortSignal;
};

/** What one catch-up loaded: each load's range and streams, oldest first. */
export type CatchUpResult = { loads: { range: DateRange; streams: string[] }[]; timeZone: string };

/** A stream's range, and how many days one load of it may take (first loads are one load). */
type StreamRange = { range: DateRange; chunkDays: number };

export async function catchUp(
  deps: Pick<EtlDeps, 'platform' | 'historyYears' | 'modelling' | 'sources'>,
  input: CatchUpInput,
): Promise<CatchUpResult> {
  const { organizationId, serviceAccountId, connector } = input;
  const db = deps.platform.database.db;
  const timeZone = accountTimeZone(input.account.metadata);
  const loaded = await withOrganization(db, organizationId, (tx) => repo.streamDays(tx, serviceAccountId));
  // Loads before the days were recorded ran up to the day before their own (yesterday then).
  const legacy = input.lastSyncedAt ? addDays(dayInTimeZone(input.lastSyncedAt, timeZone), -1) : null;
  const first = firstLoadRange(
    await deps.historyYears(organizationId),
    input.now,
    deps.platform.config.firstLoadMaxDays,
    timeZone,
  );

  const yesterday = yesterdayIn(timeZone, input.now);
  /** The streams this catch-up reads as far as a deep re-check does (first loads too). */
  const deep: string[] = [];
  const rangeOf = (stream: StreamSchema): StreamRange | null => {
    const recorded = loaded.get(stream.name);
    const lastLoadedDay = recorded?.day ?? legacy;
    if (lastLoadedDay === null) {
      deep.push(stream.name);
      return { range: first, chunkDays: Number.POSITIVE_INFINITY };
    }
    const reread = rereadDays({
      lookbackDays: input.lookbackDays,
      deepCheckedDay: recorded?.deepCheckedDay ?? null,
      yesterday,
    });
    if (reread.deep) deep.push(stream.name);
    const range = gapRange({
      lastLoadedDay,
      lookbackDays: reread.days,
      timeZone,
      now: input.now,
      earliest: first.from,
    });
    return range && { range, chunkDays: GAP_CHUNK_DAYS };
  };
  const plan = planLoads(connector.streams, rangeOf);
  // A provider that renamed its accounts (Apple's v5 org ids) re-keys the rows before any load.
  const account = await deps.modelling.withWarehouse(organizationId, (warehouse) =>
    migrateConnectedAccount({
      sources: deps.sources,
      organizationId,
      serviceAccountId,
      warehouse,
      target: { connector, context: input.context, account: input.account },
      signal: input.signal,
    }),
  );

  for (const step of plan) {
    input.signal.throwIfAborted();
    await deps.modelling.withWarehouse(organizationId, (warehouse) =>
      loadAccount({
        warehouse,
        connector,
        context: { ...input.context, signal: input.signal },
        account,
        range: step.range,
        streams: step.streams,
        signal: input.signal,
      }),
    );
    await withOrganization(db, organizationId, (tx) =>
      repo.recordStreamDays(tx, {
        organizationId,
        serviceAccountId,
        streams: step.streams,
        day: step.range.to,
        timeZone,
      }),
    );
  }
  // Recorded once every load is in: an interrupted deep re-check is redone by the next load.
  await withOrganization(db, organizationId, (tx) =>
    repo.recordDeepCheck(tx, { serviceAccountId, streams: deep, day: yesterday }),
  );
  return { loads: plan, timeZone };
}
