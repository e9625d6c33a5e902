import { z } from 'zod/mini';

/**
 * Custom tables from CSV (spec 001 §2 sources/setup/custom-table, §3 Custom table, §4 File
 * upload, §5 CSV upload and Custom table editor, §7 Custom tables, §8 Upload result). A table is
 * one of the manual categories below; its columns map the CSV header to the names the warehouse
 * and reports use. `manual_expenses` is the expenses module's (its list is that table's editor).
 */

/** spec 001 §5: the manual categories a CSV can fill, each with the columns its header must have. */
export const CUSTOM_TABLE_REQUIRED_COLUMNS = {
  manual_search_term: ['query', 'category'],
  manual_users: ['user_id', 'created_at'],
  manual_orders: ['order_id', 'user_id', 'created_at'],
  manual_ads_performance: ['date', 'account_id', 'campaign_id'],
  manual_ads_conversions: ['date', 'account_id', 'campaign_id', 'conversion_name'],
} as const;

export type CustomTableId = keyof typeof CUSTOM_TABLE_REQUIRED_COLUMNS;
export const CUSTOM_TABLE_IDS = Object.keys(CUSTOM_TABLE_REQUIRED_COLUMNS) as CustomTableId[];
export const CustomTableIdSchema = z.enum(CUSTOM_TABLE_IDS as [CustomTableId, ...CustomTableId[]]);

/** The title each category shows (spec 001 §2 names Manual Orders and Manual Users). */
export const CUSTOM_TABLE_TITLES: Record<CustomTableId, string> = {
  manual_search_term: 'Manual Search Terms',
  manual_users: 'Manual Users',
  manual_orders: 'Manual Orders',
  manual_ads_performance: 'Manual Ads Performance',
  manual_ads_conversions: 'Manual Ads Conversions',
};

/**
 * The built-in report of an organization's custom tables, a page per table named by its id
 * (packages/analytics custom-tables-report.ts); listed while some table has rows.
 */
export const CUSTOM_TABLES_REPORT_SLUG = '-custom-tables';

/** spec 001 §9 Column types. */
export const CUSTOM_COLUMN_TYPES = ['String', 'Numeric', 'Date'] as const;
export type CustomColumnType = (typeof CUSTOM_COLUMN_TYPES)[number];

/**
 * What one upload may carry (docs/decisions.md 362): checked while the file streams, so a file
 * past them is refused without being kept.
 */
export const customTableLimits = {
  maxFileBytes: 2 * 1024 * 1024 * 1024,
  maxRows: 20_000_000,
  maxColumns: 200,
  maxCellLength: 10_000,
  maxColumnNameLength: 100,
  /** The errors an upload reports, each with its line; the count says how many there were. */
  maxReportedErrors: 20,
} as const;

/** spec 001 §5 and §8, verbatim. */
export const customTableMessages = {
  notCsv: 'Not a valid .csv file. Please select a valid .csv file',
  uploadCsv: 'Please upload a CSV file',
  noColumns: 'Please upload a CSV file with columns',
  missingColumns: (columns: readonly string[]) => `Could not find ${columns.join(', ')} column`,
  schemaMismatch: 'Current schema and CSV columns do not match',
  duplicateNames: 'Please remove duplicate column names',
  uploaded: 'File uploaded succesfully',
  uploadError: (detail: string) => `Error: ${detail}`,
  editorUploadFailed: 'Error uploading csv',
  success: 'Success',
} as const;

/** The error types of this area; the web maps each to its words (features/custom-tables/messages.ts). */
export const CustomTableErrorType = {
  /** The multipart body has no file part. */
  noFile: 'csv_no_file',
  /** Not text/csv or application/vnd.ms-excel, or not text at all. */
  notCsv: 'csv_not_csv',
  /** No header row (an empty file). */
  noColumns: 'csv_no_columns',
  missingColumns: 'csv_missing_columns',
  schemaMismatch: 'csv_schema_mismatch',
  /** The bytes are not text in the encoding found (invalid UTF-8 or UTF-16, a NUL byte). */
  badEncoding: 'csv_bad_encoding',
  /** Quoting the parser cannot read (an unclosed quote), at a line. */
  malformed: 'csv_malformed',
  /** Rows of the wrong length or values of the wrong type: `errors` lists the first 20. */
  invalidRows: 'csv_invalid_rows',
  /** A header and no row. */
  noRows: 'csv_no_rows',
  tooLarge: 'csv_too_large',
  /** The body ended before the file did (a dropped connection). */
  truncated: 'csv_truncated',
  invalidColumns: 'custom_table_invalid_columns',
  notFound: 'custom_table_not_found',
} as const;

export const CustomTableColumnSchema = z.object({
  /** The CSV header's name. */
  columnName: z.string().check(z.minLength(1), z.maxLength(customTableLimits.maxColumnNameLength)),
  /** The final name in the warehouse and reports (lower-case identifier). */
  alias: z.string().check(z.regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case name of letters, digits and _')),
  type: z.enum(CUSTOM_COLUMN_TYPES),
  isRequired: z.boolean(),
  isPrimaryKey: z.boolean(),
});
export type CustomTableColumn = z.infer<typeof CustomTableColumnSchema>;

export const CustomTableColumnsSchema = z
  .array(CustomTableColumnSchema)
  .check(z.minLength(1), z.maxLength(customTableLimits.maxColumns));

export const CustomTableSchema = z.object({
  table_id: CustomTableIdSchema,
  name: z.string(),
  uuid: z.uuid(),
  columns: z.array(CustomTableColumnSchema),
  row_count: z.number(),
  file_name: z.nullable(z.string()),
  uploaded_at: z.nullable(z.string()),
});
export type CustomTable = z.infer<typeof CustomTableSchema>;

export const CustomTableCategorySchema = z.object({
  table_id: CustomTableIdSchema,
  name: z.string(),
  required_columns: z.array(z.string()),
});

export const CustomTablesResponseSchema = z.object({
  tables: z.array(CustomTableSchema),
  categories: z.array(CustomTableCategorySchema),
});
export type CustomTablesResponse = z.infer<typeof CustomTablesResponseSchema>;

export const CustomTableQuerySchema = z.object({ organization_id: z.uuid() });
export const CustomTableParamsSchema = z.object({ tableId: CustomTableIdSchema });
export const CustomTableUploadParamsSchema = z.object({ tableId: CustomTableIdSchema, uploadId: z.uuid() });

export const CustomTableUploadQuerySchema = z.object({
  organization_id: z.uuid(),
  /** The client's id of this upload, to ask its progress by. */
  upload_id: z.optional(z.uuid()),
});

export const UpdateCustomTableColumnsRequestSchema = z.object({
  organization_id: z.uuid(),
  columns: CustomTableColumnsSchema,
});

/** spec 001 §7: "answer success, detail". */
export const CustomTableUploadResponseSchema = z.object({
  success: z.literal(true),
  detail: z.string(),
  table: CustomTableSchema,
  rows: z.number(),
  encoding: z.string(),
  delimiter: z.string(),
});
export type CustomTableUploadResponse = z.infer<typeof CustomTableUploadResponseSchema>;

export const CsvRowErrorSchema = z.object({ line: z.number(), message: z.string() });
export type CsvRowError = z.infer<typeof CsvRowErrorSchema>;

export const UPLOAD_PHASES = ['receiving', 'loading', 'done', 'failed'] as const;
export const CustomTableUploadProgressSchema = z.object({
  upload_id: z.uuid(),
  phase: z.enum(UPLOAD_PHASES),
  bytes_received: z.number(),
  rows_checked: z.number(),
  rows_loaded: z.number(),
});
export type CustomTableUploadProgress = z.infer<typeof CustomTableUploadProgressSchema>;

export const CustomTableDeleteResponseSchema = z.object({ success: z.literal(true) });

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter the header line uses most, outside quotes (a one-column file: comma). The server
 * reads the file with it, and the browser's header check splits the header by it.
 */
export function detectDelimiter(head: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** The names of a CSV's first line (quotes and `""` understood), trimmed; [] for an empty line. */
export function headerNames(head: string): string[] {
  const text = head.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  const names: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"' && current.trim() === '') quoted = true;
    else if (char === delimiter) {
      names.push(current.trim());
      current = '';
    } else if (char === '\n' || char === '\r') break;
    else current += char;
  }
  names.push(current.trim());
  return names.every((name) => name === '') ? [] : names;
}

/**
 * A value as a CSV export must write it: a value starting with = + - @ (or a tab or carriage
 * return) is prefixed with ' so that a spreadsheet shows it as text, never runs it as a formula;
 * then quoted when it holds the delimiter, a quote or a line break.
 */
export function csvCell(value: string, delimiter = ','): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(safe) || safe.includes(delimiter) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
