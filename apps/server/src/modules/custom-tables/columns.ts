// The server's side of the column rules (contracts custom-table-columns.ts): a refusal in the
// upload's words, and the columns an upload's header gives the table.
import {
  CUSTOM_TABLE_REQUIRED_COLUMNS,
  CustomTableErrorType,
  columnsProblem,
  customTableMessages,
  defaultColumns,
  type CustomTableColumn,
  type CustomTableId,
} from '@maya/contracts';
import { csvRefused } from './csv/errors';

export function checkColumns(tableId: CustomTableId, columns: readonly CustomTableColumn[]): void {
  const problem = columnsProblem(tableId, columns);
  if (problem !== null) throw csvRefused(CustomTableErrorType.invalidColumns, problem);
}

/**
 * The columns an upload's header gives the table: for a table that exists, its columns when the
 * header has exactly their names (else the spec's mismatch); for a new one, those the request
 * names (or the header's defaults), which must map the header whole.
 */
export function planColumns(
  tableId: CustomTableId,
  header: readonly string[],
  existing: readonly CustomTableColumn[] | null,
  requested: readonly CustomTableColumn[] | null,
): CustomTableColumn[] {
  const missing = CUSTOM_TABLE_REQUIRED_COLUMNS[tableId].filter((name) => !header.includes(name));
  if (missing.length > 0) {
    throw csvRefused(CustomTableErrorType.missingColumns, customTableMessages.missingColumns(missing), {
      columns: missing,
    });
  }
  if (new Set(header).size !== header.length) {
    throw csvRefused(CustomTableErrorType.invalidColumns, 'The CSV header names a column twice');
  }
  const wanted = existing ?? requested;
  if (wanted === null) return defaultColumns(tableId, header);
  const sameNames =
    wanted.length === header.length && wanted.every((column) => header.includes(column.columnName));
  if (!sameNames) {
    throw csvRefused(
      existing !== null ? CustomTableErrorType.schemaMismatch : CustomTableErrorType.invalidColumns,
      existing !== null ? customTableMessages.schemaMismatch : 'Every CSV column must be mapped',
    );
  }
  const ordered = header.flatMap((name) => wanted.filter((column) => column.columnName === name));
  checkColumns(tableId, ordered);
  return ordered;
}
