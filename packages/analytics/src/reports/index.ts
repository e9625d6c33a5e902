export {
  ReportQueryError,
  checkSemanticModel,
  semanticTable,
  type Aggregation,
  type Dimension,
  type Measure,
  type Money,
  type ReportQueryErrorType,
  type SemanticModel,
  type SemanticTable,
  type SideTable,
  type SqlSource,
  type TableRollup,
} from './semantic-model';
export { BUILTIN_SEMANTIC_MODELS, MARKETING_SEMANTIC_MODEL, SEARCH_SEMANTIC_MODEL } from './builtin-models';
export { BUILTIN_REPORTS, MAYA_REPORT, SEO_REPORT } from './builtin-reports';
export { DEMO_REPORT, DEMO_REPORT_SLUG, DEMO_REPORTS } from './demo-report';
export {
  CUSTOM_TABLES_MODEL,
  CUSTOM_TABLES_REPORT_NAME,
  customTablesReport,
  rowCountMeasureName,
} from './custom-tables-report';
export {
  COMPETITORS_DOMAINS,
  COMPETITORS_DOMAINS_TABLE,
  COMPETITORS_MODEL,
  competitorsReport,
  competitorsSemanticModel,
} from './competitors-report';
export {
  PAGESPEED_MODEL,
  PAGESPEED_RESULTS,
  PAGESPEED_RESULTS_TABLE,
  pagespeedReport,
  pagespeedSemanticModel,
} from './pagespeed-report';
export {
  compileReportQuery,
  type CompileOptions as ReportCompileOptions,
  type CompiledReportQuery,
  type ReportQuery,
} from './compile-query';
export type { CompiledSql } from './report-sql';
export { isSideTable, sideTableName, sourceFrom } from './side-tables';
export { convertsMoney, type MoneyOptions } from './currency-sql';
export { previousPeriodQuery, queryPeriod } from './kpi';
export { comparedPeriods, resolveRelativeDate } from './dates';
export { chooseGrain, compileDataThrough, compileGrainCounts, thinSeries } from './time-series';
export {
  compileFilterValues,
  filterValuesPage,
  runFilterValues,
  type FilterValuesRequest,
} from './filter-values';
export {
  filtersForTable,
  runVisualQuery,
  unappliedFilters,
  visualFields,
  type VisualQueryInput,
} from './run-visual';
export {
  checkReportDocument,
  checkVisual,
  checkReportState,
  effectiveFilters,
  findVisual,
  queriedVisual,
} from './report-document';
export * from './prompt';
export {
  calculatedMeasure,
  evaluateFormula,
  FormulaError,
  formulaLimits,
  parseFormula,
  withCalculatedMeasures,
  type FormulaNode,
} from './formula';
