import { WarehouseError } from './errors';

/** Lower-case SQL identifiers only, at most 63 characters (PostgreSQL's limit). */
export const IDENTIFIER_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

const STAGED_SUFFIX = '__staged';

export function assertIdentifier(name: unknown, what = 'identifier'): string {
  if (typeof name !== 'string' || !IDENTIFIER_PATTERN.test(name)) {
    throw new WarehouseError(
      'invalid_identifier',
      `invalid ${what} ${JSON.stringify(name)}: use lower-case letters, digits and _ (at most 63, not starting with a digit)`,
    );
  }
  return name;
}

/** Validates and double-quotes one identifier. */
export function quoteIdentifier(name: string, what?: string): string {
  return `"${assertIdentifier(name, what)}"`;
}

/** `"schema"."table"`, both validated. */
export function qualifiedName(schema: string, table: string): string {
  return `${quoteIdentifier(schema, 'schema')}.${quoteIdentifier(table, 'table')}`;
}

/** The name of a table's staged twin, loaded with `{staging: true}` and published by `swap`. */
export function stagedTableName(table: string): string {
  assertIdentifier(table, 'table');
  return assertIdentifier(`${table}${STAGED_SUFFIX}`, 'staged table name (table name too long)');
}
