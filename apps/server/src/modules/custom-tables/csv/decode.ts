// The bytes of an uploaded CSV to text: the encoding from its byte-order mark (UTF-8, UTF-16 LE
// or BE), else UTF-8 when the file's first 64 KiB are valid UTF-8, else Windows-1252 (what Excel
// writes on Windows). Decoding is strict: a byte sequence the encoding cannot have, or a NUL
// character (a binary file, or UTF-16 without its mark), refuses the file at its line.
import { CustomTableErrorType } from '@maya/contracts';
import { csvRefused } from './errors';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** How much of the file decides between UTF-8 and Windows-1252. */
const SNIFF_BYTES = 64 * 1024;

export type DecodedText = {
  encoding: TextEncoding;
  /** The text from the start, after any byte-order mark. */
  chunks: AsyncIterable<string>;
  /** Bytes read from the source so far. */
  bytesRead(): number;
};

function encodingOf(head: Buffer): TextEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

const countLines = (text: string) => {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

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
  async function* chunks(): AsyncGenerator<string> {
    const decoder = new TextDecoder(encoding, { fatal: true });
    let lines = 0;
    const decode = (chunk: Buffer | undefined) => {
      let text: string;
      try {
        text = chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
      } catch {
        // The line of the first byte that is no text: read again leniently up to its mark.
        const loose = chunk === undefined ? '' : new TextDecoder(encoding).decode(chunk);
        const bad = loose.indexOf('\uFFFD');
        const line = lines + countLines(bad === -1 ? loose : loose.slice(0, bad)) + 1;
        throw csvRefused(
          CustomTableErrorType.badEncoding,
          `The file is not valid ${encoding.toUpperCase()} text at line ${line}. Save it as CSV UTF-8 and upload it again.`,
          { line },
        );
      }
      const nul = text.indexOf('\u0000');
      if (nul !== -1) {
        const line = lines + countLines(text.slice(0, nul)) + 1;
        throw csvRefused(
          CustomTableErrorType.badEncoding,
          `The file has a NUL character at line ${line}: it is not a text file, or it is UTF-16 without a byte-order mark. Save it as CSV UTF-8 and upload it again.`,
          { line },
        );
      }
      lines += countLines(text);
      return text;
    };
    if (first.length > 0) yield decode(first);
    if (!ended) {
      for (;;) {
        const next = await iterator.next();
        if (next.done === true) break;
        bytes += next.value.length;
        yield decode(next.value);
      }
    }
    const rest = decode(undefined);
    if (rest !== '') yield rest;
  }
  return { encoding, chunks: chunks(), bytesRead: () => bytes };
}
