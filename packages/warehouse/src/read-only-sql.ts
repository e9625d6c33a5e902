import { WarehouseError } from './errors';
import type { QueryOptions } from './warehouse';

const READ_KEYWORDS = new Set(['select', 'with', 'from', 'values', 'table', '(']);

/**
 * The statement's first keyword, skipping whitespace, comments and opening parentheses
 * (a parenthesis itself counts when the statement starts with a bracketed query).
 */
export function leadingKeyword(sql: string): string {
  let i = 0;
  while (i < sql.length) {
    const ch = sql.charAt(i);
    if (/\s/.test(ch)) {
      i += 1;
    } else if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
    } else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else if (ch === '(') {
      return '(';
    } else {
      return /^[A-Za-z_]+/.exec(sql.slice(i))?.[0].toLowerCase() ?? ch;
    }
  }
  return '';
}

/**
 * A lexical first look: the engine's own checks (statement type, read-only transaction) are
 * the guarantee, this only gives a clear `read_only_violation` for statements the engine
 * could not even prepare.
 */
export function looksReadOnly(sql: string): boolean {
  return READ_KEYWORDS.has(leadingKeyword(sql));
}

const WRITE_WORDS = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'upsert',
  'drop',
  'create',
  'alter',
  'truncate',
  'copy',
  'attach',
  'detach',
  'grant',
  'revoke',
  'vacuum',
  'install',
  'load',
  'export',
  'import',
  'checkpoint',
  'call',
  'do',
  'lock',
  'refresh',
  'reindex',
  'cluster',
  'comment',
]);

/**
 * For a statement the engine could not parse or prepare: whether it reads as an attempt to
 * write (so the caller is told `read_only_violation` rather than a syntax error). Words inside
 * string literals, quoted identifiers and comments do not count.
 */
export function looksLikeWrite(sql: string): boolean {
  if (!looksReadOnly(sql)) return true;
  const bare = sql
    .replace(/'(?:[^']|'')*'/g, ' ')
    .replace(/"(?:[^"]|"")*"/g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ');
  return (bare.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []).some((word) => WRITE_WORDS.has(word));
}

export function readOnlyViolation(detail: string): WarehouseError {
  return new WarehouseError(
    'read_only_violation',
    `only a single read-only statement (SELECT or WITH ... SELECT) may be run: ${detail}`,
  );
}

/** Checks the options of `query`, returning the row cap (null when unlimited). */
export function checkQueryOptions(opts: QueryOptions): { timeoutMs: number; maxRows: number | null } {
  if (typeof opts?.timeoutMs !== 'number' || !(opts.timeoutMs > 0) || !Number.isFinite(opts.timeoutMs)) {
    throw new WarehouseError('invalid_parameter', 'timeoutMs must be a positive number of milliseconds');
  }
  const maxRows = opts.maxRows ?? null;
  if (maxRows !== null && (!Number.isSafeInteger(maxRows) || maxRows < 0)) {
    throw new WarehouseError('invalid_parameter', 'maxRows must be a non-negative integer');
  }
  return { timeoutMs: opts.timeoutMs, maxRows };
}
