import { WarehouseError } from './errors';
import { assertIdentifier, qualifiedName, quoteIdentifier } from './identifiers';
import { COLUMN_TYPES, type Column, type ColumnType, type TableSchema } from './warehouse';

/**
 * Checks a table definition and returns it normalised: primary-key columns are NOT NULL.
 * Bad names are `invalid_identifier`; a structurally wrong definition is `schema_mismatch`.
 */
export function validateTableSchema(table: TableSchema): TableSchema {
  assertIdentifier(table.name, 'table');
  if (!Array.isArray(table.columns) || table.columns.length === 0) {
    throw mismatch(`table "${table.name}" has no columns`);
  }
  const seen = new Set<string>();
  for (const column of table.columns) {
    assertIdentifier(column.name, 'column');
    if (seen.has(column.name)) throw mismatch(`column "${column.name}" is declared twice`);
    seen.add(column.name);
    if (!COLUMN_TYPES.includes(column.type)) {
      throw mismatch(`column "${column.name}" has unknown type ${JSON.stringify(column.type)}`);
    }
  }
  if (!Array.isArray(table.primaryKey) || table.primaryKey.length === 0) {
    throw mismatch(`table "${table.name}" needs a primary key: loads upsert by it`);
  }
  const keys = new Set<string>();
  for (const key of table.primaryKey) {
    assertIdentifier(key, 'primary key column');
    if (!seen.has(key)) throw mismatch(`primary key column "${key}" is not a column`);
    if (keys.has(key)) throw mismatch(`primary key column "${key}" is listed twice`);
    keys.add(key);
  }
  return {
    name: table.name,
    columns: table.columns.map((c) => ({
      name: c.name,
      type: c.type,
      nullable: keys.has(c.name) ? false : c.nullable !== false,
    })),
    primaryKey: [...table.primaryKey],
  };
}

export type TableChange =
  | { kind: 'create' }
  | { kind: 'none' }
  /** Declared nullable columns the table lacks are added; `widen` columns become `double`. */
  | { kind: 'alter'; add: Column[]; widen: Column[] };

/**
 * Whether a column of type `from` may become `to` in place: a whole number becoming a fraction
 * (a provider now declaring a metric as a float, GA4's key events), every value kept. Key columns
 * never change type.
 */
export function widens(from: ColumnType, to: ColumnType): boolean {
  return (from === 'integer' || from === 'bigint') && to === 'double';
}

/**
 * What `createTable` must do to make `existing` (null when absent) serve `declared`.
 * Columns the existing table has beyond the declared ones are tolerated when nullable; a
 * whole-number column declared `double` is widened (`widens`).
 */
export function planTableChange(declared: TableSchema, existing: TableSchema | null): TableChange {
  if (existing === null) return { kind: 'create' };
  const problems: string[] = [];
  if (declared.primaryKey.join(',') !== existing.primaryKey.join(',')) {
    problems.push(
      `primary key is (${existing.primaryKey.join(', ')}), declared (${declared.primaryKey.join(', ')})`,
    );
  }
  const existingByName = new Map(existing.columns.map((c) => [c.name, c]));
  const missing: Column[] = [];
  const widen: Column[] = [];
  const keys = new Set(declared.primaryKey);
  for (const column of declared.columns) {
    const found = existingByName.get(column.name);
    if (found === undefined) {
      if (column.nullable) missing.push(column);
      else problems.push(`column "${column.name}" is missing and NOT NULL`);
      continue;
    }
    if (found.type !== column.type && widens(found.type, column.type) && !keys.has(column.name)) {
      widen.push(column);
    } else if (found.type !== column.type) {
      problems.push(`column "${column.name}" is ${found.type}, declared ${column.type}`);
    }
    if (found.nullable !== column.nullable) {
      problems.push(
        `column "${column.name}" is ${nullability(found.nullable)}, declared ${nullability(column.nullable)}`,
      );
    }
  }
  const declaredNames = new Set(declared.columns.map((c) => c.name));
  for (const column of existing.columns) {
    if (!declaredNames.has(column.name) && !column.nullable) {
      problems.push(`column "${column.name}" exists, is NOT NULL and is not declared`);
    }
  }
  if (problems.length > 0) {
    throw mismatch(`table "${declared.name}" exists with another definition: ${problems.join('; ')}`);
  }
  return missing.length > 0 || widen.length > 0 ? { kind: 'alter', add: missing, widen } : { kind: 'none' };
}

/** The definition of a table from its engine-reported columns and primary key. */
export function tableSchemaFrom(
  name: string,
  columns: { name: string; type: ColumnType; nullable: boolean }[],
  primaryKey: string[],
): TableSchema | null {
  if (columns.length === 0) return null;
  return { name, columns, primaryKey };
}

function nullability(nullable: boolean): string {
  return nullable ? 'nullable' : 'NOT NULL';
}

function mismatch(message: string): WarehouseError {
  return new WarehouseError('schema_mismatch', message);
}

/**
 * CREATE TABLE of the declared definition: its columns, NOT NULL where declared, and its primary
 * key as a constraint unless `withKey` is false (a table only ever rebuilt whole, whose key its
 * builder checks: `MaterializeOptions.rebuiltOnly`).
 */
export function createTableStatement(
  schema: string,
  declared: TableSchema,
  sqlType: (type: ColumnType) => string,
  withKey = true,
): string {
  const columns = declared.columns.map(
    (c) => `${quoteIdentifier(c.name)} ${sqlType(c.type)}${c.nullable ? '' : ' NOT NULL'}`,
  );
  const key = declared.primaryKey.map((k) => quoteIdentifier(k)).join(', ');
  const constraint = withKey ? `, PRIMARY KEY (${key})` : '';
  return `CREATE TABLE ${qualifiedName(schema, declared.name)} (${columns.join(', ')}${constraint})`;
}

/**
 * The DDL that brings a table to its declared definition (create it, add the declared nullable
 * columns it lacks, widen whole-number columns declared `double`); each engine passes its own
 * column-type mapping. DuckDB and PostgreSQL run them in one transaction: a widened column
 * changes with its table's other changes, or not at all.
 */
export function tableChangeStatements(
  schema: string,
  declared: TableSchema,
  existing: TableSchema | null,
  sqlType: (type: ColumnType) => string,
): string[] {
  const change = planTableChange(declared, existing);
  const name = qualifiedName(schema, declared.name);
  switch (change.kind) {
    case 'none':
      return [];
    case 'create':
      return [createTableStatement(schema, declared, sqlType)];
    case 'alter':
      return [
        ...change.add.map(
          (column) =>
            `ALTER TABLE ${name} ADD COLUMN ${quoteIdentifier(column.name)} ${sqlType(column.type)}`,
        ),
        ...change.widen.map(
          (column) =>
            `ALTER TABLE ${name} ALTER COLUMN ${quoteIdentifier(column.name)} TYPE ${sqlType(column.type)}`,
        ),
      ];
    default:
      return change satisfies never;
  }
}
