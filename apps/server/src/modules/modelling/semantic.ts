// An organization's semantic models: the built-in ones, each table given the derived columns its
// source table has since the last rebuild, as ordinary text dimensions read from the table's side
// table (decision 500), which the report compiler joins when a query reads one of them.
import {
  BUILTIN_SEMANTIC_MODELS,
  CANONICAL_MODELS,
  MODEL_SCHEMA,
  modelTable,
  sideTableName,
  type Dimension,
  type SemanticModel,
  type SemanticTable,
  type SideTable,
} from '@maya/analytics';
import type { AppliedColumn } from './schema';

/** The built-in models with the applied derived columns; a name a table already uses is left out. */
export function organizationSemanticModels(applied: readonly AppliedColumn[]): SemanticModel[] {
  if (applied.length === 0) return [...BUILTIN_SEMANTIC_MODELS];
  return BUILTIN_SEMANTIC_MODELS.map((model) => ({
    ...model,
    tables: model.tables.map((table) => withDerived(table, applied)),
  }));
}

function withDerived(table: SemanticTable, applied: readonly AppliedColumn[]): SemanticTable {
  if (table.source.schema !== MODEL_SCHEMA) return table;
  const taken = new Set([...table.dimensions, ...table.measures].map((field) => field.name));
  const added: Dimension[] = [];
  let side: SideTable | null = null;
  for (const entry of applied) {
    const { table: source, column, label } = entry;
    if (source !== table.source.table || taken.has(column)) continue;
    if (entry.keys !== undefined) {
      side ??= sideTable(source, entry.keys);
      if (side === null) continue;
      side = { ...side, columns: [...side.columns, column] };
    }
    taken.add(column);
    added.push({ name: column, label, type: 'string', sql: { column }, grains: [] });
  }
  if (added.length === 0) return table;
  return {
    ...table,
    dimensions: [...table.dimensions, ...added],
    ...(side === null ? {} : { sideTables: [...(table.sideTables ?? []), side] }),
  };
}

/** The side table of a model table keyed by `keys` (typed as the model's columns); null if one is gone. */
function sideTable(source: string, keys: readonly string[]): SideTable | null {
  const model = CANONICAL_MODELS.find((m) => m.name === source);
  if (model === undefined) return null;
  const columns = modelTable(model).columns;
  const typed: SideTable['keys'][number][] = [];
  for (const key of keys) {
    const column = columns.find((c) => c.name === key);
    if (column === undefined) return null;
    typed.push({ column: key, type: column.type });
  }
  return { table: sideTableName(source), keys: typed, columns: [] };
}
