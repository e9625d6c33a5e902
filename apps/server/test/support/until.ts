// Waiting on what a test can observe (an answer, a process, a job), never on a fixed time.

/**
 * Polls `probe` until it answers non-null. The bound is a safety net for a process that hangs,
 * not a measure (these tests run whole apps on a shared, slow machine); `context` says what the
 * processes were doing when it is reached.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null>,
  { timeoutMs = 600_000, context = async () => '' } = {},
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out waiting for ${what}\n${await context().catch(String)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
