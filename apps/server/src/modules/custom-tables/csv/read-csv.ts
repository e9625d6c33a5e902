// Reads an uploaded CSV as it streams: text (decode.ts), the delimiter from the header line, the
// records through csv-parse, the header checked by the caller's plan, then each row's length and
// cells (values.ts). Rows come out in batches for the warehouse; row errors are gathered (the
// first 20, with their lines, and how many there were) and refuse the file once it is read, so
// a load fed from `batches` never completes with a bad row in it.
import { once } from 'node:events';
import { CsvError, parse, type Info } from 'csv-parse';
import {
  CustomTableErrorType,
  customTableLimits,
  customTableMessages,
  detectDelimiter,
  type CsvRowError,
  type CustomTableColumn,
} from '@maya/contracts';
import type { Row } from '@maya/warehouse';
import { decodeCsv, type TextEncoding } from './decode';
import { csvRefused } from './errors';
import { checkCell } from './values';

const BATCH_ROWS = 5_000;

/** What the caller makes of the header: the table's columns in the header's order, or a refusal. */
export type HeaderPlan = (header: readonly string[]) => CustomTableColumn[];

export type CsvReading = {
  encoding: TextEncoding;
  delimiter: string;
  /** In the header's order. */
  columns: CustomTableColumn[];
  /** The rows, keyed by final name, plus `line` (the record's last line) when `lineKey` is given. */
  batches: AsyncIterable<Row[]>;
  rowsChecked(): number;
  bytesRead(): number;
};

export type ReadCsvOptions = {
  plan: HeaderPlan;
  /** A column keeping each row's line number (the key of a table without a primary key). */
  lineKey?: string;
  /** Values every row carries beside its cells (a manual table's missing columns). */
  constants?: Row;
  /** Told every `BATCH_ROWS` rows checked. */
  onRows?: (rows: number, bytes: number) => void;
  maxRows?: number;
};

function parseError(error: unknown): Error {
  if (error instanceof CsvError) {
    const line = typeof error.lines === 'number' ? error.lines : undefined;
    const what =
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'a quoted value is never closed'
        : error.code === 'CSV_INVALID_CLOSING_QUOTE'
          ? 'a closing quote is followed by more text (write a quote inside a quoted value as "")'
          : error.code === 'CSV_MAX_RECORD_SIZE'
            ? `a value is longer than ${customTableLimits.maxCellLength} characters`
            : 'the CSV cannot be read';
    return csvRefused(
      CustomTableErrorType.malformed,
      line === undefined
        ? `The file is not valid CSV: ${what}`
        : `The file is not valid CSV at line ${line}: ${what}`,
      line === undefined ? {} : { line },
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

export async function readCsv(source: AsyncIterable<Buffer>, options: ReadCsvOptions): Promise<CsvReading> {
  const text = await decodeCsv(source);
  const chunks = text.chunks[Symbol.asyncIterator]();
  const first = await chunks.next();
  const head = first.done === true ? '' : first.value;
  const delimiter = detectDelimiter(head);
  const parser = parse({
    delimiter,
    relax_column_count: true,
    // A quote inside an unquoted value is data (=HYPERLINK("...")); only a value that opens with one is quoted.
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: customTableLimits.maxCellLength * 4,
  });
  void (async () => {
    try {
      if (head !== '') {
        if (!parser.write(head)) await once(parser, 'drain');
      }
      for (;;) {
        const next = await chunks.next();
        if (next.done === true) break;
        if (!parser.write(next.value)) await once(parser, 'drain');
      }
      parser.end();
    } catch (error) {
      parser.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: Info }>;
  const nextRecord = async () => {
    try {
      return await records.next();
    } catch (error) {
      throw parseError(error);
    }
  };

  const headerRecord = await nextRecord();
  const header = headerRecord.done === true ? [] : headerRecord.value.record.map((name) => name.trim());
  if (header.length === 0 || header.every((name) => name === '')) {
    throw csvRefused(CustomTableErrorType.noColumns, customTableMessages.noColumns);
  }
  const columns = options.plan(header);
  const checks = columns.map((column) => ({
    alias: column.alias,
    check: {
      columnName: column.columnName,
      type: column.type,
      mandatory: column.isRequired || column.isPrimaryKey,
    },
  }));
  const cellOptions = { decimalComma: delimiter !== ',', maxLength: customTableLimits.maxCellLength };
  const maxRows = options.maxRows ?? customTableLimits.maxRows;
  let checked = 0;

  async function* batches(): AsyncGenerator<Row[]> {
    const errors: CsvRowError[] = [];
    let errorCount = 0;
    const fail = (line: number, message: string) => {
      errorCount++;
      if (errors.length < customTableLimits.maxReportedErrors) errors.push({ line, message });
    };
    let batch: Row[] = [];
    for (;;) {
      const next = await nextRecord();
      if (next.done === true) break;
      const { record, info } = next.value;
      const line = info.lines;
      checked++;
      if (checked > maxRows) {
        throw csvRefused(CustomTableErrorType.tooLarge, `The file has more than ${maxRows} rows`);
      }
      if (record.length !== checks.length) {
        fail(line, `Line ${line} has ${record.length} values; the header has ${checks.length}`);
      } else {
        const row: Row = { ...options.constants };
        let good = true;
        for (const [i, { alias, check }] of checks.entries()) {
          const result = checkCell(record[i] ?? '', check, cellOptions);
          if (result.ok) row[alias] = result.value;
          else {
            good = false;
            fail(line, `Line ${line}: ${result.message}`);
          }
        }
        if (good && errorCount === 0) {
          if (options.lineKey !== undefined) row[options.lineKey] = line;
          batch.push(row);
        }
      }
      if (checked % BATCH_ROWS === 0) {
        options.onRows?.(checked, text.bytesRead());
        if (batch.length > 0) yield batch;
        batch = [];
      }
      // One past the listed ones says there are more; the rest of the file is not read.
      if (errorCount > customTableLimits.maxReportedErrors) break;
    }
    if (errorCount > 0) {
      const max = customTableLimits.maxReportedErrors;
      const count =
        errorCount > max
          ? `more than ${max} errors (the first ${max} are listed)`
          : `${errorCount} ${errorCount === 1 ? 'error' : 'errors'}`;
      throw csvRefused(
        CustomTableErrorType.invalidRows,
        `The file has ${count}. ${errors[0]?.message ?? ''}`,
        {
          errors,
          error_count: Math.min(errorCount, max),
          more_errors: errorCount > max,
        },
      );
    }
    if (checked === 0) {
      throw csvRefused(CustomTableErrorType.noRows, 'The file has a header and no rows');
    }
    options.onRows?.(checked, text.bytesRead());
    if (batch.length > 0) yield batch;
  }

  return {
    encoding: text.encoding,
    delimiter,
    columns,
    batches: batches(),
    rowsChecked: () => checked,
    bytesRead: () => text.bytesRead(),
  };
}
