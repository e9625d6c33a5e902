// The reference meaning of a formula, in TypeScript: what the SQL of compile.ts must give on
// every engine (the property tests compare them). NULL in, NULL out; a zero denominator is NULL.
import type { FormulaNode } from './parse';

export function evaluateFormula(node: FormulaNode, values: (name: string) => number | null): number | null {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'measure':
      return values(node.name);
    case 'negate': {
      const value = evaluateFormula(node.operand, values);
      return value === null ? null : -value;
    }
    case 'binary': {
      const left = evaluateFormula(node.left, values);
      const right = evaluateFormula(node.right, values);
      if (left === null || right === null) return null;
      switch (node.operator) {
        case '+':
          return left + right;
        case '-':
          return left - right;
        case '*':
          return left * right;
        case '/':
          return right === 0 ? null : left / right;
      }
    }
  }
}
