// Running a report's queries on the organization's warehouse through the result cache: the
// freshness of its tables, one visual, a list filter's values. It knows documents and models, not
// where they come from (the catalog) or who asks (the service and the embeds).
import {
  ReportErrorType,
  reportLimits,
  type FilterOptionsRequest,
  type FilterOptionsResponse,
  type ReportDocument,
  type ReportFilter,
  type ReportQueryRequest,
  type ReportQueryResponse,
  type Visual,
} from '@maya/contracts';
import {
  EXCHANGE_RATES,
  ReportQueryError,
  checkVisual,
  compileDataThrough,
  filtersForTable,
  queriedVisual,
  runFilterValues,
  runVisualQuery,
  semanticTable,
  type TableRollup,
  type SemanticModel,
  type SemanticTable,
  type VisualQueryInput,
} from '@maya/analytics';
import { WarehouseError, type Warehouse } from '@maya/warehouse';
import {
  CacheMiss,
  DEFAULT_CACHE_LIMITS,
  createReportCache,
  type CacheScope,
  type ReportCacheLimits,
} from './cache';
import type { ModellingService } from '../modelling';
import { checkDerivedColumn, explainDerivedFailure } from './derived-filters';
import { workspaceNotSetup } from './errors';

/** What reports read of the organization's models: its warehouse, its model version and changes of it. */
export type ReportsModelling = Pick<ModellingService, 'withWarehouse' | 'version' | 'onChange'>;

export type EngineDeps = {
  /** The modelling service: the warehouse reports read, and the version their cache keys on. */
  modelling: ReportsModelling;
  /** Each query is cancelled after this long (`query_timeout`); 30 s by default. */
  queryTimeoutMs?: number;
  cacheLimits?: Partial<ReportCacheLimits>;
  /** Relative dates resolve against it; the clock by default. */
  now?: () => Date;
  /**
   * The organization's currency (organizations service), read for every query: amounts are
   * converted into it, and since it is a bound value of each statement, results cached before a
   * change of currency are never answered after it.
   */
  organizationCurrency: (organizationId: string) => Promise<string>;
};

/** What the engine reads of a report. */
export type EngineReport = { document: ReportDocument; model: SemanticModel };

/** One visual of one page, under the filters in effect; the report is named by the caller. */
export type VisualRequest = Omit<ReportQueryRequest, 'organization_id' | 'report'>;

export type ReportEngine = ReturnType<typeof createReportEngine>;

const DEFAULT_QUERY_TIMEOUT_MS = 30_000;
const NO_ROLLUPS: ReadonlySet<string> = new Set();

/** Whether a statement failed because a roll-up it read is gone (the engine names the table). */
function droppedRollup(error: unknown, table: SemanticTable, rollups: ReadonlySet<string>): boolean {
  if (!(error instanceof WarehouseError) || rollups.size === 0) return false;
  return (table.rollups ?? []).some((r) => rollups.has(r.table) && error.message.includes(r.table));
}

/** The last day of data: the column compileDataThrough names so (its documented result). */
const DATA_THROUGH = 'data_through';

const tableName = (source: SemanticTable['source']) => `${source.schema}.${source.table}`;
const rollupName = (source: SemanticTable['source'], rollup: TableRollup) =>
  `${source.schema}.${rollup.table}`;
/** The exchange rates beside a model table (models/exchange-rates.ts). */
const ratesOf = (source: SemanticTable['source']) => ({ schema: source.schema, table: EXCHANGE_RATES.name });

export function createReportEngine(deps: EngineDeps) {
  const cache = createReportCache({ ...DEFAULT_CACHE_LIMITS, ...deps.cacheLimits });
  const timeoutMs = deps.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const now = deps.now ?? (() => new Date());
  // A rebuild in any process retires what older versions answered (modelling's NOTIFY).
  deps.modelling.onChange((change) => {
    if (change === null) cache.clear();
    else cache.advance(change.organizationId, change.version);
  });

  /**
   * Runs `work` on the organization's warehouse through the cache, under its current model
   * version (modelling's, kept current by every process's rebuilds). When the organization's
   * engine is known, a first pass answers from the cache alone without opening the warehouse;
   * any miss sends the whole request to the warehouse, whose tables must exist by then (else
   * the organization has never loaded data: workspace_not_setup).
   */
  async function read<T>(
    organizationId: string,
    tables: readonly SemanticTable[],
    work: (warehouse: Warehouse) => Promise<T>,
  ): Promise<T> {
    cache.advance(organizationId, await deps.modelling.version(organizationId));
    const scope: CacheScope = cache.scope(organizationId);
    const engine = cache.engineOf(organizationId);
    if (engine !== null) {
      try {
        return await work(cache.warehouse(null, engine, scope));
      } catch (error) {
        if (!(error instanceof CacheMiss)) throw error;
      }
    }
    return deps.modelling.withWarehouse(
      organizationId,
      async (warehouse) => {
        await requireTables(organizationId, warehouse, tables);
        cache.rememberEngine(organizationId, warehouse.engine);
        return work(cache.warehouse(warehouse, warehouse.engine, scope));
      },
      'read',
    );
  }

  // Table lookups running, by organization and tables: a dashboard sends its visuals at once, and
  // each would otherwise list the same tables on a warehouse just opened (decision 153).
  const lookups = new Map<string, Promise<void>>();

  /**
   * The tables must exist (seen since the last load, else listed now): else workspace_not_setup.
   * Their columns are remembered with them: the compiler groups by a packed column only where
   * the table has it (a table built before the column was added does not). Requests that need
   * the same tables while they are being listed wait for that one listing.
   */
  async function requireTables(
    organizationId: string,
    warehouse: Warehouse,
    tables: readonly SemanticTable[],
  ): Promise<void> {
    const missing = tables.filter(
      ({ source }) => cache.tableColumns(organizationId, tableName(source)) === null,
    );
    if (missing.length === 0) return;
    const key = [organizationId, ...missing.map(({ source }) => tableName(source))].join('\u0000');
    let lookup = lookups.get(key);
    if (lookup === undefined) {
      lookup = lookUpTables(organizationId, warehouse, missing).finally(() => lookups.delete(key));
      lookups.set(key, lookup);
    }
    await lookup;
  }

  async function lookUpTables(
    organizationId: string,
    warehouse: Warehouse,
    tables: readonly SemanticTable[],
  ): Promise<void> {
    const existing = new Map<string, Set<string>>();
    for (const { source, sideTables = [], rollups = [] } of tables) {
      let names = existing.get(source.schema);
      if (names === undefined) {
        names = new Set(await warehouse.listTables(source.schema));
        existing.set(source.schema, names);
      }
      if (!names.has(source.table)) throw workspaceNotSetup();
      const columns = new Set((await warehouse.listColumns(source.schema, source.table)).map((c) => c.name));
      // A side table's columns (cluster columns, decision 500) are the table's as its queries see it.
      for (const side of sideTables) {
        if (!names.has(side.table)) continue;
        const held = new Set((await warehouse.listColumns(source.schema, side.table)).map((c) => c.name));
        for (const column of side.columns) if (held.has(column)) columns.add(column);
      }
      cache.rememberTable(organizationId, tableName(source), columns);
      // Its daily roll-ups (decision 810), each read only where it has every column it should:
      // one built by an older version, or not yet, leaves the statements on the table itself.
      for (const rollup of rollups) {
        if (!names.has(rollup.table)) continue;
        const held = await warehouse.listColumns(source.schema, rollup.table);
        cache.rememberTable(organizationId, rollupName(source, rollup), new Set(held.map((c) => c.name)));
      }
      // The rates amounts are converted with, written after the models: absent before the first
      // build that had them, when amounts show only in the organization's own currency.
      const rates = ratesOf(source);
      if (names.has(rates.table) && cache.tableColumns(organizationId, tableName(rates)) === null) {
        const rateColumns = await warehouse.listColumns(rates.schema, rates.table);
        cache.rememberTable(organizationId, tableName(rates), new Set(rateColumns.map((c) => c.name)));
      }
    }
  }

  /** The table's roll-ups the warehouse has with all their columns (seen by requireTables). */
  function rollupsOf(organizationId: string, table: SemanticTable): ReadonlySet<string> {
    const ready = (table.rollups ?? []).filter((rollup) => {
      const held = cache.tableColumns(organizationId, rollupName(table.source, rollup));
      return held !== null && rollup.columns.every((column) => held.has(column));
    });
    return ready.length === 0 ? NO_ROLLUPS : new Set(ready.map((rollup) => rollup.table));
  }

  /** The last day of the table's time dimension with rows, over every row; null without. */
  async function dataThrough(
    warehouse: Warehouse,
    model: SemanticModel,
    table: SemanticTable,
    at: Date,
    rollups: ReadonlySet<string>,
  ): Promise<string | null> {
    if (table.timeDimension === null) return null;
    const compiled = compileDataThrough(model, table.name, table.timeDimension, warehouse.engine, {
      now: at,
      rollups,
    });
    const { rows } = await warehouse.query(compiled.sql, compiled.params, { timeoutMs });
    const day = rows[0]?.[DATA_THROUGH];
    return typeof day === 'string' ? day : null;
  }

  /**
   * A KPI compares with the previous period only when the filters bound one; without (an open
   * "is after" date filter) it shows its value alone rather than failing the visual.
   */
  async function runVisual(
    warehouse: Warehouse,
    model: SemanticModel,
    visual: Visual,
    input: VisualQueryInput,
  ): Promise<ReportQueryResponse> {
    try {
      return await runVisualQuery(warehouse, model, visual, input);
    } catch (error) {
      const unbounded = error instanceof ReportQueryError && error.type === 'comparison_needs_period';
      if (!unbounded || visual.kind !== 'kpi' || visual.comparison === null) throw error;
      return runVisualQuery(warehouse, model, { ...visual, comparison: null }, input);
    }
  }

  return {
    /** The last day with data among the tables of the report's model; null when they are empty. */
    async dataThrough(organizationId: string, { model }: EngineReport): Promise<string | null> {
      const at = now();
      const days = await read(organizationId, model.tables, (warehouse) =>
        Promise.all(
          model.tables.map((table) =>
            dataThrough(warehouse, model, table, at, rollupsOf(organizationId, table)),
          ),
        ),
      );
      return days.reduce<string | null>(
        (max, day) => (day !== null && (max === null || day > max) ? day : max),
        null,
      );
    },

    /** One visual of one page of the report, under the filters in effect. */
    async query(
      organizationId: string,
      { document, model }: EngineReport,
      request: VisualRequest,
    ): Promise<ReportQueryResponse> {
      const visual =
        request.draft === undefined ? queriedVisual(document, model, request).visual : request.draft.visual;
      // An editor's draft visual is checked as a saved one is (its page may not be saved yet).
      if (request.draft !== undefined) checkVisual(model, visual, `visual ${visual.id}`);
      const table = semanticTable(model, visual.table);
      const at = now();
      const currency = await deps.organizationCurrency(organizationId);
      // The visual's own filters come from its document (or the editor's draft), never from the
      // request: a viewer, an embed or a link cannot take them off.
      const filters = [...request.filters, ...(visual.filters ?? [])];
      const input: VisualQueryInput = {
        filters,
        dateRange: request.date_range,
        sort: request.sort,
        offset: request.offset,
        now: at,
        timeoutMs,
      };
      const filtered = filters.map((filter) => filter.column);
      return read(organizationId, [table], async (warehouse) => {
        const columns = cache.tableColumns(organizationId, tableName(table.source));
        checkDerivedColumn(model, table.name, columns, filtered);
        const rates = cache.tableColumns(organizationId, tableName(ratesOf(table.source))) !== null;
        const money = { currency, rates };
        let rollups = rollupsOf(organizationId, table);
        const answer = await runVisual(warehouse, model, visual, { ...input, columns, money, rollups }).catch(
          (error: unknown) => {
            if (!droppedRollup(error, table, rollups)) throw error;
            // Dropped since it was listed (a failed build drops its table's roll-ups before the
            // new version is told): the table itself answers, and the next request lists again.
            cache.forgetTables(organizationId);
            rollups = NO_ROLLUPS;
            return runVisual(warehouse, model, visual, { ...input, columns, money, rollups });
          },
        );
        // Charts over time tell the last day among their rows; the others, their table's.
        if (answer.data_through !== undefined) return answer;
        return { ...answer, data_through: await dataThrough(warehouse, model, table, at, rollups) };
      }).catch((error: unknown) => {
        throw explainDerivedFailure(model, error);
      });
    },

    /**
     * spec 002 §7 Filter options: a list filter's values of the model, a page at a time; with
     * `filters` (an embedded view's), among the rows they keep, applied as a visual's are.
     */
    async filterValues(
      organizationId: string,
      model: SemanticModel | null,
      request: Omit<FilterOptionsRequest, 'organization_id'>,
      filters: readonly ReportFilter[] = [],
    ): Promise<FilterOptionsResponse> {
      if (model === null || model.name !== request.datasetId) {
        throw new ReportQueryError(ReportErrorType.unknownField, `there is no dataset ${request.datasetId}`);
      }
      const table = semanticTable(model, request.table);
      const page = {
        table: table.name,
        column: request.column,
        cursor: request.cursor,
        limit: reportLimits.filterValuesPageSize,
        filters: filtersForTable(model, table.name, filters),
        now: now(),
      };
      const asked = [request.column, ...page.filters.map((filter) => filter.column)];
      return read(organizationId, [table], (warehouse) => {
        const columns = cache.tableColumns(organizationId, tableName(table.source));
        checkDerivedColumn(model, table.name, columns, asked);
        return runFilterValues(
          warehouse,
          model,
          { ...page, rollups: rollupsOf(organizationId, table) },
          timeoutMs,
        );
      }).catch((error: unknown) => {
        throw explainDerivedFailure(model, error);
      });
    },

    cacheStats: () => cache.stats(),
  };
}
