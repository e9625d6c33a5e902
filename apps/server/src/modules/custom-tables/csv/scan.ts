// CSV records found in UTF-8 bytes as they stream, without a string per value: a window holds what
// has arrived and is not read yet; `next()` finds the next record's values as byte ranges in it.
// A record ends at `\n`, `\r\n` or `\r` outside quotes, or at the file's end; an empty line is no
// record. A value that opens with `"` is quoted (`""` inside is a quote, and the closing quote must
// end the value); a quote anywhere else is data (`=HYPERLINK("x")`, decision 364). Lines are
// counted as they go, line breaks inside quoted values included; a record's line is its last one.
import { CustomTableErrorType, customTableLimits } from '@maya/contracts';
import { csvRefused } from './errors';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
export const ESC = 0x1b;

/** A value (in bytes) past which the file is refused: no window grows without bound. */
const MAX_VALUE_BYTES = customTableLimits.maxCellLength * 4;
/** A record past which the file is refused. */
const MAX_RECORD_BYTES = customTableLimits.maxColumns * MAX_VALUE_BYTES;

export const RECORD = 1;
export const NEED_MORE = 2;
export const DONE = 3;

function malformed(line: number, what: string) {
  return csvRefused(CustomTableErrorType.malformed, `The file is not valid CSV at line ${line}: ${what}`, {
    line,
  });
}

export class RecordScanner {
  /** The window: `bytes[pos, length)` is what has arrived and is not read yet. */
  bytes = Buffer.allocUnsafe(1024 * 1024);
  length = 0;
  pos = 0;
  private ended = false;
  /** The line at `pos`. */
  private line = 1;

  /** The last record found: its values' ranges in `bytes` (ranges of quoted values include their quotes). */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly quoted: Uint8Array;
  /** Its number of values (those past `capacity` are counted, not kept). */
  count = 0;
  recordStart = 0;
  /** Past its line break. */
  recordEnd = 0;
  recordLine = 0;
  /** Its values are the bytes between delimiters as they are: no quotes, no ESC, ended by `\n` or `\r\n`. */
  plain = true;

  constructor(
    private readonly delimiter: number,
    private readonly capacity: number,
  ) {
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.quoted = new Uint8Array(capacity);
  }

  /** Adds bytes after those not read yet (moved to the window's start first). */
  push(chunk: Uint8Array): void {
    const pending = this.length - this.pos;
    if (pending + chunk.length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, pending + chunk.length));
      this.bytes.copy(grown, 0, this.pos, this.length);
      this.bytes = grown;
    } else if (this.pos > 0) this.bytes.copy(this.bytes, 0, this.pos, this.length);
    this.pos = 0;
    this.length = pending;
    this.bytes.set(chunk, this.length);
    this.length += chunk.length;
  }

  /** No more bytes will come. */
  end(): void {
    this.ended = true;
  }

  /** Line breaks in everything pushed so far (the line of a fault in the next chunk, less one). */
  linesSeen(): number {
    let lines = this.line - 1;
    for (let i = this.pos; i < this.length; i++) {
      const byte = this.bytes[i];
      if (byte === LF || (byte === CR && this.bytes[i + 1] !== LF)) lines++;
    }
    return lines;
  }

  /** RECORD (its values are set), NEED_MORE (push more, or end), or DONE. */
  next(): number {
    for (;;) {
      const status = this.scan();
      if (status !== 0) return status;
    }
  }

  /** One record or empty line from `pos`; 0 for an empty line skipped. */
  private scan(): number {
    const w = this.bytes;
    const end = this.length;
    const delimiter = this.delimiter;
    const capacity = this.capacity;
    const start = this.pos;
    let line = this.line;
    let i = start;
    let count = 0;
    let plain = true;
    if (i >= end) return this.ended ? DONE : NEED_MORE;
    for (;;) {
      // One value from i.
      const valueStart = i;
      let quoted = 0;
      if (w[i] === QUOTE) {
        quoted = 1;
        plain = false;
        const opened = line;
        i++;
        for (;;) {
          const close = w.indexOf(QUOTE, i);
          const upTo = close === -1 || close >= end ? end : close;
          for (let j = i; j < upTo; j++) {
            const byte = w[j];
            if (byte === LF || (byte === CR && w[j + 1] !== LF)) line++;
          }
          if (upTo === end) {
            if (end - valueStart > MAX_VALUE_BYTES) {
              throw malformed(opened, `a value is longer than ${customTableLimits.maxCellLength} characters`);
            }
            if (this.ended) throw malformed(opened, 'a quoted value is never closed');
            return this.needMore(start, end);
          }
          if (close + 1 >= end && !this.ended) return this.needMore(start, end);
          if (w[close + 1] === QUOTE) {
            i = close + 2;
            continue;
          }
          i = close + 1;
          break;
        }
        const after = w[i];
        if (i < end && after !== delimiter && after !== LF && after !== CR) {
          throw malformed(
            line,
            'a closing quote is followed by more text (write a quote inside a quoted value as "")',
          );
        }
      } else {
        while (i < end) {
          const byte = w[i] as number;
          if (byte === delimiter || byte === LF || byte === CR) break;
          if (byte === ESC) plain = false;
          i++;
        }
        if (i === end && !this.ended) return this.needMore(start, end);
      }
      if (i - valueStart > MAX_VALUE_BYTES) {
        throw malformed(line, `a value is longer than ${customTableLimits.maxCellLength} characters`);
      }
      if (count < capacity) {
        this.starts[count] = valueStart;
        this.ends[count] = i;
        this.quoted[count] = quoted;
      }
      count++;
      if (i < end && w[i] === delimiter) {
        i++;
        if (i === end && !this.ended) return this.needMore(start, end);
        continue;
      }
      break;
    }
    // At a line break or the end of the file.
    this.recordStart = start;
    this.recordLine = line;
    if (i >= end) {
      plain = false;
    } else if (w[i] === LF) {
      i++;
    } else {
      if (i + 1 >= end && !this.ended) return this.needMore(start, end);
      if (w[i + 1] === LF) i += 2;
      else {
        plain = false;
        i++;
      }
    }
    this.pos = i;
    this.line = line + 1;
    this.recordEnd = i;
    // An empty line (nothing before its line break) is no record.
    if (count === 1 && this.ends[0] === start && this.quoted[0] === 0) return 0;
    this.count = count;
    this.plain = plain;
    return RECORD;
  }

  private needMore(start: number, end: number): number {
    if (end - start > MAX_RECORD_BYTES) {
      throw malformed(this.line, `a row is longer than ${MAX_RECORD_BYTES} bytes`);
    }
    this.pos = start;
    return this.ended ? DONE : NEED_MORE;
  }
}
