// The string, number and regex spellings a cluster's rules need, per engine. Every value is a
// bound `$n` placeholder cast to its type; only identifiers and these fixed spellings are text.
import { unreachable } from '@maya/contracts';
import type { SqlDialect } from '../models/dialect';
import { writeRegex, type RegexFlavor, type RegexNode } from './regex';
import type { TextTest } from './rules';

export function textType(dialect: SqlDialect): string {
  switch (dialect) {
    case 'duckdb':
      return 'VARCHAR';
    case 'postgres':
      return 'TEXT';
    case 'bigquery':
    case 'databricks':
      return 'STRING';
    default:
      return unreachable(dialect);
  }
}

export function doubleType(dialect: SqlDialect): string {
  switch (dialect) {
    case 'duckdb':
    case 'databricks':
      return 'DOUBLE';
    case 'postgres':
      return 'DOUBLE PRECISION';
    case 'bigquery':
      return 'FLOAT64';
    default:
      return unreachable(dialect);
  }
}

/** A column read as lower-case text, NULL as '' (decision 261). */
export function lowerText(dialect: SqlDialect, column: string): string {
  return `LOWER(COALESCE(CAST(${column} AS ${textType(dialect)}), ''))`;
}

/** `text` (already lower-case) passes `test` against `needle` (a lower-cased placeholder). */
export function textTest(dialect: SqlDialect, test: TextTest, text: string, needle: string): string {
  switch (test) {
    case 'equals':
      return `${text} = ${needle}`;
    case 'contains':
      switch (dialect) {
        case 'duckdb':
          return `contains(${text}, ${needle})`;
        case 'postgres':
        case 'bigquery':
          return `STRPOS(${text}, ${needle}) > 0`;
        case 'databricks':
          return `INSTR(${text}, ${needle}) > 0`;
        default:
          return unreachable(dialect);
      }
    case 'starts_with':
      switch (dialect) {
        case 'duckdb':
        case 'postgres':
        case 'bigquery':
          return `starts_with(${text}, ${needle})`;
        case 'databricks':
          return `startswith(${text}, ${needle})`;
        default:
          return unreachable(dialect);
      }
    case 'ends_with':
      switch (dialect) {
        case 'duckdb':
        case 'bigquery':
          return `ends_with(${text}, ${needle})`;
        case 'postgres':
          return `RIGHT(${text}, LENGTH(${needle})) = ${needle}`;
        case 'databricks':
          return `endswith(${text}, ${needle})`;
        default:
          return unreachable(dialect);
      }
    default:
      return unreachable(test);
  }
}

const FLAVOR: Record<SqlDialect, RegexFlavor> = {
  duckdb: 're2',
  postgres: 'postgres',
  bigquery: 're2',
  databricks: 'java',
};

/**
 * The pattern to bind for a `matches` rule: the portable pattern in the engine's spelling with
 * the flags that make it case-insensitive and `.` match line breaks (DuckDB takes them as an
 * argument, PostgreSQL's `~*` is case-insensitive and its `.` already matches line breaks).
 */
export function enginePattern(dialect: SqlDialect, regex: RegexNode): string {
  const pattern = writeRegex(regex, FLAVOR[dialect]);
  switch (dialect) {
    case 'duckdb':
    case 'postgres':
      return pattern;
    case 'bigquery':
      return `(?is)${pattern}`;
    case 'databricks':
      return `(?isu)${pattern}`;
    default:
      return unreachable(dialect);
  }
}

/** `text` (the column as text, not lowered) matches the bound pattern `pattern`. */
export function regexTest(dialect: SqlDialect, text: string, pattern: string): string {
  switch (dialect) {
    case 'duckdb':
      return `regexp_matches(${text}, ${pattern}, 'is')`;
    case 'postgres':
      return `${text} ~* ${pattern}`;
    case 'bigquery':
      return `REGEXP_CONTAINS(${text}, ${pattern})`;
    case 'databricks':
      return `${text} RLIKE ${pattern}`;
    default:
      return unreachable(dialect);
  }
}
