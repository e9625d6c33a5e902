// Reading CSV report files as they download (Google Play's installs reports, Microsoft
// Advertising's reports): bytes → text (the encoding from the byte order mark: Google Play writes
// UTF-16LE with a BOM, Microsoft UTF-8) → records (RFC 4180: quoted fields holding commas, doubled
// quotes and newlines; CRLF, LF or CR line ends), without ever holding the file in memory.

import { TextDecoder } from 'node:util';

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/** The encoding of the first bytes: a BOM, else UTF-16LE when ASCII text shows zero high bytes. */
export function sniffEncoding(head: Uint8Array): Encoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head.length >= 2 && head[0] !== 0 && head[1] === 0) return 'utf-16le';
  return 'utf-8';
}

/** Decodes a byte stream to text chunks; the BOM is dropped and code units split across chunks are kept whole. */
export async function* decodeText(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let head = new Uint8Array(0);
  for await (const chunk of bytes) {
    if (decoder) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
      continue;
    }
    const joined = new Uint8Array(head.length + chunk.length);
    joined.set(head);
    joined.set(chunk, head.length);
    head = joined;
    if (head.length < 2) continue;
    decoder = new TextDecoder(sniffEncoding(head));
    const text = decoder.decode(head, { stream: true });
    if (text) yield text;
  }
  if (!decoder) {
    // Fewer than two bytes in all: no BOM to read.
    if (head.length > 0) yield new TextDecoder('utf-8').decode(head);
    return;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** CSV records from text chunks; blank lines are skipped. A text ending inside quotes throws. */
export async function* parseCsv(chunks: AsyncIterable<string>): AsyncGenerator<string[]> {
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  /** A quote inside a quoted field: a doubled quote or the field's end, decided by the next character. */
  let quoteSeen = false;
  let afterCr = false;
  const endRecord = function* () {
    record.push(field);
    field = '';
    if (!(record.length === 1 && record[0] === '')) yield record;
    record = [];
  };
  for await (const chunk of chunks) {
    let start = 0; // start of the pending plain run in this chunk
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (inQuotes) {
        if (quoteSeen) {
          quoteSeen = false;
          if (c === QUOTE) {
            field += '"';
            start = i + 1;
            continue;
          }
          inQuotes = false; // the quote closed the field: read c as unquoted
        } else {
          if (c === QUOTE) {
            field += chunk.slice(start, i);
            quoteSeen = true;
            start = i + 1;
          }
          continue;
        }
      }
      if (afterCr && c === LF) {
        afterCr = false;
        start = i + 1;
        continue;
      }
      afterCr = false;
      if (c === QUOTE && field === '' && start === i) {
        inQuotes = true;
        start = i + 1;
      } else if (c === COMMA) {
        record.push(field + chunk.slice(start, i));
        field = '';
        start = i + 1;
      } else if (c === LF || c === CR) {
        field += chunk.slice(start, i);
        afterCr = c === CR;
        yield* endRecord();
        start = i + 1;
      }
    }
    field += chunk.slice(start);
  }
  if (inQuotes && !quoteSeen) throw new Error('The text ends inside a quoted field.');
  if (field !== '' || record.length > 0) yield* endRecord();
}
