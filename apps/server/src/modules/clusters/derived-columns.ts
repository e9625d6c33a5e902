import { compileClusterColumn, isClusterRuleError, usedColumns } from '@maya/analytics';
import { CLUSTER_CATEGORIES } from '@maya/contracts';
import { categoryTables } from './categories';
import { domainColumn, domainField, fieldsAt } from './columns';
import { categoryFields, inClusters, type ClustersDeps } from './deps';
import { clustersRepository as repository } from './repository';
import { domainWordGroups } from './word-groups';

/**
 * The modelling module's extension point (modules/modelling/derived-columns.ts), spelled here by
 * shape so that this module does not depend on modelling: modelling calls the source on every
 * rebuild and computes each column into its table's side table, in order (decision 500).
 */
export type ClusterDerivedColumn = {
  table: string;
  column: string;
  label: string;
  /** The table's columns (or earlier cluster columns) its rules read. */
  reads: readonly string[];
  expression(
    dialect: 'duckdb' | 'postgres' | 'bigquery' | 'databricks',
    offset: number,
  ): { sql: string; params: unknown[] };
};

/**
 * Every saved cluster column of the organization as a derived column of its category's model
 * tables (its own and those carrying its rows: marketing costs, decision 430), category by
 * category and in each in column order, so a column reads the earlier ones (decision 278). A column without any rule is left out until it has one.
 */
export function clusterDerivedColumns(deps: Pick<ClustersDeps, 'platform' | 'model'>) {
  return async (organizationId: string): Promise<ClusterDerivedColumn[]> => {
    const { rows, groups } = await inClusters(deps, organizationId, { write: false }, async (tx) => ({
      rows: await repository.columns(tx, organizationId, null),
      groups: domainWordGroups(await repository.wordGroups(tx, organizationId)),
    }));
    const derived: ClusterDerivedColumn[] = [];
    for (const category of CLUSTER_CATEGORIES) {
      // A column without any rule (a placeholder not filled in yet) has no value to add.
      const own = rows.filter(
        (row) => row.category === category && row.ruleSets.some((set) => set.rules.length > 0),
      );
      if (own.length === 0) continue;
      const base = await categoryFields(deps, organizationId, category);
      own.forEach((row, index) => {
        const fields = fieldsAt(base, own, index).map(domainField);
        const column = domainColumn(row);
        const expression: ClusterDerivedColumn['expression'] = (dialect, offset) => {
          const options = { fields, wordGroups: groups, dialect, offset };
          try {
            return compileClusterColumn(column, options);
          } catch (error) {
            // Saves check every rule; a rule the model no longer answers (a field gone) gives
            // no value rather than a failed rebuild of every table.
            if (!isClusterRuleError(error)) throw error;
            return compileClusterColumn({ ...column, ruleSets: [] }, options);
          }
        };
        const reads = usedColumns([column], { fields, wordGroups: groups });
        for (const table of categoryTables(category)) {
          derived.push({ table, column: row.dbName, label: row.name, reads, expression });
        }
      });
    }
    return derived;
  };
}
