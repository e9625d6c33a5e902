import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

/**
 * One root secret per installation. Production passes SECRET_KEY; development and tests get a
 * random key generated once and kept in DATA_DIR, so a restart keeps sessions and the derived
 * database passwords. Everything else is derived from it by purpose, so nothing else is stored.
 */
export type Secrets = { derive(purpose: string): string };

export async function loadSecrets(config: Config): Promise<Secrets> {
  return secretsFrom(config.secretKey ?? (await readOrCreateKey(secretKeyFile(config.dataDir))));
}

/** Where development and tests keep the generated root secret. */
export function secretKeyFile(dataDir: string): string {
  return path.join(dataDir, 'secret-key');
}

/** The secrets derived from a root secret. */
export function secretsFrom(root: string): Secrets {
  return { derive: (purpose) => createHmac('sha256', root).update(purpose).digest('base64url') };
}

async function readOrCreateKey(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const key = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created it first; then read theirs.
  try {
    await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
