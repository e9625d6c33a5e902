// The values of the report's text dimensions a prompt can name ("Google Ads", a campaign's name):
// which columns the caller looks up in the organization's data, and where the prompt names one.
import type { FilterValue, ReportDocument } from '@maya/contracts';
import { findDimension, semanticTable, type SemanticModel } from '../semantic-model';
import { FILLER_WORDS, findPhrase, phraseStems, tokenize, type Span, type Token } from './text';
import { LOWER_CASE_ALIASES, capitalsOnly, otherNames } from './synonyms';
import { VALUE_QUALIFIERS, reportTables } from './vocabulary';

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
 * Values that are also everyday words count only typed as written for people: two-letter codes in
 * capitals ("US" is no country in "show us"), and values made of filler words in capitals or
 * capitalized as the data has them, except where a sentence starts ("DISPLAY" and "roas of
 * Display campaigns" name a campaign type; "display spend" and "Display spend" ask to show spend).
 */
function typedAsWritten(
  tokens: readonly Token[],
  span: Span,
  value: string,
  stems: readonly string[],
): boolean {
  const typed = tokens.slice(span.start, span.end);
  if (LOWER_CASE_ALIASES.has(value.toLowerCase())) return true;
  if (letters(value) < 3) return typed.every((t) => t.upper);
  if (!fillers(stems) || typed.every((t) => t.upper)) return true;
  const written = tokenize(value).map((t) => t.typed);
  const capitalized = written.some((w) => w !== w.toLowerCase());
  return capitalized && span.start > 0 && typed.every((t, i) => t.typed === written[i]);
}

/**
 * Whether a one-word value of a column with qualifiers has one beside it ("Search campaigns").
 * Its other names ("pmax") are no everyday words and need none.
 */
function qualified(tokens: readonly Token[], span: Span, column: string, stems: readonly string[]): boolean {
  const qualifiers = VALUE_QUALIFIERS[column];
  if (qualifiers === undefined || stems.length > 1) return true;
  const beside = [tokens[span.end]?.stem, tokens[span.start - 1]?.stem];
  return beside.some((stem) => stem !== undefined && qualifiers.includes(stem));
}

/** Every place the prompt names a looked-up value (or another name of it), as a whole phrase. */
export function findValues(tokens: readonly Token[], values: DimensionValues): ValueMatch[] {
  const matches: ValueMatch[] = [];
  for (const [key, list] of values) {
    const dot = key.indexOf('.');
    const table = key.slice(0, dot);
    const column = key.slice(dot + 1);
    for (const value of list) {
      if (typeof value !== 'string') continue;
      const names = [value, ...otherNames(column, value)];
      for (const name of names) {
        const stems = phraseStems(name);
        if (!nameable(stems, name)) continue;
        for (const span of findPhrase(tokens, stems)) {
          const typed = tokens.slice(span.start, span.end);
          if (
            capitalsOnly(column, name)
              ? !typed.every((t) => t.upper)
              : !typedAsWritten(tokens, span, name, stems)
          )
            continue;
          if (name === value && !qualified(tokens, span, column, stems)) continue;
          matches.push({ span, table, column, value });
        }
      }
    }
  }
  return matches;
}

/** Every name of every looked-up value (the values and their other names), for typo correction. */
export function namesOfValues(values: DimensionValues): string[] {
  return [...values].flatMap(([key, list]) => {
    const column = key.slice(key.indexOf('.') + 1);
    return list.flatMap((v) => (typeof v === 'string' ? [v, ...otherNames(column, v)] : []));
  });
}
