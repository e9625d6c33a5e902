// The organization's custom tables as one semantic model, so reports and the AI Builder read
// them like the built-in ones: each table's text and date columns are dimensions (the first
// date column its time dimension), its numeric columns sums, and its rows a count.
import { TIME_GRAINS, type CustomTable } from '@maya/contracts';
import {
  CUSTOM_TABLES_MODEL,
  CUSTOM_TABLES_REPORT_NAME,
  rowCountMeasureName,
  type Dimension,
  type Measure,
  type SemanticModel,
  type SemanticTable,
} from '@maya/analytics';
import { RAW_SCHEMA } from '../modelling';
import { warehouseTableName } from './load';

/** A final name as people read it: `created_at` is "Created at". */
export function labelOf(alias: string): string {
  const words = alias.replace(/_+/g, ' ').trim();
  return words === '' ? alias : words.charAt(0).toUpperCase() + words.slice(1);
}

function semanticTable(table: CustomTable): SemanticTable {
  const dimensions: Dimension[] = [];
  // Named apart from every column (a column may be called rows).
  const rows = rowCountMeasureName(table.columns.map((c) => c.alias));
  const measures: Measure[] = [
    {
      name: rows,
      label: rows === 'rows' ? 'Rows' : 'Row count',
      format: 'number',
      kind: 'aggregate',
      aggregation: 'count',
      sql: null,
      divisor: null,
    },
  ];
  for (const column of table.columns) {
    const label = labelOf(column.alias);
    if (column.type === 'Numeric') {
      measures.push({
        name: column.alias,
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
  return { name: CUSTOM_TABLES_MODEL, label: CUSTOM_TABLES_REPORT_NAME, tables: loaded.map(semanticTable) };
}
