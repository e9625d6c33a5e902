import { WarehouseError } from './errors';
import { createSerialQueue } from './serial-queue';

/** Why a query's signal was aborted: its time limit, or the warehouse closing. */
export type AbortReason = 'timeout' | 'closed';

/**
 * The handle life of an adapter over a remote engine (BigQuery, Databricks): calls are refused
 * once closed; writes run one at a time (a handle's DDL on a table never races itself); queries
 * get a signal aborted at their time limit or when the handle closes; `close` aborts the
 * queries and waits for everything else.
 */
export type RemoteLifecycle = {
  read<T>(task: () => Promise<T>): Promise<T>;
  write<T>(task: () => Promise<T>): Promise<T>;
  abortable<T>(
    timeoutMs: number,
    task: (signal: AbortSignal) => Promise<T>,
    onError: (error: unknown, aborted: AbortReason | null) => WarehouseError,
  ): Promise<T>;
  close(): Promise<void>;
};

export function createRemoteLifecycle(): RemoteLifecycle {
  const writes = createSerialQueue();
  const running = new Set<Promise<unknown>>();
  const aborters = new Set<(why: AbortReason) => void>();
  let closed = false;

  function read<T>(task: () => Promise<T>): Promise<T> {
    if (closed) return Promise.reject(new WarehouseError('engine_error', 'the warehouse is closed'));
    const promise = task();
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => undefined);
    return promise;
  }

  async function abortable<T>(
    timeoutMs: number,
    task: (signal: AbortSignal) => Promise<T>,
    onError: (error: unknown, aborted: AbortReason | null) => WarehouseError,
  ): Promise<T> {
    const controller = new AbortController();
    let aborted: AbortReason | null = null;
    const abort = (why: AbortReason) => {
      aborted ??= why;
      controller.abort(new Error(`aborted: ${why}`));
    };
    const timer = setTimeout(() => abort('timeout'), timeoutMs);
    aborters.add(abort);
    try {
      return await task(controller.signal);
    } catch (error) {
      throw onError(error, aborted);
    } finally {
      clearTimeout(timer);
      aborters.delete(abort);
    }
  }

  return {
    read,
    write: (task) => read(() => writes.run(task)),
    abortable: (timeoutMs, task, onError) => read(() => abortable(timeoutMs, task, onError)),
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const abort of aborters) abort('closed');
      await Promise.allSettled([...running]);
    },
  };
}
