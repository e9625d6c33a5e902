// A rebuild in the organization's warehouse: the canonical models from the raw tables already
// loaded (docs/data-model.md),
// then each table's side table of derived columns (decision 500), then (after a load) the day's
// exchange rates. No provider's data is fetched. Or, after a change of derived columns alone (a
// cluster saved), only the side tables they change.
import type { RatesProvider } from '@maya/connectors';
import {
  buildModels,
  CANONICAL_MODELS,
  EXCHANGE_RATES,
  ModelBuildError,
  MODEL_SCHEMA,
  modelTable,
  sideTableName,
  type BuiltModel,
  type CanonicalModel,
  type ModelSettings,
} from '@maya/analytics';
import type { Warehouse } from '@maya/warehouse';
import { acceptedColumns, sideTableBuild, type DerivedColumn, type RefusedColumn } from './derived-columns';
import { refreshExchangeRates } from './exchange-rates';
import type { AppliedColumn } from './schema';

/** Where the ETL writes the raw source tables (apps/server etl `RAW_SCHEMA`). */
export const RAW_SCHEMA = 'raw';

export type BuildInput = {
  /** The derived columns of the organization, in order (a later column may read an earlier one). */
  derived: readonly DerivedColumn[];
  /** The models to build; the canonical ones. */
  models?: readonly CanonicalModel[];
  /** The organization's choices the models compile; the defaults when absent. */
  settings?: ModelSettings;
  /** Fetches and writes the day's exchange rates after the models (a load); absent: kept as they are. */
  rates?: RatesProvider | null;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => Promise<void>;
};

export type BuildOutcome = {
  /** The model tables rebuilt, in order (all of them unless `error`), or those whose side table a derived-only pass changed. */
  models: BuiltModel[];
  /** The derived columns now in the side tables of the tables just built. */
  applied: AppliedColumn[];
  /** The derived columns left out: a bad name, or their table's failed application. */
  refused: RefusedColumn[];
  /** The build's failure (a `ModelBuildError`), after which the later models kept their tables. */
  error: ModelBuildError | null;
};

const reasonOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * Builds the models, then each built table's side table from its derived columns (decision 500):
 * the model tables never carry them. Between the two a report sees the new rows with the side
 * table before (a tuple new to this load reads "(none)" until it is replaced). A derived column
 * that fails (bad SQL, a value the engine refuses) leaves out the columns of its table.
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
        settings: input.settings,
        signal: input.signal,
        onProgress: input.onProgress,
      })
    ).models;
  } catch (failure) {
    if (!(failure instanceof ModelBuildError)) throw failure;
    built = failure.built;
    error = failure;
  }
  const names = new Set(built.map((m) => m.name));
  const existing = new Set(await warehouse.listTables(MODEL_SCHEMA));
  const sides = await applySideTables(
    warehouse,
    models.filter((m) => names.has(m.name)),
    input.derived,
    existing,
  );
  // The day's rates for the days just built; without them reports show no converted amounts.
  if (error === null && input.rates) {
    try {
      await refreshExchangeRates(warehouse, MODEL_SCHEMA, input.rates, input.signal);
    } catch (failure) {
      error = new ModelBuildError(EXCHANGE_RATES.name, built, failure);
    }
  }
  return { models: built, applied: sides.applied, refused: sides.refused, error };
}

/**
 * Applies the derived columns to the model tables already built, without building any model
 * from the raw data and without writing their rows: each table that has derived columns, or a
 * side table, gets its side table replaced (or dropped when none is left); one whose
 * application fails keeps what it had. `tables` limits it to those a change concerns (a cluster
 * category's). Answers null when a table with derived columns was never built, or its columns
 * are not its model's (built before the model changed, or carrying derived columns in place as
 * decision 400 added them): only a full build can make it.
 */
export async function applyDerivedColumns(
  warehouse: Warehouse,
  input: Pick<BuildInput, 'derived' | 'models' | 'signal'> & { tables?: readonly string[] },
): Promise<BuildOutcome | null> {
  const models = (input.models ?? CANONICAL_MODELS).filter(
    (model) => input.tables === undefined || input.tables.includes(model.name),
  );
  const existing = new Set(await warehouse.listTables(MODEL_SCHEMA));
  const ready: CanonicalModel[] = [];
  for (const model of models) {
    const registered = input.derived.some((d) => d.table === model.name);
    // Never built (no load has finished a build): only a full build can make it.
    if (!existing.has(model.name)) {
      if (registered) return null;
      continue;
    }
    input.signal?.throwIfAborted();
    const held = (await warehouse.listColumns(MODEL_SCHEMA, model.name)).map((c) => c.name);
    const own = modelTable(model).columns.map((c) => c.name);
    if (held.length !== own.length || own.some((name) => !held.includes(name))) return null;
    ready.push(model);
  }
  const sides = await applySideTables(warehouse, ready, input.derived, existing, input.signal);
  return { ...sides, error: null };
}

/**
 * Replaces the side table of each of `models` by one computed from its derived columns, or
 * drops it when it has none. A side table the engine refuses to build stays as it was and its
 * columns are refused; the others are applied. `models` of the outcome are the tables whose
 * side table changed.
 */
async function applySideTables(
  warehouse: Warehouse,
  models: readonly CanonicalModel[],
  derived: readonly DerivedColumn[],
  existing: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<Omit<BuildOutcome, 'error'>> {
  const outcome: Omit<BuildOutcome, 'error'> = { models: [], applied: [], refused: [] };
  for (const model of models) {
    signal?.throwIfAborted();
    const table = modelTable(model);
    const checked = acceptedColumns(
      table,
      derived.filter((d) => d.table === model.name),
    );
    outcome.refused.push(...checked.refused);
    const side = sideTableName(model.name);
    if (checked.accepted.length === 0) {
      if (!existing.has(side)) continue;
      await warehouse.dropTable(MODEL_SCHEMA, side);
      outcome.models.push({ name: model.name, rows: 0 });
      continue;
    }
    const build = sideTableBuild(warehouse.engine, MODEL_SCHEMA, table, checked.accepted);
    try {
      const { rows } = await warehouse.materialize(MODEL_SCHEMA, build.table, build.sql, build.params, {
        rebuiltOnly: true,
      });
      outcome.models.push({ name: model.name, rows });
      outcome.applied.push(
        ...checked.accepted.map(({ column, label }) => ({
          table: model.name,
          column,
          label,
          keys: build.keys,
        })),
      );
    } catch (failure) {
      const reason = reasonOf(failure);
      outcome.refused.push(...checked.accepted.map(({ column }) => ({ table: model.name, column, reason })));
    }
  }
  return outcome;
}
