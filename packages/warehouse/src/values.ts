import { unreachable, utcDay } from '@maya/contracts';
import type { ColumnType } from './warehouse';

/** Returned by a coercer for a value its column cannot take. */
export const INVALID: unique symbol = Symbol('invalid');

export type LoadValue = string | number | bigint | boolean;
/** Normalises one loose input value for a column: null for SQL NULL, INVALID when refused. */
export type Coercer = (value: unknown) => LoadValue | null | typeof INVALID;

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The coercer for a column type. Each returns the type's load form: integer and double as
 * number, bigint as bigint, boolean as boolean, everything else as a string the engine casts
 * (decimal digits, `YYYY-MM-DD`, ISO timestamps, serialised JSON).
 */
export function loadCoercer(type: ColumnType): Coercer {
  switch (type) {
    case 'string':
      return (v) => {
        if (v === null || v === undefined) return null;
        if (typeof v === 'string') return v;
        if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
        return INVALID;
      };
    case 'integer':
      return (v) => {
        if (v === null || v === undefined) return null;
        const n = toInteger(v);
        if (n === INVALID) return INVALID;
        return n >= INT32_MIN && n <= INT32_MAX ? Number(n) : INVALID;
      };
    case 'bigint':
      return (v) => {
        if (v === null || v === undefined) return null;
        const n = toInteger(v);
        if (n === INVALID) return INVALID;
        const big = BigInt(n);
        return big >= INT64_MIN && big <= INT64_MAX ? big : INVALID;
      };
    case 'double':
      return (v) => {
        if (v === null || v === undefined) return null;
        if (typeof v === 'number') return v;
        if (typeof v === 'bigint') return Number(v);
        if (typeof v === 'string' && v.trim() !== '') {
          const n = Number(v);
          return Number.isNaN(n) && v.trim() !== 'NaN' ? INVALID : n;
        }
        return INVALID;
      };
    case 'decimal':
      return (v) => {
        if (v === null || v === undefined) return null;
        if (typeof v === 'number') return Number.isFinite(v) ? String(v) : INVALID;
        if (typeof v === 'bigint') return String(v);
        if (typeof v === 'string' && DECIMAL_TEXT.test(v.trim())) return v.trim();
        return INVALID;
      };
    case 'boolean':
      return (v) => {
        if (v === null || v === undefined) return null;
        if (typeof v === 'boolean') return v;
        if (v === 'true') return true;
        if (v === 'false') return false;
        return INVALID;
      };
    case 'date':
      return (v) => {
        if (v === null || v === undefined) return null;
        if (typeof v === 'string') return v;
        if (v instanceof Date) return Number.isNaN(v.getTime()) ? INVALID : utcDay(v);
        return INVALID;
      };
    case 'timestamp':
      return (v) => {
        if (v === null || v === undefined) return null;
        if (typeof v === 'string') return v;
        const date = v instanceof Date ? v : typeof v === 'number' ? new Date(v) : null;
        if (date === null || Number.isNaN(date.getTime())) return INVALID;
        return date.toISOString();
      };
    case 'json':
      return (v) => {
        if (v === null || v === undefined) return null;
        try {
          const text = JSON.stringify(v);
          return text === undefined ? INVALID : text;
        } catch {
          return INVALID;
        }
      };
    default:
      return unreachable(type);
  }
}

function toInteger(v: unknown): number | bigint | typeof INVALID {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : INVALID;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'string' && INTEGER_TEXT.test(v.trim())) {
    const big = BigInt(v.trim());
    return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(big)
      : big;
  }
  return INVALID;
}

/** A 64-bit or wider integer as a number when exact, else its decimal string. */
export function safeInteger(value: bigint | string | number): number | string {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    // Integer text reads as a safe integer only when it is exactly one (a larger value rounds to
    // 2^53 or beyond, which is not safe): the common case without BigInt, a report's sums by the
    // thousand.
    const exact = Number(value);
    if (Number.isSafeInteger(exact) && /^-?\d+$/.test(value)) return exact + 0; // -0 is 0
  }
  const big = typeof value === 'bigint' ? value : BigInt(value);
  return big >= MIN_SAFE && big <= MAX_SAFE ? Number(big) : big.toString();
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A decimal or float rendered as text (`"1.50"`, `"NaN"`, `"Infinity"`) as a number. */
export function numberFromText(value: string | number): number {
  if (typeof value === 'number') return value;
  if (value === 'Infinity' || value === 'inf') return Infinity;
  if (value === '-Infinity' || value === '-inf') return -Infinity;
  return Number(value);
}

const UTC_SUFFIX = /(?:[+-]00(?::?00)?|Z)$/;
const ENGINE_TIMESTAMP = /^(\d{4,}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)(.*)$/;

/**
 * An engine's timestamp text (`2024-01-31 10:00:00.123456`, optionally with `+00` or another
 * offset) as ISO 8601 UTC: `2024-01-31T10:00:00.123456Z`. Text without an offset is UTC.
 * Values that are not a plain timestamp (`infinity`, BC dates) are returned unchanged.
 */
export function isoTimestamp(text: string): string {
  const match = ENGINE_TIMESTAMP.exec(text);
  if (match === null) return text;
  const [, day, time, zone = ''] = match;
  if (zone === '' || UTC_SUFFIX.test(zone)) return `${day}T${time}Z`;
  const parsed = new Date(`${day}T${time}${zone.length === 3 ? `${zone}:00` : zone}`);
  return Number.isNaN(parsed.getTime()) ? text : parsed.toISOString();
}
