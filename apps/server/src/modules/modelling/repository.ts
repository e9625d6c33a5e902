import { sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/pool';
import { modelVersions, type AppliedColumn } from './schema';

/** The channel every process LISTENs on; the payload is `{"organizationId", "version"}`. */
export const MODEL_VERSION_CHANNEL = 'maya_model_versions';

export type ModelState = { version: number; derived: AppliedColumn[] };

/** The organization's model version; every call runs inside withOrganization (row-level security). */
export const modellingRepository = {
  async read(tx: Transaction): Promise<ModelState> {
    const [row] = await tx.select().from(modelVersions).limit(1);
    return row ? { version: row.version, derived: row.derivedColumns } : { version: 0, derived: [] };
  },

  /**
   * The next version with the derived columns now applied, announced to every process when the
   * transaction commits (NOTIFY is delivered on commit, never for a rolled-back bump).
   */
  async bump(tx: Transaction, organizationId: string, derived: AppliedColumn[]): Promise<number> {
    const [row] = await tx
      .insert(modelVersions)
      .values({ organizationId, version: 1, derivedColumns: derived })
      .onConflictDoUpdate({
        target: modelVersions.organizationId,
        set: { version: sql`${modelVersions.version} + 1`, derivedColumns: derived, rebuiltAt: sql`now()` },
      })
      .returning({ version: modelVersions.version });
    const version = row?.version ?? 1;
    await tx.execute(
      sql`SELECT pg_notify(${MODEL_VERSION_CHANNEL}, ${JSON.stringify({ organizationId, version })})`,
    );
    return version;
  },
};
