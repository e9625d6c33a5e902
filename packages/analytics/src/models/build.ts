// Building the canonical models in an organization's warehouse, in dependency order.
import { errorMessage } from '@maya/warehouse/interface';
import type { QueryParams, TableSchema, Warehouse } from '@maya/warehouse/interface';
import { CANONICAL_MODELS } from './catalog';
import { modelContext, modelSql, modelTable, type CanonicalModel } from './model';
import { orderModels } from './order';

/** Where the ETL builds the canonical models (raw source tables are in `raw`). */
export const MODEL_SCHEMA = 'analytics';

export type BuildModelsOptions = {
  /** Where the raw source tables are (`raw`). */
  rawSchema: string;
  /** Where the models' tables go (`analytics`). */
  modelSchema: string;
  /** Stops the build between models. */
  signal?: AbortSignal;
  /** The models to build; the canonical ones by default (the extension point: add models here). */
  models?: readonly CanonicalModel[];
  /**
   * Told before each model is built (`done` built so far of `total`), so a caller can show the
   * build's own progress; awaited, so it may write it somewhere.
   */
  onProgress?: (done: number, total: number) => Promise<void> | void;
  /**
   * Adds columns to a model's table in the same statement that builds it (an organization's
   * derived columns), so that no reader ever sees the table without them: its table and the
   * select over the model's own (`select`); null leaves the model as it is. When the extended
   * statement fails, the model is built as it is and `onExtensionFailed` is told why.
   */
  extend?: (model: CanonicalModel, table: TableSchema, select: string) => ModelExtension | null;
  onExtensionFailed?: (model: CanonicalModel, error: unknown) => void;
};

/** A model's table with added columns, and the select that fills it (`$n` parameters bound). */
export type ModelExtension = { table: TableSchema; sql: string; params: QueryParams };

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
  const built: BuiltModel[] = [];
  for (const model of models) {
    options.signal?.throwIfAborted();
    await options.onProgress?.(built.length, models.length);
    try {
      const ctx = modelContext(model, {
        dialect: warehouse.engine,
        rawSchema: options.rawSchema,
        modelSchema: options.modelSchema,
        rawTables,
      });
      const table = modelTable(model);
      const select = modelSql(model, ctx);
      const extension = options.extend?.(model, table, select) ?? null;
      let rows: number | null = null;
      if (extension !== null) {
        try {
          rows = (
            await warehouse.materialize(options.modelSchema, extension.table, extension.sql, extension.params)
          ).rows;
        } catch (failure) {
          options.onExtensionFailed?.(model, failure);
        }
      }
      rows ??= (await warehouse.materialize(options.modelSchema, table, select)).rows;
      built.push({ name: model.name, rows });
    } catch (error) {
      throw new ModelBuildError(model.name, [...built], error);
    }
  }
  return { models: built };
}
