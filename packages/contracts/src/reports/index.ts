/**
 * Reports (DESIGN.md "Reports", spec 002 Dashboards and Filters): a report is a versioned JSON
 * document of pages, visuals and filters over a semantic model (packages/warehouse
 * src/reports); a bookmark's `state` is the encoded report state; the query endpoint answers one
 * visual at a time.
 *
 * common.ts: limits, error types, field names, slugs, dates and grains; filters.ts: the filter
 * kinds; document.ts: visuals, pages and the report document; state.ts: the state a bookmark
 * encodes; query.ts: the query and filter options endpoints; access.ts: the reports list and a
 * report's access. The lists below leave out the building blocks the parts share among
 * themselves (KeySchema, IsoDateSchema, FiltersSchema, SortsSchema, duplicate).
 */

export {
  reportLimits,
  ReportErrorType,
  ReportFieldNameSchema,
  ReportSlugSchema,
  TimeGrainSchema,
  type TimeGrain,
  TIME_GRAINS,
  DateRangeSchema,
  type DateRange,
} from './common';
export {
  FilterValueSchema,
  type FilterValue,
  ListFilterSchema,
  RelativeDateOperatorSchema,
  RelativeDateUnitSchema,
  RelativeDateFilterSchema,
  FilterDateTimeSchema,
  AdvancedDateFilterSchema,
  AdvancedTextFilterSchema,
  ReportFilterSchema,
  type ListFilter,
  type RelativeDateFilter,
  type AdvancedDateFilter,
  type AdvancedTextFilter,
  type ReportFilter,
} from './filters';
export {
  DimensionRefSchema,
  type DimensionRef,
  SortSchema,
  type Sort,
  VisualLayoutSchema,
  KpiVisualSchema,
  TimeChartVisualSchema,
  CategoryChartVisualSchema,
  PieVisualSchema,
  TableVisualSchema,
  MatrixVisualSchema,
  SlicerVisualSchema,
  VisualSchema,
  type Visual,
  AdHocVisualSchema,
  type AdHocVisual,
  type VisualKind,
  REPORT_DOCUMENT_VERSION,
  ReportPageSchema,
  type ReportPage,
  ReportDocumentSchema,
  type ReportDocument,
  CalculatedMeasureSchema,
  type CalculatedMeasure,
} from './document';
export * from './state';
export * from './query';
export * from './access';
export * from './custom';
export * from './embed';
export * from './generate';
export * from './versions';
export * from './exports';
export * from './editor';
