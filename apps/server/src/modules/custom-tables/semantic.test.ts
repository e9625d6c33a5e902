// Any columns an upload may give a table make a consistent semantic table, and the Custom tables
// report built from them is a valid document over that model.
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_TABLE_IDS,
  CUSTOM_TABLE_REQUIRED_COLUMNS,
  CUSTOM_TABLE_TITLES,
  ReportDocumentSchema,
  columnsProblem,
  requiredType,
  type CustomTable,
  type CustomTableColumn,
  type CustomTableId,
} from '@maya/contracts';
import { checkReportDocument, checkSemanticModel, customTablesReport } from '@maya/analytics';
import { customSemanticModel } from './semantic';

type Extra = { alias: string; type: CustomTableColumn['type'] };
const TYPES = ['String', 'Numeric', 'Date'] as const;
/** Names that meet others: the row count's, a required column's, the manual ads report's, long ones. */
const NAMES = ['rows', 'rows_2', 'note', 'spend', 'currency', 'order_id', 'day', `c_${'x'.repeat(60)}`];

/** Every count of extra columns up to all names, each name in each type in turn. */
function extrasCases(): Extra[][] {
  const cases: Extra[][] = [[]];
  for (let n = 1; n <= NAMES.length; n++) {
    for (const [shift] of TYPES.entries()) {
      cases.push(NAMES.slice(0, n).map((name, i) => ({ alias: name, type: TYPES[(i + shift) % 3]! })));
    }
  }
  // Past a table visual's 10 dimensions and 20 measures.
  cases.push(Array.from({ length: 40 }, (_, i) => ({ alias: `c${i}`, type: TYPES[i % 2]! })));
  return cases;
}

function tableOf(tableId: CustomTableId, extras: Extra[]) {
  const required: CustomTableColumn[] = CUSTOM_TABLE_REQUIRED_COLUMNS[tableId].map((name) => ({
    columnName: name,
    alias: name,
    type: requiredType(name),
    isRequired: true,
    isPrimaryKey: false,
  }));
  const taken = new Set(required.map((c) => c.alias));
  const others = extras
    .filter((c) => !taken.has(c.alias) && (taken.add(c.alias), true))
    .map((c) => ({
      columnName: c.alias,
      alias: c.alias,
      type: c.type,
      isRequired: false,
      isPrimaryKey: false,
    }));
  const columns = [...required, ...others];
  const table: CustomTable = {
    table_id: tableId,
    name: CUSTOM_TABLE_TITLES[tableId],
    uuid: '00000000-0000-4000-8000-000000000000',
    columns,
    row_count: 1,
    file_name: 'x.csv',
    uploaded_at: '2026-01-01T00:00:00.000Z',
  };
  return table;
}

describe('the custom tables model and report', () => {
  it('gives every valid table a consistent semantic table and a valid report page', () => {
    let checked = 0;
    for (const extras of extrasCases()) {
      const tables = CUSTOM_TABLE_IDS.map((id) => tableOf(id, extras))
        // Manual ads performance types some names itself (spend is Numeric): what the editor allows.
        .filter((table) => columnsProblem(table.table_id, table.columns) === null);
      const model = customSemanticModel(tables);
      if (model === null) throw new Error('no model for loaded tables');
      checkSemanticModel(model);
      const document = ReportDocumentSchema.parse(customTablesReport(model));
      checkReportDocument(model, document);
      expect(document.pages.map((p) => p.name)).toEqual(tables.map((t) => t.table_id));
      checked += tables.length;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('keeps a column called rows apart from the row count', () => {
    const table = tableOf('manual_users', [
      { alias: 'rows', type: 'Numeric' },
      { alias: 'rows_2', type: 'String' },
    ]);
    const model = customSemanticModel([table]);
    const measures = model?.tables[0]?.measures.map((m) => m.name);
    expect(measures).toEqual(['rows_3', 'rows']);
  });

  it('leaves out tables without rows, and is no model without any', () => {
    const empty = { ...tableOf('manual_orders', []), uploaded_at: null };
    expect(customSemanticModel([empty])).toBeNull();
    const loaded = tableOf('manual_users', []);
    expect(customSemanticModel([empty, loaded])?.tables.map((t) => t.name)).toEqual(['manual_users']);
  });
});
