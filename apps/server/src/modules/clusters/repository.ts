import { and, asc, eq, sql } from 'drizzle-orm';
import type { ClusterCategory, ClusterRuleSet } from '@maya/contracts';
import type { Transaction } from '../../platform/db/pool';
import { BRAND_WORD_GROUP, BUILTIN_COLUMNS } from './builtins';
import { clusterColumns, wordGroups } from './schema';

export type ColumnRow = typeof clusterColumns.$inferSelect;
export type NewColumnRow = typeof clusterColumns.$inferInsert;
export type WordGroupRow = typeof wordGroups.$inferSelect;
export type NewWordGroupRow = typeof wordGroups.$inferInsert;

/** The duplicate-name rules compare names trimmed and lower cased (spec 001 §5). */
export const nameKey = (name: string) => name.trim().toLowerCase();

const STARTED = new Date(0);

/** The starting columns (builtins.ts) as the organization's rows. */
function builtinColumnRows(organizationId: string): ColumnRow[] {
  return BUILTIN_COLUMNS.map((column) => ({
    organizationId,
    id: column.id,
    category: column.category,
    name: column.name,
    nameKey: nameKey(column.name),
    dbName: column.dbName,
    isFixed: column.isFixed,
    isPlaceholder: column.isPlaceholder,
    position: 0,
    ruleSets: column.ruleSets,
    createdAt: STARTED,
    updatedAt: STARTED,
  }));
}

function brandWordGroupRow(organizationId: string): WordGroupRow {
  return {
    organizationId,
    id: BRAND_WORD_GROUP.id,
    name: BRAND_WORD_GROUP.name,
    nameKey: nameKey(BRAND_WORD_GROUP.name),
    deletionProtection: true,
    position: 0,
    terms: [],
    excludeTerms: [],
    createdAt: STARTED,
  };
}

const byPlace = (a: ColumnRow, b: ColumnRow) =>
  a.category.localeCompare(b.category) ||
  a.position - b.position ||
  a.createdAt.getTime() - b.createdAt.getTime();

/** An organization's cluster columns and word groups; every call runs inside withOrganization. */
export const clustersRepository = {
  /**
   * Serialises the organization's cluster and word-group writes until the transaction ends, so
   * that positions, the maximum, names and references are checked against what is committed.
   */
  async lock(tx: Transaction, organizationId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`clusters:${organizationId}`}, 0))`);
  },

  /** Creates what every organization starts with (builtins.ts) unless it is there; writes only. */
  async ensureBuiltins(tx: Transaction, organizationId: string): Promise<void> {
    await tx.insert(wordGroups).values(brandWordGroupRow(organizationId)).onConflictDoNothing();
    await tx.insert(clusterColumns).values(builtinColumnRows(organizationId)).onConflictDoNothing();
  },

  /**
   * The category's columns in order (every category's with null), the starting ones included
   * before their first write creates them: a read never writes.
   */
  async columns(
    tx: Transaction,
    organizationId: string,
    category: ClusterCategory | null,
  ): Promise<ColumnRow[]> {
    const rows = await tx
      .select()
      .from(clusterColumns)
      .where(category === null ? undefined : eq(clusterColumns.category, category))
      .orderBy(asc(clusterColumns.category), asc(clusterColumns.position), asc(clusterColumns.createdAt));
    const stored = new Set(rows.map((row) => row.id));
    const starting = builtinColumnRows(organizationId).filter(
      (row) => !stored.has(row.id) && (category === null || row.category === category),
    );
    return starting.length === 0 ? rows : [...starting, ...rows].sort(byPlace);
  },

  async findColumn(tx: Transaction, id: string): Promise<ColumnRow | null> {
    const [row] = await tx.select().from(clusterColumns).where(eq(clusterColumns.id, id));
    return row ?? null;
  },

  async insertColumn(tx: Transaction, values: NewColumnRow): Promise<void> {
    await tx.insert(clusterColumns).values(values);
  },

  async updateColumn(
    tx: Transaction,
    id: string,
    change: { name: string; ruleSets: ClusterRuleSet[] },
  ): Promise<void> {
    await tx
      .update(clusterColumns)
      .set({
        name: change.name,
        nameKey: nameKey(change.name),
        ruleSets: change.ruleSets,
        updatedAt: sql`now()`,
      })
      .where(eq(clusterColumns.id, id));
  },

  /** Replaces several columns' rule sets (a word group's references deleted). */
  async setRuleSets(tx: Transaction, id: string, ruleSets: ClusterRuleSet[]): Promise<void> {
    await tx
      .update(clusterColumns)
      .set({ ruleSets, updatedAt: sql`now()` })
      .where(eq(clusterColumns.id, id));
  },

  async deleteColumn(tx: Transaction, id: string): Promise<void> {
    await tx.delete(clusterColumns).where(eq(clusterColumns.id, id));
  },

  /** Gives the category's columns positions 0, 1, ... in the order of `ids`. */
  async setPositions(tx: Transaction, category: ClusterCategory, ids: readonly string[]): Promise<void> {
    for (const [position, id] of ids.entries()) {
      await tx
        .update(clusterColumns)
        .set({ position })
        .where(and(eq(clusterColumns.category, category), eq(clusterColumns.id, id)));
    }
  },

  /** The word groups in order, the starting 'Brand' included before the first write creates it. */
  async wordGroups(tx: Transaction, organizationId: string): Promise<WordGroupRow[]> {
    const rows = await tx
      .select()
      .from(wordGroups)
      .orderBy(asc(wordGroups.position), asc(wordGroups.createdAt));
    const brand = brandWordGroupRow(organizationId);
    return rows.some((row) => row.id === brand.id) ? rows : [brand, ...rows];
  },

  /** Replaces the organization's word groups by `rows` (ids kept, so rules keep reading them). */
  async replaceWordGroups(
    tx: Transaction,
    organizationId: string,
    rows: readonly NewWordGroupRow[],
  ): Promise<void> {
    await tx.delete(wordGroups).where(eq(wordGroups.organizationId, organizationId));
    if (rows.length > 0) await tx.insert(wordGroups).values([...rows]);
  },
};
