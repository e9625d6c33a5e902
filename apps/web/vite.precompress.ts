import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Text the server sends: source maps are fetched by developer tools only, and stay as they are. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Brotli (`.br`, quality 11) and gzip (`.gz`, level 9) twins of a file, made once at build time at
 * their smallest rather than on every request; the server sends the one the browser accepts
 * (`preCompressed` of @fastify/static). A twin that would not be smaller is not written.
 */
export async function writeCompressedTwins(file: string): Promise<void> {
  const original = await readFile(file);
  const twins: [string, Buffer][] = [
    [
      '.br',
      await brotli(original, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: original.length,
        },
      }),
    ],
    ['.gz', await gzipped(original, { level: zlib.Z_BEST_COMPRESSION })],
  ];
  for (const [extension, packed] of twins) {
    if (packed.length < original.length) await writeFile(`${file}${extension}`, packed);
  }
}

/** The compressed twins of every text file the build writes. */
export function precompress(): Plugin {
  return {
    name: 'maya:precompress',
    apply: 'build',
    async writeBundle(options, output) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(output).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map((file) => writeCompressedTwins(path.join(dir, file))));
    },
  };
}
