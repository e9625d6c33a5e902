import { acquireDuckDb, releaseDuckDb, type DuckDbSharing } from './duckdb-instance';

/**
 * Runs `work` (a copy of the file, for a backup) while this process holds the organization's
 * DuckDB file, right after a CHECKPOINT: its write-ahead log is then folded into the file, and no
 * other process can write to it until `work` ends (DuckDB lets one process open a file). A
 * process that keeps the file open is asked to let go, as for any other use (`sharing`).
 */
export async function withDuckDbCheckpointed<T>(
  file: string,
  sharing: DuckDbSharing,
  work: () => Promise<T>,
): Promise<T> {
  const shared = await acquireDuckDb(
    file,
    { allowedDirectories: [], memoryLimit: null, threads: 1 },
    sharing,
  );
  try {
    await shared.writes.run(async () => {
      await shared.writer.run('CHECKPOINT');
    });
    return await work();
  } finally {
    await releaseDuckDb(file, shared);
  }
}
