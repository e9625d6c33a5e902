// The organization's custom tables as one semantic model, so reports and the AI Builder read
// them like the built-in ones: each table's text and date columns are dimensions (the first
// date column its time dimension), its numeric columns sums, and its rows a count.
import { TIME_GRAINS, type CustomTable } from '@maya/contracts';
import type { Dimension, Measure, SemanticModel, SemanticTable } from '@maya/analytics';
import { RAW_SCHEMA } from '../modelling';
import { warehouseTableName } from './load';

export const CUSTOM_SEMANTIC_MODEL = 'custom_tables';

function semanticTable(table: CustomTable): SemanticTable {
  const dimensions: Dimension[] = [];
  const measures: Measure[] = [
    {
      name: 'rows',
      label: 'Rows',
      format: 'number',
      kind: 'aggregate',
      aggregation: 'count',
      sql: null,
      divisor: null,
    },
  ];
  for (const column of table.columns) {
    const label = column.alias;
    if (column.type === 'Numeric') {
      measures.push({
        name: column.alias === 'rows' ? 'rows_value' : column.alias,
        label,
        format: 'number',
        kind: 'aggregate',
        aggregation: 'sum',
        sql: { column: column.alias },
        divisor: null,
      });
    } else {
      dimensions.push({
        name: column.alias,
        label,
        type: column.type === 'Date' ? 'date' : 'string',
        sql: { column: column.alias },
        grains: column.type === 'Date' ? TIME_GRAINS : [],
      });
    }
  }
  return {
    name: table.table_id,
    label: table.name,
    source: { schema: RAW_SCHEMA, table: warehouseTableName(table.table_id) },
    timeDimension: table.columns.find((c) => c.type === 'Date')?.alias ?? null,
    dimensions,
    measures,
  };
}

/** The model of the tables that have rows; null when none has. */
export function customSemanticModel(tables: readonly CustomTable[]): SemanticModel | null {
  const loaded = tables.filter((table) => table.uploaded_at !== null);
  if (loaded.length === 0) return null;
  return { name: CUSTOM_SEMANTIC_MODEL, label: 'Custom tables', tables: loaded.map(semanticTable) };
}
