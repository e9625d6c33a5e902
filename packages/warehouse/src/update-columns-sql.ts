import { WarehouseError } from './errors';
import { assertIdentifier, qualifiedName, quoteIdentifier } from './identifiers';
import { materializeSelect } from './materialize-sql';
import type { ColumnType, ColumnUpdate, TableSchema } from './warehouse';

const TARGET = '"__maya_target"';
const LOOKUP = '"__maya_lookup"';

/**
 * The statements of an `updateColumns` on `existing` (the table as it is): the DROP and ADD
 * COLUMN statements, then the UPDATE that fills the added columns from the lookup (null when
 * there is none to fill). Checks the change first: names, keys and columns that are the
 * table's, and no column both set and kept as a key.
 */
export function updateColumnsStatements(
  schema: string,
  existing: TableSchema,
  update: ColumnUpdate,
  sqlType: (type: ColumnType) => string,
): { ddl: string[]; update: string | null } {
  const name = qualifiedName(schema, existing.name);
  const held = new Set(existing.columns.map((c) => c.name));
  const fixed = new Set([...existing.primaryKey, ...update.keys]);
  const setNames = update.columns.map((c) => assertIdentifier(c.name, 'column'));
  const drop = (update.drop ?? []).map((c) => assertIdentifier(c, 'column'));
  for (const key of update.keys) {
    assertIdentifier(key, 'key column');
    if (!held.has(key)) throw mismatch(`key column "${key}" is not a column of ${existing.name}`);
  }
  for (const column of [...setNames, ...drop]) {
    if (fixed.has(column))
      throw mismatch(`column "${column}" is a key of ${existing.name}: it cannot change`);
  }
  if (new Set(setNames).size !== setNames.length) throw mismatch('a column is set twice');
  const q = (column: string) => quoteIdentifier(column, 'column');
  const dropped = [...new Set([...drop, ...setNames])].filter((c) => held.has(c));
  const ddl = [
    ...dropped.map((c) => `ALTER TABLE ${name} DROP COLUMN ${q(c)}`),
    ...update.columns.map((c) => `ALTER TABLE ${name} ADD COLUMN ${q(c.name)} ${sqlType(c.type)}`),
  ];
  if (update.columns.length === 0) return { ddl, update: null };
  const set = update.columns.map((c) => `${q(c.name)} = CAST(${LOOKUP}.${q(c.name)} AS ${sqlType(c.type)})`);
  const on = update.keys.map((k) => `${TARGET}.${q(k)} IS NOT DISTINCT FROM ${LOOKUP}.${q(k)}`);
  // The newline keeps a trailing line comment of the lookup from swallowing the parenthesis.
  const sql = `UPDATE ${name} AS ${TARGET} SET ${set.join(', ')} FROM (
${materializeSelect(update.lookupSql)}
) AS ${LOOKUP}${on.length > 0 ? ` WHERE ${on.join(' AND ')}` : ''}`;
  return { ddl, update: sql };
}

function mismatch(message: string): WarehouseError {
  return new WarehouseError('schema_mismatch', message);
}
