// A growable byte buffer for writing JSON pages: cached UTF-8 pieces are copied in and integers
// written digit by digit, so a page of 10,000 rows allocates one buffer instead of a string per
// value. The sandbox must serve search terms fast enough for the extraction benchmark.

const QUOTE = 0x22;
const DIGIT_0 = 0x30;

export class ByteWriter {
  private buffer: Buffer;
  private length = 0;

  constructor(capacity = 1 << 16) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  bytes(piece: Uint8Array): void {
    const n = piece.length;
    this.reserve(n);
    const buffer = this.buffer;
    let at = this.length;
    // Short pieces copy faster in a loop than through a native call.
    if (n > 64) buffer.set(piece, at);
    else for (let i = 0; i < n; i++) buffer[at++] = piece[i] ?? 0;
    this.length += n;
  }

  /** An ASCII text (numbers, enum names, separators). */
  ascii(text: string): void {
    const n = text.length;
    this.reserve(n);
    const buffer = this.buffer;
    let at = this.length;
    for (let i = 0; i < n; i++) buffer[at++] = text.charCodeAt(i);
    this.length = at;
  }

  /** A non-negative safe integer in decimal; anything else as JavaScript prints it. */
  integer(value: number): void {
    if (!(value >= 0 && value <= Number.MAX_SAFE_INTEGER && Number.isInteger(value))) {
      this.ascii(String(value));
      return;
    }
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    this.reserve(digits);
    const buffer = this.buffer;
    let at = this.length + digits;
    let rest = value;
    do {
      buffer[--at] = DIGIT_0 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
    this.length += digits;
  }

  /** A double as JSON writes it (integers without a fraction). */
  number(value: number): void {
    if (Number.isInteger(value)) this.integer(value);
    else this.ascii(String(value));
  }

  /** An int64 as the API writes it: a JSON string of digits. */
  quotedInteger(value: number): void {
    this.reserve(1);
    this.buffer[this.length++] = QUOTE;
    this.integer(value);
    this.reserve(1);
    this.buffer[this.length++] = QUOTE;
  }

  get size(): number {
    return this.length;
  }

  /** Drops what was written after the first `length` bytes (all of it by default). */
  truncate(length = 0): void {
    this.length = Math.min(this.length, Math.max(0, length));
  }

  /** The bytes written so far (a view, valid until the next write). */
  view(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
