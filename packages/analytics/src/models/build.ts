// Building the canonical models in an organization's warehouse, in dependency order.
import { errorMessage } from '@maya/warehouse/interface';
import type { Warehouse } from '@maya/warehouse/interface';
import { CANONICAL_MODELS } from './catalog';
import { modelContext, modelSql, modelTable, type CanonicalModel, type ModelSettings } from './model';
import { orderModels } from './order';
import { buildInputs } from './build-inputs';
import { rollupBuild, rollupsOf } from './rollups';

/** Where the ETL builds the canonical models (raw source tables are in `raw`). */
export const MODEL_SCHEMA = 'analytics';

export type BuildModelsOptions = {
  /** Where the raw source tables are (`raw`). */
  rawSchema: string;
  /** Where the models' tables go (`analytics`). */
  modelSchema: string;
  /** Stops the build between models. */
  signal?: AbortSignal;
  /** The organization's choices the models compile (which Meta action types count); the defaults when absent. */
  settings?: ModelSettings;
  /** The models to build; the canonical ones by default (the extension point: add models here). */
  models?: readonly CanonicalModel[];
  /**
   * Told before each model is built (`done` built so far of `total`), so a caller can show the
   * build's own progress; awaited, so it may write it somewhere.
   */
  onProgress?: (done: number, total: number) => Promise<void> | void;
};

export type BuiltModel = { name: string; rows: number };

export type BuildModelsResult = { models: BuiltModel[] };

/**
 * A model failed to build. The models before it were built and stay as built; the failed one
 * and the ones after it keep their previous tables (each build is one atomic `materialize`).
 */
export class ModelBuildError extends Error {
  override readonly name = 'ModelBuildError';
  readonly model: string;
  readonly built: BuiltModel[];

  constructor(model: string, built: BuiltModel[], cause: unknown) {
    super(`the ${model} model failed to build: ${errorMessage(cause)}`, { cause });
    this.model = model;
    this.built = built;
  }
}

/**
 * Rebuilds every model from the raw tables that exist: in dependency order (a cycle or unknown
 * dependency throws before anything is built), each one replaced atomically by
 * `Warehouse.materialize`. A model none of whose raw tables exist becomes an empty table. The
 * first failure stops the build with a `ModelBuildError` naming the model. Building twice from
 * the same raw tables leaves the same tables.
 */
export async function buildModels(
  warehouse: Warehouse,
  options: BuildModelsOptions,
): Promise<BuildModelsResult> {
  const models = orderModels(options.models ?? CANONICAL_MODELS);
  options.signal?.throwIfAborted();
  await warehouse.ensureSchema(options.modelSchema);
  const rawTables = new Set(await warehouse.listTables(options.rawSchema));
  const existing = new Set(await warehouse.listTables(options.modelSchema));
  const inputs = await buildInputs(warehouse, options.rawSchema);
  const built: BuiltModel[] = [];
  for (const model of models) {
    options.signal?.throwIfAborted();
    await options.onProgress?.(built.length, models.length);
    try {
      const reads = new Set<string>();
      const context = modelContext(model, {
        dialect: warehouse.engine,
        rawSchema: options.rawSchema,
        modelSchema: options.modelSchema,
        rawTables,
        settings: options.settings,
      });
      // The raw tables the statement names are the ones its fingerprint sums up.
      const ctx = { ...context, raw: (table: string) => (reads.add(table), context.raw(table)) };
      const sql = modelSql(model, ctx);
      const rollups = rollupsOf(model.name).map((r) =>
        rollupBuild(warehouse.engine, options.modelSchema, model, r),
      );
      const fingerprint = await inputs?.fingerprint({
        model: model.name,
        definition: modelTable(model),
        sql: [sql, ...rollups.map((r) => r.sql)],
        reads,
        dependencies: model.dependsOn,
      });
      const last = inputs?.last(model.name);
      const whole = [model.name, ...rollups.map((r) => r.table.name)].every((t) => existing.has(t));
      if (fingerprint !== undefined && last?.fingerprint === fingerprint && whole) {
        built.push({ name: model.name, rows: last.rows });
        continue;
      }
      const { rows } = await warehouse.materialize(
        options.modelSchema,
        modelTable(model),
        sql,
        [],
        // Its key checked, not indexed (docs/data-model.md): the index was a third of a rebuild.
        { rebuiltOnly: true },
      );
      built.push({ name: model.name, rows });
      await buildRollups(warehouse, options.modelSchema, rollups);
      if (fingerprint !== undefined) inputs?.record(model.name, fingerprint, rows);
    } catch (error) {
      await inputs?.save().catch(() => undefined);
      throw new ModelBuildError(model.name, [...built], error);
    }
  }
  await inputs?.save();
  return { models: built };
}

/**
 * The model's roll-ups, right after it (decision 810). When one fails, every roll-up of the model
 * is dropped before the failure goes on (the model's build fails with it): the ones built before
 * it are of the new rows but the ones after are of the old, and a report reads the first that
 * holds its columns, so reports read the model itself until a build makes them all again.
 */
async function buildRollups(
  warehouse: Warehouse,
  schema: string,
  rollups: readonly ReturnType<typeof rollupBuild>[],
): Promise<void> {
  try {
    for (const build of rollups) {
      await warehouse.materialize(schema, build.table, build.sql, [], { rebuiltOnly: true });
    }
  } catch (error) {
    for (const build of rollups) await warehouse.dropTable(schema, build.table.name).catch(() => undefined);
    throw error;
  }
}
