export * from './types';
export { ClusterRuleError, isClusterRuleError, type ClusterErrorType, type RuleLocation } from './errors';
export { compileClusterColumn, nullText } from './compile';
export { clusterEvaluator, evaluateClusterColumn, type ClusterRow } from './evaluate';
export { parseRuleNumber } from './rules';
export { parsePortableRegex, writeRegex, type ParsedRegex, type RegexFlavor, type RegexNode } from './regex';
export {
  CURRENCY_HEADER,
  compilePreview,
  microsToMinor,
  previewClusterColumn,
  previewClusterValue,
  type PreviewCell,
  type PreviewHeader,
  type PreviewOrder,
  type PreviewTable,
} from './preview';
export { usedColumns, type PreviewMeasure, type PreviewQueryInput, type PreviewSource } from './preview-sql';
export {
  clusterCoverage,
  compileCoverage,
  type ClusterCoverage,
  type CoverageValue,
  type MoneyAmount,
  type UnmatchedItem,
} from './coverage';
export { clusterSqlPreview } from './sql-preview';
export { CLUSTER_PREVIEW_SOURCES, type ClusterCategory } from './sources';
