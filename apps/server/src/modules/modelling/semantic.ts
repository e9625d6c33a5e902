// An organization's semantic models: the built-in ones, each table given the derived columns its
// source table holds since the last rebuild, as ordinary text dimensions.
import { BUILTIN_SEMANTIC_MODELS, MODEL_SCHEMA, type Dimension, type SemanticModel } from '@maya/analytics';
import type { AppliedColumn } from './schema';

/** The built-in models with the applied derived columns; a name a table already uses is left out. */
export function organizationSemanticModels(applied: readonly AppliedColumn[]): SemanticModel[] {
  if (applied.length === 0) return [...BUILTIN_SEMANTIC_MODELS];
  return BUILTIN_SEMANTIC_MODELS.map((model) => ({
    ...model,
    tables: model.tables.map((table) => {
      if (table.source.schema !== MODEL_SCHEMA) return table;
      const taken = new Set([...table.dimensions, ...table.measures].map((field) => field.name));
      const added: Dimension[] = [];
      for (const { table: source, column, label } of applied) {
        if (source !== table.source.table || taken.has(column)) continue;
        taken.add(column);
        added.push({ name: column, label, type: 'string', sql: { column }, grains: [] });
      }
      return added.length === 0 ? table : { ...table, dimensions: [...table.dimensions, ...added] };
    }),
  }));
}
