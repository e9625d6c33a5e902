// The backup archive: one tar.gz holding `manifest.json` and `data/` (a data folder as restore
// lays it down). The manifest lists every file with its size and SHA-256, so a damaged or
// truncated archive is found before anything is restored.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';

const run = promisify(execFile);

export const MANIFEST = 'manifest.json';
export const DATA = 'data';

/** A configured PostgreSQL (DATABASE_URL), copied table by table: `data/postgres/<table>.copy`. */
const ConfiguredPostgresSchema = z.object({
  kind: z.literal('configured'),
  server_version: z.string(),
  /** The migration the schema was at: restore replays the migrations up to this one. */
  migration: z.object({ tag: z.string(), created_at: z.number().int(), hash: z.string() }),
  tables: z.array(
    z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int().min(0) }),
  ),
  sequences: z.array(z.object({ name: z.string(), last_value: z.string(), is_called: z.boolean() })),
});
export type ConfiguredPostgres = z.infer<typeof ConfiguredPostgresSchema>;

const ManifestSchema = z.object({
  format: z.literal('maya-backup'),
  version: z.literal(1),
  created_at: z.string(),
  app_version: z.string(),
  postgres: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('embedded'), server_version: z.string() }),
    ConfiguredPostgresSchema,
  ]),
  /** Whether `data/secret-key` is in the archive; else the SECRET_KEY the backup was made with. */
  secret_key_included: z.boolean(),
  /** A fingerprint of the root secret (never the secret): restore checks it matches. */
  secret_fingerprint: z.string(),
  organizations: z.number().int().min(0),
  files: z.array(z.object({ path: z.string(), bytes: z.number().int().min(0), sha256: z.string() })),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** A problem with what the operator asked for: said plainly, and nothing was changed. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Every regular file under `root`, as paths relative to it with '/' separators. */
export async function listFiles(root: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(path.join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(root, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** The manifest's file list for a staged `data/` folder. */
export async function describeFiles(staging: string): Promise<Manifest['files']> {
  const files: Manifest['files'] = [];
  for (const relative of await listFiles(staging, DATA)) {
    const full = path.join(staging, relative);
    files.push({ path: relative, bytes: (await stat(full)).size, sha256: await sha256(full) });
  }
  return files;
}

export async function writeArchive(staging: string, manifest: Manifest, archive: string): Promise<void> {
  await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  await run('tar', ['-czf', archive, '-C', staging, MANIFEST, DATA]);
}

/**
 * Unpacks `archive` into `staging` and checks it whole: gzip's checksum, the manifest, and every
 * file's size and SHA-256 (none missing, none extra). Throws a BackupError saying what is wrong.
 */
export async function unpackArchive(archive: string, staging: string): Promise<Manifest> {
  const damaged = (why: string) =>
    new BackupError(`${archive} is damaged or not a Maya backup (${why}). Nothing was restored.`);
  try {
    await run('tar', ['-xzf', archive, '-C', staging, '--no-same-owner']);
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw damaged(stderr.split('\n')[0] || 'it cannot be unpacked');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(staging, MANIFEST), 'utf8'));
  } catch {
    throw damaged(`no readable ${MANIFEST}`);
  }
  const manifest = ManifestSchema.safeParse(parsed);
  if (!manifest.success) throw damaged(`${MANIFEST} is not a Maya backup manifest`);
  const listed = new Map(manifest.data.files.map((file) => [file.path, file]));
  const present = await listFiles(staging, DATA).catch(() => []);
  for (const relative of present) {
    if (!listed.has(relative)) throw damaged(`${relative} is not in the manifest`);
  }
  for (const file of manifest.data.files) {
    const full = path.join(staging, file.path);
    const found = await stat(full).catch(() => null);
    if (!found) throw damaged(`${file.path} is missing`);
    if (found.size !== file.bytes || (await sha256(full)) !== file.sha256)
      throw damaged(`${file.path} does not match its checksum`);
  }
  return manifest.data;
}
