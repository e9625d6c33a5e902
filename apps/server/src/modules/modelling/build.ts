// A rebuild in the organization's warehouse: the canonical models from the raw tables already
// loaded (docs/data-model.md), each model table then given its derived columns, then (after a
// load) the day's exchange rates. No provider's data is fetched.
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
} from '@maya/analytics';
import type { Warehouse } from '@maya/warehouse';
import {
  acceptedColumns,
  derivedSelect,
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
  /** The models built, in order (all of them unless `error`). */
  models: BuiltModel[];
  /** The derived columns now in the tables just built. */
  applied: AppliedColumn[];
  /** The derived columns left out: a bad name, or their table's failed application. */
  refused: RefusedColumn[];
  /** The build's failure (a `ModelBuildError`), after which the later models kept their tables. */
  error: ModelBuildError | null;
};

/**
 * Builds the models, then materializes each built table's derived columns from it. A derived
 * column that fails (bad SQL, a value the engine refuses) leaves its table as built, without the
 * columns of that table: `materialize` fills a staged twin and swaps it in only when it succeeded.
 */
export async function buildOrganizationModels(
  warehouse: Warehouse,
  input: BuildInput,
): Promise<BuildOutcome> {
  const models = input.models ?? CANONICAL_MODELS;
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
      })
    ).models;
  } catch (failure) {
    if (!(failure instanceof ModelBuildError)) throw failure;
    built = failure.built;
    error = failure;
  }
  const applied: AppliedColumn[] = [];
  const refused: RefusedColumn[] = [];
  for (const { name } of built) {
    const model = models.find((m) => m.name === name);
    const columns = input.derived.filter((d) => d.table === name);
    if (model === undefined || columns.length === 0) continue;
    input.signal?.throwIfAborted();
    const table = modelTable(model);
    const checked = acceptedColumns(table, columns);
    refused.push(...checked.refused);
    if (checked.accepted.length === 0) continue;
    const select = derivedSelect(warehouse.engine, MODEL_SCHEMA, table, checked.accepted);
    try {
      await warehouse.materialize(
        MODEL_SCHEMA,
        derivedTable(table, checked.accepted),
        select.sql,
        select.params,
      );
      applied.push(...checked.accepted.map(({ table: t, column, label }) => ({ table: t, column, label })));
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      refused.push(...checked.accepted.map(({ column }) => ({ table: name, column, reason })));
    }
  }
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
