// A rebuild in the organization's warehouse: the canonical models from the raw tables already
// loaded (docs/data-model.md), each model table built with its derived columns in the same
// statement, then (after a load) the day's exchange rates. No provider's data is fetched. Or,
// after a change of derived columns alone (a cluster saved), only the tables they change,
// rebuilt from themselves.
import type { RatesProvider } from '@maya/connectors';
import {
  buildModels,
  CANONICAL_MODELS,
  EXCHANGE_RATES,
  ModelBuildError,
  MODEL_SCHEMA,
  modelTable,
  type BuiltModel,
  type CanonicalModel,
  type ModelExtension,
} from '@maya/analytics';
import type { TableSchema, Warehouse } from '@maya/warehouse';
import {
  acceptedColumns,
  derivedLookup,
  derivedSelect,
  derivedSelectOver,
  derivedTable,
  type DerivedColumn,
  type RefusedColumn,
} from './derived-columns';
import { refreshExchangeRates } from './exchange-rates';
import type { AppliedColumn } from './schema';

/** Where the ETL writes the raw source tables (apps/server etl `RAW_SCHEMA`). */
export const RAW_SCHEMA = 'raw';

export type BuildInput = {
  /** The derived columns of the organization, in order (a later column may read an earlier one). */
  derived: readonly DerivedColumn[];
  /** The models to build; the canonical ones. */
  models?: readonly CanonicalModel[];
  /** Fetches and writes the day's exchange rates after the models (a load); absent: kept as they are. */
  rates?: RatesProvider | null;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => Promise<void>;
};

export type BuildOutcome = {
  /** The model tables rebuilt, in order (all of them unless `error`, or those a derived-only pass changed). */
  models: BuiltModel[];
  /** The derived columns now in the tables just built. */
  applied: AppliedColumn[];
  /** The derived columns left out: a bad name, or their table's failed application. */
  refused: RefusedColumn[];
  /** The build's failure (a `ModelBuildError`), after which the later models kept their tables. */
  error: ModelBuildError | null;
};

const reasonOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

const appliedOf = (columns: readonly DerivedColumn[]): AppliedColumn[] =>
  columns.map(({ table, column, label }) => ({ table, column, label }));

/**
 * Builds the models, each table with its derived columns in the one statement that replaces it
 * (decision 310): a reader sees the old table with its columns or the new one with its columns,
 * never a table without the columns the semantic model lists. A derived column that fails (bad
 * SQL, a value the engine refuses) leaves out the columns of its table, which is built as it is.
 */
export async function buildOrganizationModels(
  warehouse: Warehouse,
  input: BuildInput,
): Promise<BuildOutcome> {
  const models = input.models ?? CANONICAL_MODELS;
  const applied: AppliedColumn[] = [];
  const refused: RefusedColumn[] = [];
  const extending = new Map<string, DerivedColumn[]>();
  const extend = (model: CanonicalModel, table: TableSchema, select: string): ModelExtension | null => {
    const checked = acceptedColumns(
      table,
      input.derived.filter((d) => d.table === model.name),
    );
    refused.push(...checked.refused);
    if (checked.accepted.length === 0) return null;
    extending.set(model.name, checked.accepted);
    const extended = derivedSelectOver(warehouse.engine, select, checked.accepted);
    return { table: derivedTable(table, checked.accepted), ...extended };
  };
  const onExtensionFailed = (model: CanonicalModel, failure: unknown) => {
    const columns = extending.get(model.name) ?? [];
    extending.delete(model.name);
    refused.push(...columns.map(({ column }) => ({ table: model.name, column, reason: reasonOf(failure) })));
  };
  let built: BuiltModel[];
  let error: ModelBuildError | null = null;
  try {
    built = (
      await buildModels(warehouse, {
        rawSchema: RAW_SCHEMA,
        modelSchema: MODEL_SCHEMA,
        models,
        signal: input.signal,
        onProgress: input.onProgress,
        extend,
        onExtensionFailed,
      })
    ).models;
  } catch (failure) {
    if (!(failure instanceof ModelBuildError)) throw failure;
    built = failure.built;
    error = failure;
  }
  for (const { name } of built) applied.push(...appliedOf(extending.get(name) ?? []));
  // The day's rates for the days just built; without them reports show no converted amounts.
  if (error === null && input.rates) {
    try {
      await refreshExchangeRates(warehouse, MODEL_SCHEMA, input.rates, input.signal);
    } catch (failure) {
      error = new ModelBuildError(EXCHANGE_RATES.name, built, failure);
    }
  }
  return { models: built, applied, refused, error };
}

/**
 * Applies the derived columns to the model tables already built, without building any model
 * from the raw data: each table that has derived columns, or held some, gets the current ones in
 * one transaction (`reapply`); one whose application fails keeps what it had. `tables` limits it to those a change concerns (a cluster
 * category's table). Answers null when a table with derived columns was never built, or lacks
 * one of its model's columns (built before the model gained it): only a full build can make it.
 */
export async function applyDerivedColumns(
  warehouse: Warehouse,
  input: Pick<BuildInput, 'derived' | 'models' | 'signal'> & { tables?: readonly string[] },
): Promise<BuildOutcome | null> {
  const models = (input.models ?? CANONICAL_MODELS).filter(
    (model) => input.tables === undefined || input.tables.includes(model.name),
  );
  const existing = new Set(await warehouse.listTables(MODEL_SCHEMA));
  const outcome: BuildOutcome = { models: [], applied: [], refused: [], error: null };
  for (const model of models) {
    const registered = input.derived.some((d) => d.table === model.name);
    // Never built (no load has finished a build): only a full build can make it.
    if (!existing.has(model.name)) {
      if (registered) return null;
      continue;
    }
    input.signal?.throwIfAborted();
    const table = modelTable(model);
    const held = (await warehouse.listColumns(MODEL_SCHEMA, model.name)).map((c) => c.name);
    if (table.columns.some((c) => !held.includes(c.name))) return null;
    const checked = acceptedColumns(
      table,
      input.derived.filter((d) => d.table === model.name),
    );
    outcome.refused.push(...checked.refused);
    if (checked.accepted.length === 0 && held.length === table.columns.length) continue;
    try {
      const { rows } = await reapply(warehouse, table, checked.accepted, held);
      outcome.models.push({ name: model.name, rows });
      outcome.applied.push(...appliedOf(checked.accepted));
    } catch (failure) {
      const reason = reasonOf(failure);
      outcome.refused.push(...checked.accepted.map(({ column }) => ({ table: model.name, column, reason })));
    }
  }
  return outcome;
}

/**
 * Puts `columns` in the built `table` (whose columns are now `held`) in one transaction: in
 * place where the engine can (the columns dropped and added, then one UPDATE from their values
 * per distinct combination of what they read: decision 400), else the table rebuilt from itself.
 */
function reapply(
  warehouse: Warehouse,
  table: TableSchema,
  columns: readonly DerivedColumn[],
  held: readonly string[],
): Promise<{ rows: number }> {
  const extended = derivedTable(table, columns);
  if (warehouse.updateColumns !== undefined) {
    const lookup = derivedLookup(warehouse.engine, MODEL_SCHEMA, table, columns);
    const kept = new Set(extended.columns.map((c) => c.name));
    return warehouse.updateColumns(MODEL_SCHEMA, table.name, {
      columns: extended.columns.slice(table.columns.length),
      keys: lookup.keys,
      lookupSql: lookup.sql,
      params: lookup.params,
      drop: held.filter((name) => !kept.has(name)),
    });
  }
  const select = derivedSelect(warehouse.engine, MODEL_SCHEMA, table, columns);
  return warehouse.materialize(MODEL_SCHEMA, extended, select.sql, select.params);
}
