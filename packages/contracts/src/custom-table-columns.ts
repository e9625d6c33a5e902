// The column rules of a custom table (spec 001 §5 Custom table editor), applied by the web's
// editor and again by the server: final names unique, one primary key at most, every required
// column of the category present under its own name with its fixed type, and a manual ads
// table's report columns with their types.
import {
  CUSTOM_TABLE_REQUIRED_COLUMNS,
  customTableMessages,
  type CustomColumnType,
  type CustomTableColumn,
  type CustomTableId,
} from './custom-tables';

/**
 * The columns marketing performance reads from a manual ads table beside its required ones, by
 * final name (packages/warehouse models/manual-ads.ts); the loader adds those a file lacks.
 */
export const MANUAL_ADS_COLUMNS = {
  decimal: ['spend', 'impressions', 'clicks', 'conversions', 'conversion_value'],
  string: ['currency', 'campaign_name', 'ad_group_id', 'ad_group_name', 'campaign_type'],
} as const;

/** A required column's type: days for dates, text for ids and names. */
export function requiredType(name: string): CustomColumnType {
  return name === 'date' || name.endsWith('_at') ? 'Date' : 'String';
}

const NUMERIC_BY_NAME = new Set<string>(MANUAL_ADS_COLUMNS.decimal);

/** A header name as a final name: lower case, letters, digits and _. */
export function aliasOf(columnName: string): string {
  const alias = columnName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 63);
  return alias === '' ? 'column' : /^[0-9]/.test(alias) ? `c_${alias}`.slice(0, 63) : alias;
}

/** The columns a header gives when the upload names none: required ones typed, the others text. */
export function defaultColumns(tableId: CustomTableId, header: readonly string[]): CustomTableColumn[] {
  const required = new Set<string>(CUSTOM_TABLE_REQUIRED_COLUMNS[tableId]);
  return header.map((columnName) => {
    const isRequired = required.has(columnName);
    const alias = aliasOf(columnName);
    const type: CustomColumnType = isRequired
      ? requiredType(columnName)
      : NUMERIC_BY_NAME.has(alias) && tableId === 'manual_ads_performance'
        ? 'Numeric'
        : 'String';
    return { columnName, alias, type, isRequired, isPrimaryKey: false };
  });
}

/** Why these columns cannot be the table's, in the spec's words where it has them; null if fine. */
export function columnsProblem(tableId: CustomTableId, columns: readonly CustomTableColumn[]): string | null {
  if (columns.length === 0) return customTableMessages.noColumns;
  const aliases = columns.map((c) => c.alias);
  if (new Set(aliases).size !== aliases.length) return customTableMessages.duplicateNames;
  const names = columns.map((c) => c.columnName);
  if (new Set(names).size !== names.length) return 'The CSV header names a column twice';
  if (columns.filter((c) => c.isPrimaryKey).length > 1) return 'Only one column can be the primary key';
  const missing = CUSTOM_TABLE_REQUIRED_COLUMNS[tableId].filter((name) => !names.includes(name));
  if (missing.length > 0) return customTableMessages.missingColumns(missing);
  for (const name of CUSTOM_TABLE_REQUIRED_COLUMNS[tableId]) {
    const column = columns.find((c) => c.columnName === name);
    if (column === undefined) return customTableMessages.missingColumns([name]);
    if (!column.isRequired || column.alias !== name || column.type !== requiredType(name)) {
      return `${name} is a required column: its name and type (${requiredType(name)}) cannot change`;
    }
  }
  if (tableId === 'manual_ads_performance') {
    for (const column of columns) {
      const numeric = NUMERIC_BY_NAME.has(column.alias);
      const text = (MANUAL_ADS_COLUMNS.string as readonly string[]).includes(column.alias);
      if ((numeric && column.type !== 'Numeric') || (text && column.type !== 'String')) {
        return `${column.alias} feeds the marketing report: its type must be ${numeric ? 'Numeric' : 'String'}`;
      }
    }
  }
  return null;
}
