// Two text columns kept as one value, so that a report grouping by both groups by one column.
// DuckDB aggregates a single dictionary-compressed key once per distinct value of each stored
// vector; two keys take its general path, which hashes and compares every row (decision 144:
// the campaigns table's statement, by channel and campaign over 30 days of 10 million rows, took
// 12 ms by the two columns and 8.7 ms by the packed one; PostgreSQL gains about 7 %).
//
// The value is a flag, the first part, U+001F, the second part. The flag tells which parts are
// NULL ('0' neither, '1' the first, '2' the second, '3' both; a NULL part is written as ''), so
// that every pair, NULLs and '' included, has its own value. The first part must never contain
// U+001F (model checks require a column the product writes, such as the channel); the second
// may: it is everything after the first separator.
import type { SqlDialect } from './dialect';

const SEPARATOR = 'chr(31)';

/** The packed value of two text expressions; never NULL. The same SQL in every dialect. */
export function packSql(first: string, second: string): string {
  const flag = `CASE WHEN ${first} IS NULL AND ${second} IS NULL THEN '3' WHEN ${first} IS NULL THEN '1' WHEN ${second} IS NULL THEN '2' ELSE '0' END`;
  return `${flag} || COALESCE(${first}, '') || ${SEPARATOR} || COALESCE(${second}, '')`;
}

/**
 * Part 0 or 1 of a packed value, as it was (NULL included). Every engine counts characters, so
 * a multi-byte name splits where it was joined; BigQuery spells the search STRPOS.
 */
export function unpackSql(dialect: SqlDialect, packed: string, part: 0 | 1): string {
  const flag = `substr(${packed}, 1, 1)`;
  const at =
    dialect === 'bigquery' ? `STRPOS(${packed}, ${SEPARATOR})` : `position(${SEPARATOR} IN ${packed})`;
  return part === 0
    ? `CASE WHEN ${flag} IN ('1', '3') THEN NULL ELSE substr(${packed}, 2, ${at} - 2) END`
    : `CASE WHEN ${flag} IN ('2', '3') THEN NULL ELSE substr(${packed}, ${at} + 1) END`;
}

/** The value `packSql` writes, for rows loaded as they are (test fixtures). */
export function packValue(first: string | null, second: string | null): string {
  const flag = first === null ? (second === null ? '3' : '1') : second === null ? '2' : '0';
  return `${flag}${first ?? ''}\u001f${second ?? ''}`;
}
