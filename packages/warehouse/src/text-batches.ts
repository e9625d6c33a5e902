// Rows packed as delimited text, for loads that would otherwise build an object per row and hand
// the engine one value at a time (a CSV upload: decision 610). A batch is UTF-8 bytes, one record
// per line; DuckDB splits and casts them itself, one statement per batch; the other engines read
// them back into rows here (`textBatchRows`) and load those.
import { WarehouseError } from './errors';

/** A row as `loadBatch` takes it (warehouse.ts `Row`, which imports this file). */
type Row = Record<string, unknown>;

/**
 * How the records of a load's batches map to the table. Columns neither listed, constant nor the
 * number column are NULL.
 */
export type TextLayout = {
  /** The table's columns the values of each record fill, in order. */
  columns: readonly string[];
  /** One ASCII character between values; not a line break nor ESC. */
  delimiter: string;
  /** Columns every row has the same value in, given loosely as on load. */
  constants?: Row;
  /** A column that takes each row's number from the batch (`TextBatch.numbers`). */
  numberColumn?: string;
};

/**
 * `rows` records, each ended by `\n` (a `\r` before it is ignored), values in their load form
 * (decimal digits with `.`, `YYYY-MM-DD`, text as is) separated by the layout's delimiter; an
 * empty value is NULL. A value holding the delimiter, a line break or ESC (0x1B) writes it as ESC
 * followed by `d`, `n` (`\n`), `r` (`\r`) or `e` (ESC), and then `escaped` is true. A producer may
 * reuse `text` for its next batch: a loader reads (or copies) a batch before it asks for the next.
 */
export type TextBatch = {
  text: Uint8Array;
  rows: number;
  escaped: boolean;
  /** The rows' numbers: consecutive from this one, or one for each row. */
  numbers: number | readonly number[];
};

export type TextBatches = AsyncIterable<TextBatch> | Iterable<TextBatch>;

export const TEXT_ESCAPE = 0x1b;

/** `delimiter` checked as a layout's, as its byte. */
export function delimiterByte(delimiter: string): number {
  const code = delimiter.length === 1 ? delimiter.charCodeAt(0) : -1;
  if (code <= 0 || code >= 0x80 || code === 0x0a || code === 0x0d || code === TEXT_ESCAPE) {
    throw new WarehouseError('schema_mismatch', `${JSON.stringify(delimiter)} cannot delimit text batches`);
  }
  return code;
}

/** The number of row `index` (0-based) of a batch. */
export function rowNumber(batch: TextBatch, index: number): number {
  const { numbers } = batch;
  if (typeof numbers === 'number') return numbers + index;
  const number = numbers[index];
  if (number === undefined) throw new WarehouseError('schema_mismatch', `row ${index + 1} has no number`);
  return number;
}

/** The batches' rows as objects, for engines without a text load of their own. */
export async function* textBatchRows(batches: TextBatches, layout: TextLayout): AsyncGenerator<Row[]> {
  const delimiter = String.fromCharCode(delimiterByte(layout.delimiter));
  const escape = String.fromCharCode(TEXT_ESCAPE);
  const unescape = (value: string) => {
    let out = '';
    for (let i = 0; i < value.length; i++) {
      const char = value[i] as string;
      if (char !== escape) {
        out += char;
        continue;
      }
      const code = value[++i];
      out += code === 'd' ? delimiter : code === 'n' ? '\n' : code === 'r' ? '\r' : escape;
    }
    return out;
  };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const batch of batches) {
    const lines = decoder.decode(batch.text).split('\n');
    if (lines.length !== batch.rows + 1 || lines[batch.rows] !== '') {
      throw new WarehouseError('schema_mismatch', `a text batch does not hold its ${batch.rows} rows`);
    }
    const rows: Row[] = [];
    for (let i = 0; i < batch.rows; i++) {
      const values = (lines[i] as string).replace(/\r$/, '').split(delimiter);
      if (values.length !== layout.columns.length) {
        throw new WarehouseError('schema_mismatch', `text row ${i + 1} has ${values.length} values`);
      }
      const row: Row = { ...layout.constants };
      layout.columns.forEach((column, c) => {
        const value = values[c] as string;
        row[column] = value === '' ? null : batch.escaped ? unescape(value) : value;
      });
      if (layout.numberColumn !== undefined) row[layout.numberColumn] = rowNumber(batch, i);
      rows.push(row);
    }
    yield rows;
  }
}
