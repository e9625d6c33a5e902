// A connector from its parts, with what every connector does the same way done once here: the
// `streams` filter of extract is checked (an unknown name throws) and handed over as the set of
// wanted streams, and an extract that wants none asks the provider nothing.
import { wantedStreams } from './streams';
import type { AccountRef, Connector, ConnectorContext, DateRange, StreamBatch } from './types';

export type ConnectorParts = Omit<Connector, 'extract'> & {
  /** Extract's work: request only what the `wanted` streams need (never empty). */
  extract(
    context: ConnectorContext,
    account: AccountRef,
    range: DateRange,
    wanted: ReadonlySet<string>,
  ): AsyncIterable<StreamBatch>;
};

export function defineConnector(parts: ConnectorParts): Connector {
  return {
    ...parts,
    async *extract(context, account, range, streams) {
      const wanted = wantedStreams(parts.streams, streams);
      if (wanted.size > 0) yield* parts.extract(context, account, range, wanted);
    },
  };
}
