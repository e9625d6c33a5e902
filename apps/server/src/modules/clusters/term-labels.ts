// The search terms' cluster columns as labels of a bare search term: what the competition
// reports filter their terms by (spec 001 §9 "default filter 'Is Brand' with values No/Yes"),
// for Search Console queries as for ad search terms. A column is evaluated by the reference
// evaluator on a row whose search-term fields hold the term, after the columns before it.
import { clusterEvaluator, isClusterRuleError } from '@maya/analytics';
import { domainColumn, domainField, fieldsAt } from './columns';
import { categoryFields, inClusters, type ClustersDeps } from './deps';
import { clustersRepository as repository } from './repository';
import { domainWordGroups } from './word-groups';

const CATEGORY = 'searchTerms' as const;
/** The search terms' text fields a bare term stands in for. */
const TERM_FIELDS = ['search_term', 'keyword_text'] as const;

export type TermColumn = { id: string; name: string; values: string[] };

export function termLabels(deps: Pick<ClustersDeps, 'platform' | 'model'>) {
  const read = (organizationId: string) =>
    inClusters(deps, organizationId, { write: false }, async (tx) => ({
      rows: await repository.columns(tx, organizationId, CATEGORY),
      groups: domainWordGroups(await repository.wordGroups(tx, organizationId)),
    }));

  return {
    /** The search terms' columns with their values (rule set names, distinct, in order). */
    async columns(organizationId: string): Promise<TermColumn[]> {
      const { rows } = await read(organizationId);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        values: [...new Set(row.ruleSets.map((set) => set.name).filter((name) => name.trim() !== ''))],
      }));
    },

    /** The column's label of a term (null: no rule set matches); null when there is no such column. */
    async labeller(
      organizationId: string,
      columnId: string,
    ): Promise<((term: string) => string | null) | null> {
      const { rows, groups } = await read(organizationId);
      const index = rows.findIndex((row) => row.id === columnId);
      if (index < 0) return null;
      const base = await categoryFields(deps, organizationId, CATEGORY);
      const evaluators = rows.slice(0, index + 1).map((row, i) => {
        const fields = fieldsAt(base, rows, i).map(domainField);
        try {
          return {
            dbName: row.dbName,
            label: clusterEvaluator(domainColumn(row), { fields, wordGroups: groups }),
          };
        } catch (error) {
          // A rule the model no longer answers gives no value, as in the data (derived-columns.ts).
          if (!isClusterRuleError(error)) throw error;
          return { dbName: row.dbName, label: () => null };
        }
      });
      return (term) => {
        const row: Record<string, unknown> = Object.fromEntries(TERM_FIELDS.map((field) => [field, term]));
        let label: string | null = null;
        for (const evaluator of evaluators) {
          label = evaluator.label(row);
          row[evaluator.dbName] = label;
        }
        return label;
      };
    },
  };
}
export type TermLabels = ReturnType<typeof termLabels>;
