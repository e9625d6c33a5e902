/**
 * A bounded in-process map whose entries expire: for answers worth remembering a while (a
 * verified token until it expires, the guard's answer, a destination's settings). When full,
 * the oldest entry goes first. Per process by design (DESIGN.md: per-process caches that may
 * be cold); each user says how stale another process may leave an entry.
 */
export type ExpiringMap<V> = {
  /** The value, unless missing or expired. */
  get(key: string): V | undefined;
  /** Keeps `value` until `expiresAt` (ms since the epoch), by default the map's time to live from now. */
  set(key: string, value: V, expiresAt?: number): void;
  delete(key: string): void;
};

export function createExpiringMap<V>(options: { ttlMs: number; maxEntries: number }): ExpiringMap<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (Date.now() < entry.expiresAt) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, expiresAt = Date.now() + options.ttlMs) {
      entries.delete(key);
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done !== true) entries.delete(oldest.value);
      }
      entries.set(key, { value, expiresAt });
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
