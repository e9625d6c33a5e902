// A formula's SQL: each measure it reads as a double, the four operations in parentheses, and
// every division through NULLIF so that a zero denominator gives NULL (as `evaluateFormula` does
// and as ratios do), never an engine error or an infinity. Numbers are written as double
// literals from the parsed value, never from the user's text.
import type { SqlDialect } from '../../models/dialect';
import { safeDivide, toDouble } from '../report-sql';
import type { FormulaNode } from './parse';

export function formulaSql(
  dialect: SqlDialect,
  node: FormulaNode,
  measureSql: (name: string) => string,
): string {
  switch (node.kind) {
    case 'number':
      return toDouble(dialect, String(node.value));
    case 'measure':
      return measureSql(node.name);
    case 'negate':
      return `(-${formulaSql(dialect, node.operand, measureSql)})`;
    case 'binary': {
      const left = formulaSql(dialect, node.left, measureSql);
      const right = formulaSql(dialect, node.right, measureSql);
      return node.operator === '/' ? `(${safeDivide(left, right)})` : `(${left} ${node.operator} ${right})`;
    }
  }
}
