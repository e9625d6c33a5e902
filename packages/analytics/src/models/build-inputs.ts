// What each model was last built from, so that a rebuild leaves a model whose inputs have not
// changed (a Meta account's load rebuilds no search terms; a Moosend one no Search Console
// queries). DuckDB only: the contents of a raw table are summed up by one scan of row hashes;
// other engines rebuild every model every time.
import { createHash } from 'node:crypto';
import { qualifiedName } from '@maya/warehouse/interface';
import type { TableSchema, Warehouse } from '@maya/warehouse/interface';

/** Where the record is kept: a schema of its own, out of every listing of the model schema. */
export const BUILD_STATE_SCHEMA = 'build_state';

const MODEL_INPUTS: TableSchema = {
  name: 'model_inputs',
  columns: [
    { name: 'model', type: 'string', nullable: false },
    { name: 'fingerprint', type: 'string', nullable: false },
    { name: 'row_count', type: 'bigint', nullable: false },
  ],
  primaryKey: ['model'],
};

/** Bumped when what a fingerprint covers changes: every model is built once more. */
const FINGERPRINT_VERSION = '1';

export type BuiltRecord = { fingerprint: string; rows: number };

export type BuildInputs = {
  /** The fingerprint of a model's inputs; raw tables are each read once per build. */
  fingerprint(input: {
    model: string;
    definition: unknown;
    sql: readonly string[];
    reads: ReadonlySet<string>;
    dependencies: readonly string[];
  }): Promise<string>;
  /** What the model was last built from, if it was built whole. */
  last(model: string): BuiltRecord | undefined;
  /** After the model and its roll-ups are built whole. */
  record(model: string, fingerprint: string, rows: number): void;
  /**
   * Writes the records of the models built, in one statement. A build that stops before it
   * leaves the records before it: a model built from other inputs than its record's is built again.
   */
  save(): Promise<void>;
};

/** The record of the warehouse, or null for an engine whose models are always rebuilt. */
export async function buildInputs(warehouse: Warehouse, rawSchema: string): Promise<BuildInputs | null> {
  if (warehouse.engine !== 'duckdb') return null;
  await warehouse.ensureSchema(BUILD_STATE_SCHEMA);
  await warehouse.createTable(BUILD_STATE_SCHEMA, MODEL_INPUTS);
  const { rows } = await warehouse.query(
    `SELECT model, fingerprint, row_count FROM ${qualifiedName(BUILD_STATE_SCHEMA, MODEL_INPUTS.name)}`,
    [],
    { timeoutMs: 30_000 },
  );
  const records = new Map<string, BuiltRecord>(
    rows.map((r) => [String(r.model), { fingerprint: String(r.fingerprint), rows: Number(r.row_count) }]),
  );
  const contents = new Map<string, Promise<string>>();
  const models = new Map<string, string>();

  /** The count and the sum of row hashes of a raw table: any change to its rows changes it. */
  const contentOf = (table: string) => {
    let known = contents.get(table);
    if (!known) {
      known = warehouse
        .query(
          `SELECT count(*) AS row_count, CAST(sum(hash(t)) AS VARCHAR) AS hashes
           FROM ${qualifiedName(rawSchema, table)} AS t`,
          [],
          { timeoutMs: 60_000 },
        )
        .then(({ rows: [row] }) => `${String(row?.row_count)}:${String(row?.hashes)}`);
      contents.set(table, known);
    }
    return known;
  };

  /** The records of the models built since the last save. */
  const unsaved = new Map<string, BuiltRecord>();

  return {
    async fingerprint({ model, definition, sql, reads, dependencies }) {
      const hash = createHash('sha256').update(FINGERPRINT_VERSION).update(JSON.stringify(definition));
      for (const statement of sql) hash.update('\0').update(statement);
      for (const table of [...reads].sort()) hash.update(`\0raw ${table} ${await contentOf(table)}`);
      for (const name of [...dependencies].sort()) {
        // A dependency left out of this build counts as it was last built.
        const built = models.get(name) ?? records.get(name)?.fingerprint ?? '';
        hash.update(`\0model ${name} ${built}`);
      }
      const fingerprint = hash.digest('hex');
      models.set(model, fingerprint);
      return fingerprint;
    },
    last: (model) => records.get(model),
    record(model, fingerprint, rowCount) {
      const built = { fingerprint, rows: rowCount };
      records.set(model, built);
      unsaved.set(model, built);
    },
    async save() {
      if (unsaved.size === 0) return;
      const rows = [...unsaved].map(([model, { fingerprint, rows: rowCount }]) => ({
        model,
        fingerprint,
        row_count: rowCount,
      }));
      unsaved.clear();
      await warehouse.loadBatch(BUILD_STATE_SCHEMA, MODEL_INPUTS.name, [rows]);
    },
  };
}
