import type { RatesProvider } from '@maya/connectors';
import {
  CANONICAL_MODELS,
  MODEL_SCHEMA,
  sideTableName,
  type CanonicalModel,
  type ModelSettings,
  type SemanticModel,
} from '@maya/analytics';
import type { Platform } from '../../platform/platform';
import { withOrganization } from '../../platform/db/tenant';
import { applyDerivedColumns, buildOrganizationModels, type BuildOutcome } from './build';
import type { DerivedColumn, DerivedColumnSource } from './derived-columns';
import { modellingRepository as repo, type ModelState } from './repository';
import type { AppliedColumn } from './schema';
import { organizationSemanticModels } from './semantic';
import { createModelVersions } from './versions';
import { createReadOnlySql } from './read-only-sql';
import { createWithWarehouse, type DestinationSettings } from './warehouse';

export type ModellingDeps = {
  platform: Pick<Platform, 'config' | 'database' | 'warehouseFiles'>;
  /** The organizations' destinations (destinations module); absent: the managed DuckDB files. */
  destinations?: DestinationSettings;
  /** The ECB's euro reference rates, written beside the models after a load's rebuild; absent: none. */
  rates?: RatesProvider | null;
  /** The organization's choices the models compile (the sources module's); absent: the defaults. */
  modelSettings?: (organizationId: string) => Promise<ModelSettings>;
};

export type RebuildOptions = {
  /** Stops the rebuild between models. */
  signal?: AbortSignal;
  /** Told before each model is built (the Data Load page's progress). */
  onProgress?: (done: number, total: number) => Promise<void>;
  /** After a data load: the day's exchange rates are fetched and written too. */
  refreshRates?: boolean;
  /**
   * After a change of derived columns alone (a cluster saved): only the side tables of the model
   * tables already built are replaced (all of them, or `tables`), no model from the raw data,
   * unless a table's columns are not its model's.
   */
  derivedOnly?: true | { tables: readonly string[] };
};

export type RebuildResult = Omit<BuildOutcome, 'error'> & { version: number };

/** An organization's model tables: each canonical model with the derived columns it will carry. */
export type OrganizationModel = { model: CanonicalModel; derived: DerivedColumn[] };

export type ModellingService = ReturnType<typeof createModellingService>;

/** An organization's semantic models that a module owns (custom tables). */
export type SemanticModelSource = (organizationId: string) => Promise<SemanticModel[]>;

export function createModellingService(deps: ModellingDeps) {
  const { db, ownerUrl } = deps.platform.database;
  const withWarehouse = createWithWarehouse(deps);
  const versions = createModelVersions({ db, ownerUrl });
  const sources: DerivedColumnSource[] = [];
  const modelSources: SemanticModelSource[] = [];
  const semanticModels = new WeakMap<ModelState, Promise<SemanticModel[]>>();
  // One rebuild at a time per organization in this process: each reads what the previous wrote.
  const rebuilding = new Map<string, Promise<unknown>>();

  async function derivedColumns(organizationId: string): Promise<DerivedColumn[]> {
    const lists = await Promise.all(sources.map((source) => source(organizationId)));
    return lists.flat();
  }

  async function modelsOf(organizationId: string): Promise<SemanticModel[]> {
    const state = await versions.state(organizationId);
    let models = semanticModels.get(state);
    if (models === undefined) {
      // Other modules' models (custom tables) are read once per version: each change rebuilds.
      models = Promise.all(modelSources.map((source) => source(organizationId))).then((added) => [
        ...organizationSemanticModels(state.derived),
        ...added.flat(),
      ]);
      models.catch(() => semanticModels.delete(state));
      semanticModels.set(state, models);
    }
    return models;
  }

  async function rebuildNow(organizationId: string, options: RebuildOptions): Promise<RebuildResult> {
    const derived = await derivedColumns(organizationId);
    let outcome: BuildOutcome | null = null;
    let failure: unknown = null;
    try {
      outcome = await withWarehouse(organizationId, async (warehouse) => {
        const { derivedOnly } = options;
        const reapplied = derivedOnly
          ? await applyDerivedColumns(warehouse, {
              derived,
              signal: options.signal,
              tables: derivedOnly === true ? undefined : derivedOnly.tables,
            })
          : null;
        return (
          reapplied ??
          buildOrganizationModels(warehouse, {
            derived,
            settings: await deps.modelSettings?.(organizationId),
            rates: options.refreshRates ? (deps.rates ?? null) : null,
            signal: options.signal,
            onProgress: options.onProgress,
          })
        );
      });
    } catch (error) {
      failure = error;
    }
    // Built, failed half-way or interrupted: whatever changed must not be answered from caches.
    const version = await bump(organizationId, outcome);
    versions.saw(organizationId, version);
    if (outcome === null) throw failure;
    if (outcome.error !== null) throw outcome.error;
    const { error: _none, ...built } = outcome;
    return { ...built, version };
  }

  /**
   * The next version, with the derived columns the tables hold now: those just applied, and
   * for a table the build did not reach, those it kept from before.
   */
  async function bump(organizationId: string, outcome: BuildOutcome | null): Promise<number> {
    return withOrganization(db, organizationId, async (tx) => {
      const before = await repo.read(tx);
      let applied: AppliedColumn[];
      if (outcome !== null) {
        const rebuilt = new Set(outcome.models.map((m) => m.name));
        applied = [...outcome.applied, ...before.derived.filter((c) => !rebuilt.has(c.table))];
      } else {
        // Interrupted with no word of what it built: a table it replaced lacks its columns.
        applied = await stillInTables(organizationId, before.derived);
      }
      return repo.bump(tx, organizationId, applied);
    });
  }

  /**
   * Of these derived columns, those the warehouse's tables hold now (none if it cannot say): in
   * their side table, or (written before decision 500) in their table itself.
   */
  async function stillInTables(
    organizationId: string,
    columns: readonly AppliedColumn[],
  ): Promise<AppliedColumn[]> {
    if (columns.length === 0) return [];
    const holder = (c: AppliedColumn) => (c.keys === undefined ? c.table : sideTableName(c.table));
    try {
      return await withWarehouse(organizationId, async (warehouse) => {
        const held = new Map<string, Set<string>>();
        for (const table of new Set(columns.map(holder))) {
          const names = (await warehouse.listColumns(MODEL_SCHEMA, table)).map((c) => c.name);
          held.set(table, new Set(names));
        }
        return columns.filter((c) => held.get(holder(c))?.has(c.column) === true);
      });
    } catch {
      return [];
    }
  }

  return {
    /** Runs `work` on the organization's warehouse (its destination, or the managed DuckDB file). */
    withWarehouse,

    /** One read-only SELECT on the organization's dataset, within the row and time limits. */
    readOnlySql: createReadOnlySql(withWarehouse),

    /** The model tables a rebuild builds, each with the derived columns registered for it now. */
    async models(organizationId: string): Promise<OrganizationModel[]> {
      const derived = await derivedColumns(organizationId);
      return CANONICAL_MODELS.map((model) => ({
        model,
        derived: derived.filter((d) => d.table === model.name),
      }));
    },

    /** The organization's semantic models: the built-in ones with the derived columns last applied. */
    semanticModels: modelsOf,

    /** One of them by name (a report's `model`, a `dataset_id`); null when there is none. */
    async semanticModel(organizationId: string, name: string): Promise<SemanticModel | null> {
      return (await modelsOf(organizationId)).find((model) => model.name === name) ?? null;
    },

    /** The organization's model version: what a cached answer was computed under. */
    version: (organizationId: string) => versions.version(organizationId),
    onChange: versions.onChange,

    /** A module adds columns to the organization's model tables (composition root). */
    registerDerivedColumns(source: DerivedColumnSource): void {
      sources.push(source);
    },

    /** A module adds semantic models of its own tables (custom tables); asked once per version. */
    registerSemanticModels(source: SemanticModelSource): void {
      modelSources.push(source);
    },

    /**
     * Rebuilds the organization's models from the raw data already loaded (no provider is asked
     * for data), then each table's side table of derived columns (or, `derivedOnly`, only
     * re-applies the derived columns), bumps the model version and tells every process.
     * A build failure (`ModelBuildError`) is thrown after the bump; derived columns that could not
     * be applied are in the result's `refused`, their tables left as built.
     */
    async rebuild(organizationId: string, options: RebuildOptions = {}): Promise<RebuildResult> {
      const before = rebuilding.get(organizationId) ?? Promise.resolve();
      const mine = before.catch(() => undefined).then(() => rebuildNow(organizationId, options));
      rebuilding.set(organizationId, mine);
      try {
        return await mine;
      } finally {
        if (rebuilding.get(organizationId) === mine) rebuilding.delete(organizationId);
      }
    },

    listen: versions.listen,
    close: versions.close,
  };
}
