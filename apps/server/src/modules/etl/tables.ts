// The Data Load page's "Loaded data": each model table with its rows and the dates it covers.
import type { EtlTable } from '@maya/contracts';
import { isRollupTable, isSideTable, MODEL_SCHEMA } from '@maya/analytics';
import { qualifiedName, stagedTableName, type Warehouse } from '@maya/warehouse';

/** Each model table with its rows and the dates it covers (the Data Load page's "Loaded data"). */
export async function describeModels(warehouse: Warehouse): Promise<EtlTable[]> {
  const tables: EtlTable[] = [];
  const names = await warehouse.listTables(MODEL_SCHEMA);
  const staged = new Set(names.map((name) => stagedTableName(name)));
  for (const name of names) {
    // A build's twin, not yet swapped in, the side table of a table's cluster columns, or a
    // table's daily roll-up (part of the table, decision 810).
    if (staged.has(name) || isSideTable(name) || isRollupTable(name)) continue;
    const columns = await warehouse.listColumns(MODEL_SCHEMA, name);
    const dated = columns.some((c) => c.name === 'date' && c.type === 'date');
    const table = qualifiedName(MODEL_SCHEMA, name);
    const { rows } = await warehouse.query(
      dated
        ? `SELECT count(*) AS n, min(date) AS first_date, max(date) AS last_date FROM ${table}`
        : `SELECT count(*) AS n FROM ${table}`,
      [],
      { timeoutMs: 30_000 },
    );
    const [row] = rows;
    tables.push({
      name,
      rows: Number(row?.n ?? 0),
      first_date: typeof row?.first_date === 'string' ? row.first_date : null,
      last_date: typeof row?.last_date === 'string' ? row.last_date : null,
    });
  }
  return tables;
}
