// The bytes of an uploaded CSV to UTF-8: the encoding from its byte-order mark (UTF-8, UTF-16 LE
// or BE), else UTF-8 when the file's first 64 KiB are valid UTF-8, else Windows-1252 (what Excel
// writes on Windows). UTF-8 passes through as it came, checked chunk by chunk (a character split
// between chunks waits for its end); the others are decoded and encoded again. Decoding is strict:
// a byte sequence the encoding cannot have, or a NUL character (a binary file, or UTF-16 without
// its mark), refuses the file at its line (`EncodingFault`, which says how far into the chunk).
import { isUtf8 } from 'node:buffer';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** How much of the file decides between UTF-8 and Windows-1252. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Bytes that are not text in the file's encoding. `linesBefore` counts the line breaks of the
 * refused chunk before the fault; the reader adds those of the chunks before it.
 */
export class EncodingFault extends Error {
  constructor(
    readonly encoding: TextEncoding,
    readonly kind: 'invalid' | 'nul',
    readonly linesBefore: number,
  ) {
    super(`${kind} ${encoding} text`);
  }
}

export type DecodedText = {
  encoding: TextEncoding;
  /** UTF-8 from the start, after any byte-order mark, each chunk ending on a whole character. */
  chunks: AsyncIterable<Buffer>;
  /** Bytes read from the source so far. */
  bytesRead(): number;
};

function encodingOf(head: Buffer): TextEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return isUtf8(head.subarray(0, wholeUtf8(head))) ? 'utf-8' : 'windows-1252';
}

/** The length of `bytes` without a UTF-8 character its end cuts (at most 3 bytes left out). */
export function wholeUtf8(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= Math.min(3, end); back++) {
    const byte = bytes[end - back] as number;
    if (byte < 0x80) return end;
    if (byte >= 0xc0) {
      const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return size > back ? end - back : end;
    }
  }
  return end;
}

const countLines = (text: string) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/** The fault in a UTF-8 chunk known to have one: its line breaks before it, read leniently. */
function utf8Fault(chunk: Buffer): EncodingFault {
  const nul = chunk.indexOf(0);
  const loose = new TextDecoder('utf-8').decode(chunk);
  const bad = loose.indexOf('\uFFFD');
  const before = (at: number) => countLines(loose.slice(0, at));
  if (nul !== -1) {
    const nulAt = loose.indexOf('\u0000');
    if (bad === -1 || nulAt < bad) return new EncodingFault('utf-8', 'nul', before(nulAt));
  }
  return new EncodingFault('utf-8', 'invalid', before(bad === -1 ? loose.length : bad));
}

/** Decodes `source` lazily; the head is read first to pick the encoding. */
export async function decodeCsv(source: AsyncIterable<Buffer>): Promise<DecodedText> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done === true) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  const first = Buffer.concat(head);
  const encoding = encodingOf(first.subarray(0, SNIFF_BYTES));
  let bytes = headBytes;
  async function* raw(): AsyncGenerator<Buffer> {
    if (first.length > 0) yield first;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done === true) return;
      bytes += next.value.length;
      yield next.value;
    }
  }
  const chunks = encoding === 'utf-8' ? checkedUtf8(raw()) : transcoded(raw(), encoding);
  return { encoding, chunks, bytesRead: () => bytes };
}

/** UTF-8 as it came, checked, without a byte-order mark; a cut character is held for the next chunk. */
async function* checkedUtf8(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let held: Buffer | null = null;
  let start = true;
  for await (const next of source) {
    let chunk: Buffer = held === null ? next : Buffer.concat([held, next]);
    held = null;
    if (start) {
      if (chunk.length < 3 && chunk.every((byte, i) => byte === [0xef, 0xbb, 0xbf][i])) {
        held = chunk;
        continue;
      }
      start = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    const whole = wholeUtf8(chunk);
    if (whole < chunk.length) {
      held = Buffer.from(chunk.subarray(whole));
      chunk = chunk.subarray(0, whole);
    }
    if (!isUtf8(chunk) || chunk.indexOf(0) !== -1) throw utf8Fault(chunk);
    if (chunk.length > 0) yield chunk;
  }
  // A character (or byte-order mark) the file's end cut is no text.
  if (held !== null) throw utf8Fault(held);
}

/** UTF-16 or Windows-1252 decoded (strictly) and encoded again as UTF-8. */
async function* transcoded(source: AsyncIterable<Buffer>, encoding: TextEncoding): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  const decode = (chunk: Buffer | undefined): Buffer => {
    let text: string;
    try {
      text = chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
    } catch {
      const loose = chunk === undefined ? '' : new TextDecoder(encoding).decode(chunk);
      const bad = loose.indexOf('\uFFFD');
      throw new EncodingFault(encoding, 'invalid', countLines(bad === -1 ? loose : loose.slice(0, bad)));
    }
    const nul = text.indexOf('\u0000');
    if (nul !== -1) throw new EncodingFault(encoding, 'nul', countLines(text.slice(0, nul)));
    return Buffer.from(text, 'utf8');
  };
  for await (const chunk of source) {
    const out = decode(chunk);
    if (out.length > 0) yield out;
  }
  const rest = decode(undefined);
  if (rest.length > 0) yield rest;
}
