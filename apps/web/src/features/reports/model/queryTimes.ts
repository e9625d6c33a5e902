/**
 * How long each visual's last request took in this tab, by its query key: the testing panel
 * shows them beside each visual. Bounded: the oldest goes first.
 */
const KEPT = 200;
const times = new Map<string, { ms: number; at: number }>();

export function recordQueryTime(key: readonly unknown[], ms: number): void {
  const id = JSON.stringify(key);
  times.delete(id);
  if (times.size >= KEPT) {
    const oldest = times.keys().next();
    if (oldest.done !== true) times.delete(oldest.value);
  }
  times.set(id, { ms, at: Date.now() });
}

export function queryTime(key: readonly unknown[]): number | null {
  return times.get(JSON.stringify(key))?.ms ?? null;
}
