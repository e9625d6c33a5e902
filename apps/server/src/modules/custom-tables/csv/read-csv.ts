// Reads an uploaded CSV as it streams: UTF-8 bytes (decode.ts), the delimiter from the header
// line, the records found in the bytes (scan.ts), the header checked by the caller's plan, then
// each row's length and cells (values.ts): a cell kept as written is checked on its bytes, any
// other through `checkCell` on its text. Rows come out as the warehouse's text batches (batch.ts,
// decision 610); row errors are gathered (the first 20, with their lines, and how many there
// were) and refuse the file once it is read, so a load fed from `batches` never completes with a
// bad row in it.
import {
  CustomTableErrorType,
  customTableLimits,
  customTableMessages,
  detectDelimiter,
  type CsvRowError,
  type CustomTableColumn,
} from '@maya/contracts';
import type { TextBatch } from '@maya/warehouse';
import { BatchBuilder } from './batch';
import { EncodingFault, decodeCsv, type TextEncoding } from './decode';
import { csvRefused } from './errors';
import { DONE, NEED_MORE, RecordScanner } from './scan';
import { checkCell, keptAsWritten } from './values';

/** About this many bytes of rows go to the warehouse at once (one statement in DuckDB). */
const BATCH_BYTES = 4 * 1024 * 1024;
/** The caller hears of the rows checked at least this often. */
const PROGRESS_ROWS = 5_000;

/** What the caller makes of the header: the table's columns in the header's order, or a refusal. */
export type HeaderPlan = (header: readonly string[]) => CustomTableColumn[];

export type CsvReading = {
  encoding: TextEncoding;
  delimiter: string;
  /** In the header's order. */
  columns: CustomTableColumn[];
  /** The rows: each record's values in `columns`' order, numbered by their line. */
  batches: AsyncIterable<TextBatch>;
  rowsChecked(): number;
  bytesRead(): number;
};

export type ReadCsvOptions = {
  plan: HeaderPlan;
  /** Told at least every `PROGRESS_ROWS` rows checked. */
  onRows?: (rows: number, bytes: number) => void;
  maxRows?: number;
  /** Bytes of rows per batch; tests make it small to cross batch boundaries. */
  batchBytes?: number;
};

function encodingRefusal(fault: EncodingFault, line: number): Error {
  const message =
    fault.kind === 'nul'
      ? `The file has a NUL character at line ${line}: it is not a text file, or it is UTF-16 without a byte-order mark. Save it as CSV UTF-8 and upload it again.`
      : `The file is not valid ${fault.encoding.toUpperCase()} text at line ${line}. Save it as CSV UTF-8 and upload it again.`;
  return csvRefused(CustomTableErrorType.badEncoding, message, { line });
}

/** The text of a value: a quoted one without its quotes and with `""` as `"`. */
function valueText(window: Buffer, start: number, end: number, quoted: boolean): string {
  if (!quoted) return window.toString('utf8', start, end);
  return window.toString('utf8', start + 1, end - 1).replaceAll('""', '"');
}

export async function readCsv(source: AsyncIterable<Buffer>, options: ReadCsvOptions): Promise<CsvReading> {
  const text = await decodeCsv(source);
  const chunks = text.chunks[Symbol.asyncIterator]();
  /** The next chunk (null at the end); a fault in it refuses the file at its line. */
  const nextChunk = async (linesSeen: () => number) => {
    try {
      const next = await chunks.next();
      return next.done === true ? null : next.value;
    } catch (error) {
      if (error instanceof EncodingFault) {
        throw encodingRefusal(error, linesSeen() + error.linesBefore + 1);
      }
      throw error;
    }
  };
  const more = async (scanner: RecordScanner) => {
    const chunk = await nextChunk(() => scanner.linesSeen());
    if (chunk === null) scanner.end();
    else scanner.push(chunk);
  };

  // The header: the delimiter from the first chunk (the decoder's first 64 KiB), then its names.
  const first = await nextChunk(() => 0);
  const delimiter = detectDelimiter(first === null ? '' : first.toString('utf8', 0, 64 * 1024));
  const reader = new RecordScanner(delimiter.charCodeAt(0), customTableLimits.maxColumns + 1);
  if (first === null) reader.end();
  else reader.push(first);
  let status = reader.next();
  while (status === NEED_MORE) {
    await more(reader);
    status = reader.next();
  }
  const header: string[] = [];
  if (status !== DONE) {
    for (let c = 0; c < Math.min(reader.count, customTableLimits.maxColumns + 1); c++) {
      const start = reader.starts[c] as number;
      header.push(valueText(reader.bytes, start, reader.ends[c] as number, reader.quoted[c] === 1).trim());
    }
  }
  if (header.length === 0 || header.every((name) => name === '')) {
    throw csvRefused(CustomTableErrorType.noColumns, customTableMessages.noColumns);
  }
  const columns = options.plan(header);
  const checks = columns.map((column) => ({
    columnName: column.columnName,
    type: column.type,
    mandatory: column.isRequired || column.isPrimaryKey,
  }));
  const cellOptions = { decimalComma: delimiter !== ',', maxLength: customTableLimits.maxCellLength };
  const maxRows = options.maxRows ?? customTableLimits.maxRows;
  let checked = 0;

  async function* batches(): AsyncGenerator<TextBatch> {
    const errors: CsvRowError[] = [];
    let errorCount = 0;
    const fail = (line: number, message: string) => {
      errorCount++;
      if (errors.length < customTableLimits.maxReportedErrors) errors.push({ line, message });
    };
    const width = checks.length;
    const builder = new BatchBuilder(delimiter, options.batchBytes ?? BATCH_BYTES);
    const values: (string | null | undefined)[] = new Array<string | null | undefined>(width);
    let told = 0;
    for (;;) {
      const status = reader.next();
      if (status === NEED_MORE) {
        builder.copyRun(reader.bytes);
        await more(reader);
        continue;
      }
      if (status === DONE) break;
      const line = reader.recordLine;
      checked++;
      if (checked > maxRows) {
        throw csvRefused(CustomTableErrorType.tooLarge, `The file has more than ${maxRows} rows`);
      }
      if (reader.count !== width) {
        fail(line, `Line ${line} has ${reader.count} values; the header has ${width}`);
      } else {
        // Kept as written (undefined), or the value checkCell gives.
        let asWritten = reader.plain;
        let good = true;
        for (let c = 0; c < width; c++) {
          const check = checks[c] as (typeof checks)[number];
          const start = reader.starts[c] as number;
          const end = reader.ends[c] as number;
          const quoted = reader.quoted[c] === 1;
          if (!quoted && keptAsWritten(reader.bytes, start, end, check.type, cellOptions.maxLength)) {
            values[c] = undefined;
            continue;
          }
          const raw = valueText(reader.bytes, start, end, quoted);
          const result = checkCell(raw, check, cellOptions);
          if (!result.ok) {
            good = false;
            fail(line, `Line ${line}: ${result.message}`);
          } else if (
            !quoted &&
            !raw.includes('\x1b') &&
            (result.value === raw || (result.value === null && raw === ''))
          ) {
            values[c] = undefined;
          } else {
            values[c] = result.value;
            asWritten = false;
          }
        }
        if (good && errorCount === 0) {
          if (asWritten) builder.addPlain(reader.bytes, reader.recordStart, reader.recordEnd, line);
          else builder.addWritten(reader.bytes, line, reader, values);
        }
      }
      if (checked - told >= PROGRESS_ROWS) {
        told = checked;
        options.onRows?.(checked, text.bytesRead());
      }
      // One past the listed ones says there are more; the rest of the file is not read.
      if (errorCount > customTableLimits.maxReportedErrors) break;
      if (errorCount === 0 && builder.full) {
        builder.copyRun(reader.bytes);
        const batch = builder.take();
        if (batch !== null) yield batch;
      }
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
    builder.copyRun(reader.bytes);
    const last = builder.take();
    if (last !== null) yield last;
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
