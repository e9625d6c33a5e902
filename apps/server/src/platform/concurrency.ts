/**
 * Runs `work` over `items`, at most `limit` at once, started in their order: the provider jobs'
 * quota guard (PAGESPEED_CONCURRENCY, DATAFORSEO_CONCURRENCY). `work` must not throw (the jobs
 * record failures themselves).
 */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
}
