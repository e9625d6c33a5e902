// Text batches spooled to files in the engine's own load directory, for DuckDB's CSV reader to
// load (duckdb-text-load.ts). The reader parses a file on every thread, about twenty times the
// speed of splitting each batch in SQL (bench/README.md "CSV upload"); the directory is the only
// one the engine may read files from (duckdb-instance.ts), and nothing else is ever in it.
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { WarehouseError } from '../errors';
import { rowNumber, type TextBatch } from '../text-batches';

/** The directory beside a database file whose spooled loads its engine may read. */
export const loadDirectoryOf = (databaseFile: string): string => `${databaseFile}.load`;

/**
 * Makes the load directory, empty: a process that died mid-load left its spools (the engine's
 * lock on the file, held by now, says no other process is loading into it).
 */
export function resetLoadDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true });
  for (const name of readdirSync(directory)) rmSync(join(directory, name), { force: true, recursive: true });
}

/** One spooled file: batches appended in order until the loader reads it. */
export class Spool {
  readonly path: string;
  bytes = 0;
  /** Some value holds an ESC sequence (text-batches.ts): the loader unescapes. */
  escaped = false;
  /** The longest record written, in bytes with its line break: the reader must take it whole. */
  longest = 0;
  private fd: number | null;
  /** The numbered records of the batch being appended, kept for the next. */
  private scratch: Buffer = Buffer.alloc(0);

  constructor(directory: string) {
    this.path = join(directory, `${randomUUID()}.txt`);
    this.fd = openSync(this.path, 'wx', 0o600);
  }

  /**
   * Appends the batch's records; with `numberDelimiter`, each record is written after its number
   * and that delimiter. Written at once: the producer reuses the batch's bytes for its next one.
   */
  append(batch: TextBatch, numberDelimiter: number | null): void {
    if (this.fd === null) throw new WarehouseError('engine_error', 'the spool is closed');
    const text = Buffer.from(batch.text.buffer, batch.text.byteOffset, batch.text.byteLength);
    const numbers = numberDelimiter === null ? null : { batch, delimiter: numberDelimiter };
    if (numbers !== null) this.scratch = room(this.scratch, text.length + batch.rows * (NUMBER_DIGITS + 1));
    const { length, longest } = walkRecords(text, batch.rows, numbers, this.scratch);
    const out = numbers === null ? text : this.scratch.subarray(0, length);
    for (let written = 0; written < out.length;) {
      written += writeSync(this.fd, out, written, out.length - written);
    }
    this.bytes += out.length;
    this.escaped ||= batch.escaped;
    this.longest = Math.max(this.longest, longest);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  remove(): void {
    this.close();
    rmSync(this.path, { force: true });
  }
}

/** Longest number of a row (an int64 in decimal, its sign included). */
const NUMBER_DIGITS = 20;

const room = (buffer: Buffer, bytes: number): Buffer =>
  buffer.length >= bytes ? buffer : Buffer.allocUnsafe(Math.max(bytes, buffer.length * 2));

/**
 * Walks the `rows` records of `text`, each ended by `\n`, for the longest; with `numbers`,
 * writes each into `out` after its number and the delimiter (`length` bytes then).
 */
function walkRecords(
  text: Buffer,
  rows: number,
  numbers: { batch: TextBatch; delimiter: number } | null,
  out: Buffer,
): { length: number; longest: number } {
  let length = 0;
  let longest = 0;
  let start = 0;
  for (let row = 0; row < rows; row++) {
    const end = text.indexOf(0x0a, start);
    if (end === -1) {
      throw new WarehouseError('schema_mismatch', `a text batch of ${rows} rows ends at row ${row + 1}`);
    }
    const recordStart = length;
    if (numbers !== null) {
      length += out.write(String(rowNumber(numbers.batch, row)), length, 'latin1');
      out[length++] = numbers.delimiter;
      length += text.copy(out, length, start, end + 1);
    }
    longest = Math.max(longest, numbers === null ? end + 1 - start : length - recordStart);
    start = end + 1;
  }
  if (start !== text.length) {
    throw new WarehouseError('schema_mismatch', `a text batch of ${rows} rows has more records`);
  }
  return { length, longest };
}
