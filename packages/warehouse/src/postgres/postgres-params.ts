import { WarehouseError } from '../errors';
import type { QueryParams } from '../warehouse';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/**
 * PostgreSQL only knows positional parameters: `$name` placeholders become `$1`, `$2`, ...
 * (outside string literals, quoted identifiers, comments and dollar-quoted strings), and the
 * values are returned in that order. Positional parameters pass through unchanged.
 */
export function toPositional(sql: string, params: QueryParams): { text: string; values: unknown[] } {
  if (Array.isArray(params)) return { text: sql, values: params };
  if (typeof params !== 'object' || params === null) {
    throw new WarehouseError('invalid_parameter', 'parameters must be an array or an object');
  }
  const order = new Map<string, number>();
  let text = '';
  let i = 0;
  while (i < sql.length) {
    const skip = skippedSpan(sql, i);
    if (skip > i) {
      text += sql.slice(i, skip);
      i = skip;
      continue;
    }
    const inWord = i > 0 && /[A-Za-z0-9_$]/.test(sql.charAt(i - 1));
    const name = sql[i] === '$' && !inWord ? NAME.exec(sql.slice(i + 1))?.[0] : undefined;
    if (name === undefined) {
      text += sql[i];
      i += 1;
      continue;
    }
    if (!Object.hasOwn(params, name)) {
      throw new WarehouseError('invalid_parameter', `no value for parameter $${name}`);
    }
    if (!order.has(name)) order.set(name, order.size + 1);
    text += `$${order.get(name)}`;
    i += name.length + 1;
  }
  const unused = Object.keys(params).filter((key) => !order.has(key));
  if (unused.length > 0) {
    throw new WarehouseError(
      'invalid_parameter',
      `parameters not used by the statement: ${unused.join(', ')}`,
    );
  }
  return { text, values: [...order.keys()].map((key) => params[key]) };
}

/** The end of a literal, quoted identifier, comment or dollar-quoted string starting at i. */
function skippedSpan(sql: string, i: number): number {
  const ch = sql[i];
  if (ch === "'" || ch === '"') return closing(sql, i + 1, ch);
  if (sql.startsWith('--', i)) {
    const end = sql.indexOf('\n', i);
    return end === -1 ? sql.length : end + 1;
  }
  if (sql.startsWith('/*', i)) {
    const end = sql.indexOf('*/', i + 2);
    return end === -1 ? sql.length : end + 2;
  }
  if (ch === '$' && !(i > 0 && /[A-Za-z0-9_]/.test(sql.charAt(i - 1)))) {
    const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i))?.[0];
    if (tag !== undefined) {
      const end = sql.indexOf(tag, i + tag.length);
      return end === -1 ? sql.length : end + tag.length;
    }
  }
  return i;
}

function closing(sql: string, from: number, quote: string): number {
  let j = from;
  while (j < sql.length) {
    if (sql[j] === quote) {
      if (sql[j + 1] === quote) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    j += 1;
  }
  return sql.length;
}
