// A canonical model as data: its table, the raw tables and other models it reads, and the SQL
// that builds it. Every model has the same shape of query: the rows of each source whose raw
// tables exist, cast to the model's types and stacked (UNION ALL), then combined per primary key
// (sums and maxima), then the minor-unit amounts derived from the summed micros and the packed
// keys from their two parts.
import { META_DEFAULT_CONVERSION_ACTION_TYPES } from '@maya/contracts';
import { assertIdentifier } from '@maya/warehouse/interface';
import type { Column, ColumnType, TableSchema } from '@maya/warehouse/interface';
import { cast, ident, tableRef, type SqlDialect } from './dialect';
import { minorUnitsSql } from './money';
import { packSql } from './packed-key';

/**
 * How the rows a key gathers from its sources combine: `key` columns are the primary key,
 * `group` columns are fixed by the key (grouped by, e.g. the channel of a service), `max` and
 * `sum` aggregate, `minor` is computed from the summed micros column `micros` in `currency`, and
 * `packed` holds its two text `parts` in one value (packed-key.ts), for reports grouping by both.
 */
export type ModelColumn = Column & { description: string } & (
    | { role: 'key' | 'group' | 'max' | 'sum' }
    | { role: 'minor'; micros: string; currency: string }
    | { role: 'packed'; parts: readonly [string, string] }
  );

/** An organization's choices the models compile (issue 30); `DEFAULT_MODEL_SETTINGS` otherwise. */
export type ModelSettings = {
  /** The Meta action types that count as conversions (an entry ending in `.*`: every type it starts). */
  readonly metaConversionActionTypes: readonly string[];
};

export const DEFAULT_MODEL_SETTINGS: ModelSettings = {
  metaConversionActionTypes: META_DEFAULT_CONVERSION_ACTION_TYPES,
};

export type ModelContext = {
  readonly dialect: SqlDialect;
  readonly settings: ModelSettings;
  /** Whether the raw table exists (some service is connected and loaded). */
  has(table: string): boolean;
  /** A raw table, qualified and quoted. */
  raw(table: string): string;
  /** The table of a model this one lists in `dependsOn`, qualified and quoted. */
  model(name: string): string;
  /**
   * Quotes the identifiers of a SQL template: `{name}` and `{alias.name}` become the dialect's
   * quoted identifiers, so that the models are written once for every engine.
   */
  sql(template: string): string;
};

export type ModelSource = {
  /** The service (connector id) whose rows it gives, or the model it derives from. */
  origin: string;
  /** The raw tables it needs: the source is left out unless every one exists. */
  reads: readonly string[];
  /** Raw tables it also reads when they exist. */
  optional?: readonly string[];
  /** A query with one column per stacked column (not `minor` or `packed`), by name; null leaves it out. */
  sql(ctx: ModelContext): string | null;
};

export type CanonicalModel = {
  /** The table's name in the model schema. */
  name: string;
  /** What a row is (the grain), for the documentation and the report engine. */
  description: string;
  columns: readonly ModelColumn[];
  /** Models whose tables this one reads; they are built first. */
  dependsOn: readonly string[];
  sources: readonly ModelSource[];
};

/** `<service>__<stream>`, as the ETL names raw tables (apps/server etl `rawTableName`). */
export function rawTable(service: string, stream: string): string {
  return `${service}__${stream}`;
}

/** The model's table: its columns, the `key` columns as primary key. */
export function modelTable(model: CanonicalModel): TableSchema {
  return {
    name: model.name,
    columns: model.columns.map(({ name, type, nullable }) => ({ name, type, nullable })),
    primaryKey: model.columns.filter((c) => c.role === 'key').map((c) => c.name),
  };
}

/** Every raw table a model may read, for the documentation and the tests. */
export function modelReads(model: CanonicalModel): string[] {
  return [...new Set(model.sources.flatMap((s) => [...s.reads, ...(s.optional ?? [])]))].sort();
}

export type ContextInput = {
  dialect: SqlDialect;
  rawSchema: string;
  modelSchema: string;
  /** The raw tables that exist. */
  rawTables: ReadonlySet<string>;
  /** The organization's settings; the defaults when absent. */
  settings?: ModelSettings;
};

/** The context a model's sources are written against; it refuses undeclared model reads. */
export function modelContext(model: CanonicalModel, input: ContextInput): ModelContext {
  const { dialect } = input;
  return {
    dialect,
    settings: input.settings ?? DEFAULT_MODEL_SETTINGS,
    has: (table) => input.rawTables.has(table),
    raw: (table) => tableRef(dialect, input.rawSchema, table),
    model: (name) => {
      if (!model.dependsOn.includes(name)) {
        throw new Error(`model ${model.name} reads ${name} without listing it in dependsOn`);
      }
      return tableRef(dialect, input.modelSchema, name);
    },
    sql: (template) => quoteTemplate(dialect, template),
  };
}

const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)(?:\.([a-z_][a-z0-9_]*))?\}/g;

export function quoteTemplate(dialect: SqlDialect, template: string): string {
  return template.replace(PLACEHOLDER, (_, first: string, second: string | undefined) =>
    second === undefined ? ident(dialect, first) : `${ident(dialect, first)}.${ident(dialect, second)}`,
  );
}

/**
 * The query that builds the model: the included sources' rows stacked and combined per key. A
 * model none of whose sources is included gives no rows, with the model's columns and types.
 */
export function modelSql(model: CanonicalModel, ctx: ModelContext): string {
  checkModel(model);
  const { dialect } = ctx;
  const q = (name: string) => ident(dialect, name);
  const stacked = model.columns.filter((c) => c.role !== 'minor' && c.role !== 'packed');
  const selects = model.sources
    .filter((s) => s.reads.every((table) => ctx.has(table)))
    .map((s) => s.sql(ctx))
    .filter((sql): sql is string => sql !== null);
  if (selects.length === 0) {
    const nulls = model.columns.map((c) => `${cast(dialect, 'NULL', c.type)} AS ${q(c.name)}`);
    // A one-row derived table: not every engine takes WHERE without FROM.
    return `SELECT ${nulls.join(', ')} FROM (SELECT 1 AS ${q('one')}) AS ${q('e')} WHERE 1 = 0`;
  }
  const union = selects
    .map((sql) => {
      const columns = stacked.map(
        (c) => `${cast(dialect, `${q('s')}.${q(c.name)}`, c.type)} AS ${q(c.name)}`,
      );
      return `SELECT ${columns.join(', ')} FROM (\n${sql}\n) AS ${q('s')}`;
    })
    .join('\nUNION ALL\n');
  const grouping = stacked.filter((c) => c.role === 'key' || c.role === 'group');
  const combined = stacked.map((c) => {
    const column = `${q('u')}.${q(c.name)}`;
    switch (c.role) {
      case 'key':
      case 'group':
        return `${column} AS ${q(c.name)}`;
      case 'max':
        return `${cast(dialect, `MAX(${column})`, c.type)} AS ${q(c.name)}`;
      case 'sum':
        return `${cast(dialect, `SUM(${column})`, c.type)} AS ${q(c.name)}`;
      default:
        throw new Error(`unexpected role of ${c.name}`);
    }
  });
  const g = (name: string) => `${q('g')}.${q(name)}`;
  const final = model.columns.map((c) => {
    if (c.role === 'minor') return `${minorUnitsSql(dialect, g(c.micros), g(c.currency))} AS ${q(c.name)}`;
    if (c.role === 'packed') return `${packSql(g(c.parts[0]), g(c.parts[1]))} AS ${q(c.name)}`;
    return g(c.name);
  });
  return `SELECT ${final.join(', ')} FROM (
SELECT ${combined.join(', ')} FROM (
${union}
) AS ${q('u')}
GROUP BY ${grouping.map((c) => `${q('u')}.${q(c.name)}`).join(', ')}
) AS ${q('g')}`;
}

/** A definition's own consistency: names, a key, and aggregations every engine has. */
export function checkModel(model: CanonicalModel): void {
  assertIdentifier(model.name, 'model name');
  const names = new Set(model.columns.map((c) => c.name));
  if (names.size !== model.columns.length) throw new Error(`model ${model.name} repeats a column`);
  if (!model.columns.some((c) => c.role === 'key')) throw new Error(`model ${model.name} has no key`);
  for (const column of model.columns) {
    assertIdentifier(column.name, 'column');
    if (column.role === 'key' && column.nullable) {
      throw new Error(`key column ${model.name}.${column.name} must not be nullable`);
    }
    if (
      (column.role === 'sum' || column.role === 'max') &&
      !AGGREGATABLE[column.role].includes(column.type)
    ) {
      throw new Error(`${model.name}.${column.name}: ${column.role} of ${column.type} is not portable`);
    }
    if (column.role === 'packed') checkPacked(model, column.name, column.parts);
    if (column.role === 'minor') {
      const micros = model.columns.find((c) => c.name === column.micros);
      if (micros?.role !== 'sum' || !names.has(column.currency)) {
        throw new Error(`${model.name}.${column.name} needs a summed micros column and a currency column`);
      }
    }
  }
}

/**
 * A packed column's parts are text columns of the model, the first fixed by the key (`group`: a
 * value the product writes, such as the channel, which never holds the separator).
 */
function checkPacked(model: CanonicalModel, name: string, parts: readonly [string, string]): void {
  const [first, second] = parts.map((part) => model.columns.find((c) => c.name === part));
  const where = `${model.name}.${name}`;
  if (first?.role !== 'group' || first.type !== 'string') {
    throw new Error(`${where}: the first part ${parts[0]} must be a text column fixed by the key`);
  }
  if (second === undefined || second.type !== 'string' || second.role === 'packed') {
    throw new Error(`${where}: the second part ${parts[1]} must be a text column`);
  }
}

// PostgreSQL has no MAX(boolean); sums are of numbers only.
const AGGREGATABLE: Record<'sum' | 'max', readonly ColumnType[]> = {
  sum: ['integer', 'bigint', 'double', 'decimal'],
  max: ['string', 'integer', 'bigint', 'double', 'decimal', 'date', 'timestamp'],
};
