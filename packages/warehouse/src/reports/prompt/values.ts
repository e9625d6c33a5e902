// The values of the report's text dimensions a prompt can name ("Google Ads", a campaign's name):
// which columns the caller looks up in the organization's data, and where the prompt names one.
import type { FilterValue, ReportDocument } from '@maya/contracts';
import { findDimension, semanticTable, type SemanticModel } from '../semantic-model';
import { FILLER_WORDS, findPhrase, phraseStems, type Span, type Token } from './text';
import { reportTables } from './vocabulary';

/** A text column of the model: `table.column`. */
export type ValueColumn = { table: string; column: string };

/** The distinct values of each column the caller looked up, by `valueKey`. */
export type DimensionValues = ReadonlyMap<string, readonly FilterValue[]>;

export const valueKey = (c: ValueColumn) => `${c.table}.${c.column}`;

/**
 * The text columns whose values a prompt may name: those the report filters on (its list
 * filters, its slicers), then those its visuals group by, filters first (the lookup may stop
 * early on a large organization).
 */
export function promptValueColumns(doc: ReportDocument, model: SemanticModel): ValueColumn[] {
  const columns = new Map<string, ValueColumn>();
  const add = (table: string, column: string) => {
    const dim = findDimension(semanticTable(model, table), column);
    if (dim?.type === 'string') columns.set(valueKey({ table, column }), { table, column });
  };
  for (const f of [...doc.filters, ...doc.pages.flatMap((p) => p.filters)]) {
    if (f.kind === 'list' || f.kind === 'advanced_text') add(f.table, f.column);
  }
  const visuals = doc.pages.flatMap((p) => p.visuals);
  for (const v of visuals) if (v.kind === 'slicer') add(v.table, v.dimension);
  for (const v of visuals) {
    const dims =
      v.kind === 'table'
        ? v.dimensions
        : v.kind === 'matrix'
          ? [...v.rows, ...v.columns]
          : v.kind === 'pie' || v.kind === 'donut'
            ? [v.legend]
            : 'axis' in v
              ? [v.axis, ...(v.legend === null ? [] : [v.legend])]
              : [];
    for (const d of dims) add(v.table, d.name);
  }
  const tables = reportTables(doc);
  return [...columns.values()].filter((c) => tables.has(c.table));
}

export type ValueMatch = { span: Span; table: string; column: string; value: string };

const letters = (value: string) => value.replace(/[^\p{L}\p{N}]/gu, '').length;
const fillers = (stems: readonly string[]) => stems.every((s) => FILLER_WORDS.has(s) || /^\d+$/.test(s));

/** Whether a value can be named at all: two letters or more, not digits alone. */
function nameable(stems: readonly string[], value: string): boolean {
  return stems.length > 0 && !stems.every((s) => /^\d+$/.test(s)) && letters(value) >= 2;
}

/**
 * Values that are also everyday words count only typed in capitals: two-letter codes ("US" is
 * no country in "show us"), and values made of filler words ("DISPLAY" is a campaign type, but
 * "display spend" asks to show spend).
 */
function needsCapitals(stems: readonly string[], value: string): boolean {
  return letters(value) < 3 || fillers(stems);
}

/** Every place the prompt names a looked-up value, as a whole phrase. */
export function findValues(tokens: readonly Token[], values: DimensionValues): ValueMatch[] {
  const matches: ValueMatch[] = [];
  for (const [key, list] of values) {
    const dot = key.indexOf('.');
    const table = key.slice(0, dot);
    const column = key.slice(dot + 1);
    for (const value of list) {
      if (typeof value !== 'string') continue;
      const stems = phraseStems(value);
      if (!nameable(stems, value)) continue;
      const capitals = needsCapitals(stems, value);
      for (const span of findPhrase(tokens, stems)) {
        if (capitals && !tokens.slice(span.start, span.end).every((t) => t.upper)) continue;
        matches.push({ span, table, column, value });
      }
    }
  }
  return matches;
}
