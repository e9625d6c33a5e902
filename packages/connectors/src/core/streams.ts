// The `streams` filter of Connector.extract: which of its streams a load asked for. A connector
// requests only what those streams need from its provider; streams left out are never fetched.
import type { StreamSchema } from './types';

/**
 * The names of the streams to extract: all of `all` without a filter, otherwise the filter's
 * names. A name the connector does not produce is a caller's mistake and throws a RangeError
 * (rather than quietly loading nothing).
 */
export function wantedStreams(
  all: readonly StreamSchema[],
  streams?: readonly string[],
): ReadonlySet<string> {
  if (streams === undefined) return new Set(all.map((stream) => stream.name));
  const unknown = streams.filter((name) => !all.some((stream) => stream.name === name));
  if (unknown.length > 0) {
    throw new RangeError(
      `No such stream: ${unknown.join(', ')} (the streams are ${all.map((s) => s.name).join(', ')})`,
    );
  }
  return new Set(streams);
}
