export { formulaSql } from './compile';
export { evaluateFormula } from './evaluate';
export { FormulaError, formulaLimits, formulaMeasures, parseFormula, type FormulaNode } from './parse';
export { calculatedMeasure, withCalculatedMeasures } from './measures';
