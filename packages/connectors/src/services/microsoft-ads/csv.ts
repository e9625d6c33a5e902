// Reading a downloaded report as it arrives: unzipping it (Microsoft serves a ZIP archive holding
// one CSV file; a plain CSV is read as is), decoding UTF-8 (the byte-order mark dropped), splitting
// RFC 4180 records, and skipping the report's header block and copyright footer around the
// column-header row and the data.
// https://learn.microsoft.com/advertising/guides/reports#reportschema
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

const LOCAL_FILE_HEADER = 0x04034b50;

async function* bytesOf(stream: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  for await (const chunk of stream) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** The file of a one-entry ZIP archive (stored or deflated), streamed; any other body as it is. */
export async function* unzipped(body: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  const source = bytesOf(body);
  let head = Buffer.alloc(0);
  // Read by hand: leaving a for-await loop early would close the source.
  while (head.length < 30) {
    const next = await source.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  if (head.length < 30 || head.readUInt32LE(0) !== LOCAL_FILE_HEADER) {
    if (head.length > 0) yield head;
    yield* source;
    return;
  }
  const flags = head.readUInt16LE(6);
  const method = head.readUInt16LE(8);
  // Bit 3: sizes follow the data (streamed archives); a deflate stream ends by itself anyway.
  const compressedSize = flags & 0x08 ? Infinity : head.readUInt32LE(18);
  let skip = 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
  async function* payload(): AsyncGenerator<Buffer> {
    let left = compressedSize;
    let pending: Buffer | null = head;
    for (;;) {
      let chunk: Buffer;
      if (pending) {
        chunk = pending;
        pending = null;
      } else {
        const next = await source.next();
        if (next.done) return;
        chunk = next.value;
      }
      if (skip >= chunk.length) {
        skip -= chunk.length;
        continue;
      }
      const data = chunk.subarray(skip, skip + Math.min(left, chunk.length - skip));
      skip = 0;
      left -= data.length;
      if (data.length > 0) yield data;
      if (left <= 0) return;
    }
  }
  if (method === 0) {
    yield* payload();
    return;
  }
  if (method !== 8) throw new Error(`The report archive uses compression method ${method}, not deflate.`);
  const inflater = createInflateRaw();
  const input = Readable.from(payload());
  input.on('error', (error) => inflater.destroy(error));
  input.pipe(inflater);
  for await (const chunk of inflater) yield chunk as Buffer;
}

/** RFC 4180 records of a text arriving in pieces: quoted fields may hold commas, quotes, newlines. */
export class CsvRecords {
  private rest = '';

  /** The complete records of the text so far; the last, unfinished one waits for more. */
  push(text: string): string[][] {
    return this.parse(this.rest + text, false);
  }

  /** The last record, at the end of the input. */
  end(): string[][] {
    return this.parse(this.rest, true);
  }

  private parse(text: string, final: boolean): string[][] {
    const records: string[][] = [];
    const n = text.length;
    let i = 0;
    this.rest = '';
    records: while (i < n) {
      const start = i;
      const fields: string[] = [];
      for (;;) {
        if (text.charCodeAt(i) === 0x22) {
          let value = '';
          let from = i + 1;
          for (;;) {
            const quote = text.indexOf('"', from);
            // A quote at the very end may open a doubled quote: wait for the next piece.
            if (quote < 0 || (quote === n - 1 && !final)) {
              if (final) throw new Error('The report ends inside a quoted field.');
              this.rest = text.slice(start);
              break records;
            }
            value += text.slice(from, quote);
            if (text.charCodeAt(quote + 1) === 0x22) {
              value += '"';
              from = quote + 2;
              continue;
            }
            i = quote + 1;
            break;
          }
          fields.push(value);
        } else {
          let end = i;
          while (end < n) {
            const c = text.charCodeAt(end);
            if (c === 0x2c || c === 0x0a || c === 0x0d) break;
            end++;
          }
          fields.push(text.slice(i, end));
          i = end;
        }
        const c = text.charCodeAt(i);
        if (c === 0x2c) {
          i++;
          continue;
        }
        if (i >= n && !final) {
          this.rest = text.slice(start);
          break records;
        }
        if (c === 0x0d) i++;
        if (text.charCodeAt(i) === 0x0a) i++;
        records.push(fields);
        break;
      }
    }
    return records;
  }
}

/** The text of a byte stream, UTF-8 (a leading byte-order mark dropped). */
export async function* textOf(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const last = decoder.decode();
  if (last) yield last;
}
