import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The sandbox providers stay out of what a production process loads (issue 24, decision 322): the
 * server is bundled as `npm run build` bundles it, and esbuild's metafile says which source files
 * each output holds and how outputs import each other. What main.js and worker.js load before any
 * dynamic import holds no sandbox file; the sandbox is a chunk app.ts imports only when
 * config.sandbox is on.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The options `npm run build` bundles the server with (scripts/server-bundle.mjs). */
type BundleOptions = (root: string, options: { outdir: string }) => esbuild.BuildOptions;

/** A sandbox provider's source: packages/connectors/src/sandbox/ and each service's sandbox*.ts. */
const SANDBOX_SOURCE = /^packages\/connectors\/src\/(sandbox\/|services\/[^/]+\/sandbox[^/]*\.ts$)/;
/** Only the sandbox says this (its production guard, sandbox/production.ts). */
const SANDBOX_ONLY_TEXT = 'The sandbox providers are a development and test fake';

let metafile: esbuild.Metafile;
let texts: Map<string, string>;

beforeAll(async () => {
  const script = pathToFileURL(path.join(root, 'scripts/server-bundle.mjs')).href;
  const { serverBundleOptions } = (await import(script)) as { serverBundleOptions: BundleOptions };
  // Written nowhere (write: false): the outputs are read from memory.
  const options = serverBundleOptions(root, { outdir: path.join(root, 'apps/server/dist') });
  const result = await esbuild.build({ ...options, metafile: true, write: false, sourcemap: false });
  metafile = result.metafile;
  texts = new Map(result.outputFiles.map((file) => [path.relative(root, file.path), file.text]));
}, 120_000);

/** The entry's output and every chunk it imports statically, transitively. */
function loadedAtStart(entry: string): string[] {
  const start = Object.keys(metafile.outputs).find((o) => metafile.outputs[o]?.entryPoint === entry);
  expect(start, `no output for ${entry}`).toBeDefined();
  const seen = new Set<string>([start!]);
  const queue = [start!];
  for (let output = queue.pop(); output !== undefined; output = queue.pop()) {
    for (const edge of metafile.outputs[output]?.imports ?? []) {
      if (edge.external || edge.kind !== 'import-statement' || seen.has(edge.path)) continue;
      seen.add(edge.path);
      queue.push(edge.path);
    }
  }
  return [...seen];
}

const sourcesOf = (outputs: string[]) =>
  outputs.flatMap((o) => Object.keys(metafile.outputs[o]?.inputs ?? {})).sort();

describe('the production server bundle', () => {
  it.each(['apps/server/src/main.ts', 'apps/server/src/worker.ts'])(
    '%s loads no sandbox provider at start',
    (entry) => {
      const outputs = loadedAtStart(entry);
      const sources = sourcesOf(outputs);
      // It does carry the connectors (so the check looks at the right files)...
      expect(sources).toContain('packages/connectors/src/registry.ts');
      expect(sources).toContain('packages/connectors/src/services/google-ads/connector.ts');
      // ...and no sandbox source, nor the sandbox's text.
      expect(sources.filter((s) => SANDBOX_SOURCE.test(s))).toEqual([]);
      for (const output of outputs) {
        expect(texts.get(output) ?? '', output).not.toContain(SANDBOX_ONLY_TEXT);
      }
    },
  );

  it('holds the sandbox as a chunk that main.js imports dynamically', () => {
    const atStart = new Set(loadedAtStart('apps/server/src/main.ts'));
    const dynamic = [...atStart].flatMap((o) =>
      (metafile.outputs[o]?.imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path),
    );
    const sandboxChunks = dynamic.filter((o) =>
      Object.keys(metafile.outputs[o]?.inputs ?? {}).includes('packages/connectors/src/sandbox/plugin.ts'),
    );
    expect(sandboxChunks).toHaveLength(1);
    expect(texts.get(sandboxChunks[0]!)).toContain(SANDBOX_ONLY_TEXT);
  });
});
