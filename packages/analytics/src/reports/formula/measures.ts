// A report document's calculated metrics become measures of its model's tables, for that
// document alone: the built-in model is never changed, and a visual names a calculated metric as
// it names any measure. Each formula may read the table's measures and the calculated metrics
// written before it in the document, so a cycle cannot be written.
import type { CalculatedMeasure, ReportDocument } from '@maya/contracts';
import {
  ReportQueryError,
  semanticTable,
  type Measure,
  type SemanticModel,
  type SemanticTable,
} from '../semantic-model';
import { FormulaError, measureReferences, parseFormula } from './parse';

/** The calculated metric as a measure of `table`; a `FormulaError` with its position otherwise. */
export function calculatedMeasure(table: SemanticTable, calc: Omit<CalculatedMeasure, 'table'>): Measure {
  const formula = parseFormula(calc.formula);
  const measures = new Set(table.measures.map((m) => m.name));
  for (const { name, position } of measureReferences(formula)) {
    if (!measures.has(name)) {
      const dimension = table.dimensions.some((d) => d.name === name);
      throw new FormulaError(
        dimension
          ? `"${name}" is a dimension; a formula reads measures`
          : `${table.label} has no measure "${name}"`,
        position,
      );
    }
  }
  return {
    kind: 'formula',
    name: calc.name,
    label: calc.label,
    format: calc.format,
    text: calc.formula,
    formula,
  };
}

/** `model` with the document's calculated metrics added to their tables (the same model without any). */
export function withCalculatedMeasures(
  model: SemanticModel,
  doc: Pick<ReportDocument, 'calculatedMeasures'>,
): SemanticModel {
  const calcs = doc.calculatedMeasures ?? [];
  if (calcs.length === 0) return model;
  const tables = new Map(model.tables.map((t) => [t.name, t]));
  for (const calc of calcs) {
    const table = tables.get(semanticTable(model, calc.table).name) as SemanticTable;
    const fail = (message: string): never => {
      throw new ReportQueryError('invalid_report_query', `calculated metric "${calc.label}": ${message}`);
    };
    // A model a document was opened with holds its metrics already (the catalog's report):
    // checking that document against it again finds each metric as it was written.
    const same = table.measures.find((m) => m.name === calc.name);
    if (same?.kind === 'formula' && same.text === calc.formula) continue;
    if ([...table.dimensions, ...table.measures].some((f) => f.name === calc.name)) {
      fail(`${table.label} already has a field named ${calc.name}`);
    }
    try {
      tables.set(table.name, { ...table, measures: [...table.measures, calculatedMeasure(table, calc)] });
    } catch (error) {
      if (error instanceof FormulaError)
        fail(`${error.message} (at character ${String(error.position + 1)})`);
      throw error;
    }
  }
  return { ...model, tables: model.tables.map((t) => tables.get(t.name) ?? t) };
}
