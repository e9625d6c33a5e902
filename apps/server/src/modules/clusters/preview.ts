import {
  CLUSTER_PREVIEW_SOURCES,
  clusterCoverage,
  clusterSqlPreview,
  isClusterRuleError,
  previewClusterColumn,
  previewClusterValue,
  type ClusterCoverage,
  type MoneyAmount,
  type PreviewQueryInput,
  type PreviewTable,
} from '@maya/analytics';
import {
  clusterLimits,
  clusterMessages,
  ClusterErrorType,
  type ClusterCategory,
  type ClusterCoverageResponse,
  type ClusterPreviewRequest,
  type ClusterPreviewResponse,
  type ClusterPreviewValueRequest,
  type ClusterSqlPreviewResponse,
} from '@maya/contracts';
import type { Warehouse } from '@maya/warehouse';
import { AppError, ValidationError } from '../../platform/errors';
import { domainColumn, domainField, fieldsAt, normalizedRuleSets } from './columns';
import { freeDbName } from './db-names';
import { categoryFields, inClusters, type ClustersDeps } from './deps';
import { clustersRepository as repository } from './repository';
import { ruleIssues } from './validate';
import { domainWordGroups } from './word-groups';

type PreviewColumn = ClusterPreviewRequest['column'];
export type ClusterPreviewService = ReturnType<typeof createClusterPreviewService>;

const notEnoughData = (message: string) => new AppError(422, ClusterErrorType.notEnoughData, { message });

/** Whether the column has what a preview needs: a name and a rule set with a rule (spec 001 §4). */
const hasEnough = (column: PreviewColumn) =>
  column.name.trim() !== '' && column.values.some((set) => set.rules.length > 0);

const spendOf = (amounts: readonly MoneyAmount[]) =>
  amounts.map((amount) => ({ currency: amount.currency, amount: amount.minor }));

/** The editor's previews (spec 001 §7 Preview, Preview value, SQL preview) and the coverage. */
export function createClusterPreviewService(deps: ClustersDeps) {
  /**
   * The previewed column (saved or not) among the category's columns: the fields and earlier
   * columns it may read, and the word groups; its rules checked as a save checks them.
   */
  async function inputFor(
    organizationId: string,
    category: ClusterCategory,
    column: PreviewColumn,
  ): Promise<PreviewQueryInput> {
    const base = await categoryFields(deps, organizationId, category);
    const { rows, groups } = await inClusters(deps, organizationId, { write: false }, async (tx) => ({
      rows: await repository.columns(tx, organizationId, category),
      groups: domainWordGroups(await repository.wordGroups(tx, organizationId)),
    }));
    const at = rows.findIndex((row) => row.id === column.id);
    const index = at < 0 ? rows.length : at;
    const fields = fieldsAt(base, rows, index);
    const issues = ruleIssues(column.values, { fields, wordGroups: groups }, ['column']);
    if (issues.length > 0) throw new ValidationError(issues);
    // An unsaved column is shown under the name a save would give it.
    const dbName = rows[at]?.dbName ?? freeDbName(column.name, new Set(rows.map((row) => row.dbName)));
    return {
      fields: fields.map(domainField),
      wordGroups: groups,
      earlierColumns: rows.slice(0, index).map(domainColumn),
      column: domainColumn({
        id: column.id,
        name: column.name,
        dbName,
        ruleSets: normalizedRuleSets(column.values),
      }),
      source: CLUSTER_PREVIEW_SOURCES[category],
    };
  }

  /** Runs a preview query; an organization without the category's table (no data yet) reads nothing. */
  async function read<T>(
    organizationId: string,
    input: PreviewQueryInput,
    empty: T,
    work: (warehouse: Warehouse) => Promise<T>,
  ): Promise<T> {
    return deps.withWarehouse(organizationId, async (warehouse) => {
      const columns = await warehouse.listColumns(input.source.schema, input.source.table);
      if (columns.length === 0) return empty;
      try {
        return await work(warehouse);
      } catch (error) {
        if (isClusterRuleError(error)) {
          throw new AppError(422, 'invalid_order_by', { message: error.message });
        }
        throw error;
      }
    });
  }

  const table = (result: PreviewTable): ClusterPreviewResponse => ({
    headers: result.headers,
    data: result.data,
    truncated: result.truncated,
  });

  async function preview(organizationId: string, category: ClusterCategory, request: ClusterPreviewRequest) {
    if (!hasEnough(request.column)) throw notEnoughData(clusterMessages.notEnoughDataPreview);
    const input = await inputFor(organizationId, category, request.column);
    const order = { orderBy: request.orderBy ?? null, direction: request.orderDirection ?? null };
    const limit = clusterLimits.previewRowsMax;
    return read(organizationId, input, { headers: [], data: [] }, async (warehouse) =>
      table(await previewClusterColumn(warehouse, { ...input, ...order, limit })),
    );
  }

  async function previewValue(
    organizationId: string,
    category: ClusterCategory,
    request: ClusterPreviewValueRequest,
  ): Promise<ClusterPreviewResponse> {
    if (!hasEnough(request.column)) throw notEnoughData(clusterMessages.notEnoughDataPreview);
    const input = await inputFor(organizationId, category, request.column);
    const order = { orderBy: request.orderBy ?? null, direction: request.orderDirection ?? null };
    const limit = clusterLimits.previewRowsMax;
    return read(organizationId, input, { headers: [], data: [] }, async (warehouse) =>
      table(await previewClusterValue(warehouse, { ...input, ...order, limit, value: request.value })),
    );
  }

  /** The column's CASE in the organization's warehouse dialect, values written inline. */
  async function sql(
    organizationId: string,
    category: ClusterCategory,
    column: PreviewColumn,
  ): Promise<ClusterSqlPreviewResponse> {
    if (!hasEnough(column)) throw notEnoughData(clusterMessages.notEnoughDataSql);
    const input = await inputFor(organizationId, category, column);
    const dialect = await deps.withWarehouse(organizationId, async (warehouse) => warehouse.engine);
    const text = clusterSqlPreview(input.column, { ...input, dialect });
    if (text === null) throw notEnoughData(clusterMessages.notEnoughDataSql);
    return { sql: text };
  }

  async function coverage(
    organizationId: string,
    category: ClusterCategory,
    column: PreviewColumn,
  ): Promise<ClusterCoverageResponse> {
    if (!hasEnough(column)) throw notEnoughData(clusterMessages.notEnoughDataPreview);
    const input = await inputFor(organizationId, category, column);
    const empty: ClusterCoverage = {
      values: [
        ...input.column.ruleSets.map((set) => ({
          value: set.name,
          ruleSetIds: [set.id],
          rows: 0,
          spend: [],
        })),
        { value: null, ruleSetIds: [], rows: 0, spend: [] },
      ],
      totalRows: 0,
      topUnmatched: [],
    };
    const result = await read(organizationId, input, empty, (warehouse) => clusterCoverage(warehouse, input));
    return coverageAnswer(result, input);
  }

  return { preview, previewValue, sql, coverage };
}

/** The coverage in the contract's shape; spend is null for a category without amounts. */
function coverageAnswer(result: ClusterCoverage, input: PreviewQueryInput): ClusterCoverageResponse {
  const hasSpend =
    input.source.currencyColumn !== null && input.source.measures.some((m) => m.type === 'money');
  const spend = (amounts: readonly MoneyAmount[]) => (hasSpend ? spendOf(amounts) : null);
  const unmatched = result.values.find((value) => value.value === null);
  const first = input.source.itemColumns[0]?.name;
  return {
    total_rows: result.totalRows,
    rule_sets: result.values.flatMap((value) => {
      const [id] = value.ruleSetIds;
      if (value.value === null || id === undefined) return [];
      return [
        {
          id,
          name: value.value,
          rule_set_ids: value.ruleSetIds,
          rows: value.rows,
          spend: spend(value.spend),
        },
      ];
    }),
    unmatched: {
      rows: unmatched?.rows ?? 0,
      spend: spend(unmatched?.spend ?? []),
      top_values: result.topUnmatched.map((item) => ({
        value: first === undefined ? null : (item.item[first] ?? null),
        rows: item.rows,
        item: item.item,
        spend: spend(item.spend),
      })),
    },
  };
}
