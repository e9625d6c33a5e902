// Unzipping a downloaded report as it arrives: Microsoft serves a ZIP archive holding one CSV
// file; a plain CSV is handed on as it is.
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
