// What a connector extracted, and what it asked its provider for: for connector tests.
import type { Row, StreamBatch } from '../core/types';

export type Extracted = {
  /** The rows of each stream that had any, in arrival order. */
  streams: Record<string, Row[]>;
  batches: number;
};

/** Reads an extraction to its end; an empty batch (a connector never yields one) throws. */
export async function drain(batches: AsyncIterable<StreamBatch>): Promise<Extracted> {
  const streams: Record<string, Row[]> = {};
  let count = 0;
  for await (const batch of batches) {
    if (batch.rows.length === 0) throw new Error(`An empty batch of ${batch.stream}`);
    count++;
    (streams[batch.stream] ??= []).push(...batch.rows);
  }
  return { streams, batches: count };
}

/** Rows as sorted JSON lines: an order-free comparison without a quadratic deep-equal. */
export function sortedRows(rows: readonly Row[]): string[] {
  return rows.map((row) => JSON.stringify(row)).sort();
}

export type RecordedRequest = { method: string; url: URL; body: string };

/** A fetch that remembers every request it sends on. */
export function recordingFetch(): { fetch: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const recording: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    requests.push({ method, url, body: typeof init?.body === 'string' ? init.body : '' });
    return fetch(input, init);
  };
  return { fetch: recording, requests };
}

/** A fetch that calls the provider at another API version: `/{current}/` in the path becomes `/{other}/`. */
export function versionFetch(current: string, other: string): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    url.pathname = url.pathname.replace(`/${current}/`, `/${other}/`);
    return fetch(url, init);
  };
}
