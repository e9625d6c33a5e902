/** Runs async tasks one at a time, in call order; a failed task does not stop the queue. */
export type SerialQueue = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves when every task queued so far has settled. */
  idle(): Promise<void>;
};

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task, task);
      tail = result.catch(() => undefined);
      return result;
    },
    async idle(): Promise<void> {
      await tail;
    },
  };
}
