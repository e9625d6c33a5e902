import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server runs from src/ (tests, dev) and from dist/ (bundled by scripts/build.mjs). Files it
 * ships beside the code (migrations, the built SPA) are found by walking up from this module.
 */
export function findUp(relative: string, from = path.dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

export function migrationsFolder(): string {
  const journal = findUp(path.join('drizzle', 'meta', '_journal.json'));
  if (!journal) throw new Error('migrations not found: expected apps/server/drizzle/meta/_journal.json');
  return path.dirname(path.dirname(journal));
}

/** The production build of the SPA, or null when it has not been built. */
export function webDistFolder(): string | null {
  const index =
    findUp(path.join('apps', 'web', 'dist', 'index.html')) ?? findUp(path.join('web', 'dist', 'index.html'));
  return index ? path.dirname(index) : null;
}
