// Brings one account up to date: every stream loaded from the day after its last fully loaded
// day (minus the look-back) up to yesterday in the account's time zone, or over the first-load
// range's recent days when it was never loaded (the older history follows, backfill.ts), in
// chunks, each chunk's days recorded once its tables are in.
import type { AccountRef, Connector, ConnectorContext, DateRange, StreamSchema } from '@maya/connectors';
import { addDays, dayInTimeZone } from '@maya/contracts';
import { withOrganization } from '../../platform/db/tenant';
import { migrateConnectedAccount } from './account-migration';
import { withAccountTimeZone } from './account-zone';
import type { EtlDeps } from './deps';
import { loadAccount } from './load-account';
import { firstLoadRange } from './outcome';
import {
  accountTimeZone,
  backfillPercent,
  gapRange,
  GAP_CHUNK_DAYS,
  isDated,
  latestDay,
  planLoads,
  RECENT_FIRST_DAYS,
  rereadDays,
  splitFirstLoad,
  yesterdayIn,
} from './ranges';
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

/**
 * What one catch-up loaded: each load's range and streams, oldest first; and how much of the
 * history is in when older days are still due (`backfill`, 0 to 99; null when none are).
 */
export type CatchUpResult = {
  loads: { range: DateRange; streams: string[] }[];
  timeZone: string;
  backfill: number | null;
};

/** A stream's range, and how many days one load of it may take (first loads are one load). */
type StreamRange = { range: DateRange; chunkDays: number };

export async function catchUp(
  deps: Pick<EtlDeps, 'platform' | 'historyYears' | 'modelling' | 'sources' | 'log'>,
  input: CatchUpInput,
): Promise<CatchUpResult> {
  const { organizationId, serviceAccountId, connector } = input;
  const db = deps.platform.database.db;
  // A provider that renamed its accounts (Apple's v5 org ids) re-keys the rows before any load.
  const renamed = await deps.modelling.withWarehouse(organizationId, (warehouse) =>
    migrateConnectedAccount({
      sources: deps.sources,
      organizationId,
      serviceAccountId,
      warehouse,
      target: { connector, context: input.context, account: input.account },
      signal: input.signal,
    }),
  );
  // An account connected before zones were asked for learns its zone (under its current identifier).
  const account = await withAccountTimeZone({
    sources: deps.sources,
    organizationId,
    serviceAccountId,
    target: { connector, context: input.context, account: renamed },
    signal: input.signal,
    onFailure: (error) =>
      deps.log?.warn?.(
        { organizationId, serviceAccountId, err: error },
        'the account time zone could not be read; the load counts days in UTC',
      ),
  });
  const timeZone = accountTimeZone(account.metadata);
  const loaded = await withOrganization(db, organizationId, (tx) => repo.streamDays(tx, serviceAccountId));
  // Loads before the days were recorded ran up to the day before their own (yesterday then).
  const legacy = input.lastSyncedAt ? addDays(dayInTimeZone(input.lastSyncedAt, timeZone), -1) : null;
  const first = firstLoadRange(
    await deps.historyYears(organizationId),
    input.now,
    deps.platform.config.firstLoadMaxDays,
    timeZone,
  );

  // Streams never loaded take their recent days now, their older history after (decision 660).
  const { recent, older } = splitFirstLoad(first, RECENT_FIRST_DAYS);
  const fresh = new Set<string>();
  const yesterday = yesterdayIn(timeZone, input.now);
  /** The streams this catch-up reads as far as a deep re-check does (first loads too). */
  const deep: string[] = [];
  // (A snapshot stream, without days, is replaced whole by any load of it.)
  const rangeOf = (stream: StreamSchema): StreamRange | null => {
    const recorded = loaded.get(stream.name);
    const lastLoadedDay = recorded?.day ?? legacy;
    if (lastLoadedDay === null) {
      fresh.add(stream.name);
      deep.push(stream.name);
      return { range: recent, chunkDays: Number.POSITIVE_INFINITY };
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
  const dated = new Set(connector.streams.filter(isDated).map((s) => s.name));

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
    const record = { organizationId, serviceAccountId, day: step.range.to, timeZone };
    await withOrganization(db, organizationId, async (tx) => {
      const firstTime = older === null ? [] : step.streams.filter((s) => fresh.has(s) && dated.has(s));
      await repo.recordStreamDays(tx, {
        ...record,
        streams: step.streams.filter((s) => !firstTime.includes(s)),
      });
      await repo.recordStreamDays(tx, { ...record, streams: firstTime, historyFrom: recent.from });
    });
  }
  // Recorded once every load is in: an interrupted deep re-check is redone by the next load.
  await withOrganization(db, organizationId, (tx) =>
    repo.recordDeepCheck(tx, { serviceAccountId, streams: deep, day: yesterday }),
  );
  const due = await withOrganization(db, organizationId, (tx) => repo.historyFrom(tx, serviceAccountId));
  return { loads: plan, timeZone, backfill: backfillPercent(first, latestDay(due)) };
}
