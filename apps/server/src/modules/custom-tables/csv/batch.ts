// Checked records into the warehouse's text batches (@maya/warehouse text-batches.ts). A run of
// plain records (values as the file has them, decision 610) is copied as it stands in the scanner's
// window, line breaks and all; any other record is written value by value, quotes removed and the
// delimiter, line breaks and ESC escaped.
import type { TextBatch } from '@maya/warehouse';

const LF = 0x0a;
const ESC = 0x1b;

export class BatchBuilder {
  private out: Buffer;
  private length = 0;
  private rows = 0;
  private escaped = false;
  private firstLine = 0;
  private lastLine = 0;
  private lines: number[] | null = null;
  /** The run of plain records not copied yet: `[runStart, runEnd)` of the window. */
  private runStart = 0;
  private runEnd = 0;
  private readonly special: RegExp;
  private readonly escapeDelimiter: string;

  constructor(
    delimiter: string,
    private readonly targetBytes: number,
  ) {
    this.out = Buffer.allocUnsafe(targetBytes * 2);
    const code = delimiter.charCodeAt(0).toString(16).padStart(2, '0');
    this.special = new RegExp(`[\\n\\r\\x1b\\x${code}]`, 'g');
    this.escapeDelimiter = delimiter;
  }

  /** The batch has reached its size, the run included. */
  get full(): boolean {
    return this.length + (this.runEnd - this.runStart) >= this.targetBytes;
  }

  /** A plain record, `window[start, end)` with its line break: it joins the run when it follows it. */
  addPlain(window: Buffer, start: number, end: number, line: number): void {
    if (start !== this.runEnd) {
      this.copyRun(window);
      this.runStart = start;
    }
    this.runEnd = end;
    this.count(line);
  }

  /** A record written value by value (null: NULL; a string: that value; undefined: its bytes as they are). */
  addWritten(
    window: Buffer,
    line: number,
    ranges: { starts: Int32Array; ends: Int32Array },
    values: readonly (string | null | undefined)[],
  ): void {
    this.copyRun(window);
    for (let c = 0; c < values.length; c++) {
      if (c > 0) this.writeString(this.escapeDelimiter, false);
      const value = values[c];
      if (value === null) continue;
      const start = ranges.starts[c] as number;
      const end = ranges.ends[c] as number;
      if (value !== undefined) this.writeString(value, true);
      // ESC in a value kept as written is escaped like any other.
      else if (window.subarray(start, end).includes(ESC))
        this.writeString(window.toString('utf8', start, end), true);
      else this.writeBytes(window, start, end);
    }
    this.writeString('\n', false);
    this.count(line);
  }

  /** Copies the run: before the window moves or a batch is taken. */
  copyRun(window: Buffer): void {
    if (this.runEnd > this.runStart) this.writeBytes(window, this.runStart, this.runEnd);
    this.runStart = this.runEnd = -1;
  }

  /** The batch so far (after `copyRun`), and a new one begun; null when it has no rows. */
  take(): TextBatch | null {
    if (this.rows === 0) return null;
    // A last record the file's end cut off has no line break of its own.
    if (this.out[this.length - 1] !== LF) this.writeString('\n', false);
    const batch: TextBatch = {
      text: this.out.subarray(0, this.length),
      rows: this.rows,
      escaped: this.escaped,
      numbers: this.lines ?? this.firstLine,
    };
    // The next batch reuses the bytes: the warehouse has read a batch before it asks for the next.
    this.length = 0;
    this.rows = 0;
    this.escaped = false;
    this.lines = null;
    return batch;
  }

  private count(line: number): void {
    if (this.rows === 0) this.firstLine = line;
    else if (this.lines !== null) this.lines.push(line);
    else if (line !== this.lastLine + 1) {
      this.lines = [];
      for (let n = this.firstLine; n <= this.lastLine; n++) this.lines.push(n);
      this.lines.push(line);
    }
    this.lastLine = line;
    this.rows++;
  }

  private ensure(bytes: number): void {
    if (this.length + bytes <= this.out.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.length + bytes));
    this.out.copy(grown, 0, 0, this.length);
    this.out = grown;
  }

  private writeBytes(window: Buffer, start: number, end: number): void {
    this.ensure(end - start);
    window.copy(this.out, this.length, start, end);
    this.length += end - start;
  }

  private writeString(value: string, escape: boolean): void {
    let text = value;
    if (escape) {
      this.special.lastIndex = 0;
      if (this.special.test(text)) {
        this.escaped = true;
        this.special.lastIndex = 0;
        text = text.replace(this.special, (char) =>
          char === '\n' ? '\x1bn' : char === '\r' ? '\x1br' : char === '\x1b' ? '\x1be' : '\x1bd',
        );
      }
    }
    this.ensure(text.length * 3);
    this.length += this.out.write(text, this.length, 'utf8');
  }
}
