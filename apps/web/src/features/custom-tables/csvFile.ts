import {
  CUSTOM_TABLE_REQUIRED_COLUMNS,
  customTableMessages,
  headerNames,
  type CustomTableColumn,
  type CustomTableId,
} from '@maya/contracts';

const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel'];

/** The first 64 KiB as text, in the encoding its byte-order mark names (else UTF-8). */
async function headText(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}

export type CheckedFile = { ok: true; header: string[] } | { ok: false; message: string };

/**
 * The browser's checks before an upload (spec 001 §4, §5), the server checks again: the type,
 * a header with columns, the category's required columns, and on a replace the same columns.
 */
export async function checkCsvFile(
  file: File | null,
  tableId: CustomTableId,
  existing: readonly CustomTableColumn[] | null,
): Promise<CheckedFile> {
  if (file === null) return { ok: false, message: customTableMessages.uploadCsv };
  const namedCsv = file.name.toLowerCase().endsWith('.csv');
  if (!CSV_TYPES.includes(file.type) && !(namedCsv && file.type === '')) {
    return { ok: false, message: customTableMessages.notCsv };
  }
  const header = headerNames(await headText(file));
  if (header.length === 0) return { ok: false, message: customTableMessages.noColumns };
  const missing = CUSTOM_TABLE_REQUIRED_COLUMNS[tableId].filter((name) => !header.includes(name));
  if (missing.length > 0) return { ok: false, message: customTableMessages.missingColumns(missing) };
  if (existing !== null) {
    const same = existing.length === header.length && existing.every((c) => header.includes(c.columnName));
    if (!same) return { ok: false, message: customTableMessages.schemaMismatch };
  }
  return { ok: true, header };
}
