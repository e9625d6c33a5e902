import { z } from 'zod/mini';
import { operations } from '../constants';

/**
 * What every part of a report builds on: the engine's limits, its error types, and the names,
 * keys, slugs, dates and grains the document, state, query and access schemas share.
 */

/** Limits of the report engine: the spec's (§9) and the engine's own. */
export const reportLimits = {
  relativeDateCountMin: operations.relativeDateCountMin,
  relativeDateCountMax: operations.relativeDateCountMax,
  filterSummaryMaxValues: operations.filterSummaryMaxValues,
  defaultFilterTime: operations.defaultFilterTime,
  /** A chart never draws more points than this per series (coarser grain, then sampling). */
  maxPointsPerSeries: 2_000,
  /** A chart with a legend reads at most this many rows (2,000 points × 50 series). */
  maxChartRows: 100_000,
  /** Rows of a table or matrix visual: by default, and at most. */
  defaultTableRows: 1_000,
  maxTableRows: 10_000,
  /** Distinct values of a list filter per page of the cursor. */
  filterValuesPageSize: 100,
  /** The encoded state of a bookmark, in characters. */
  maxEncodedStateLength: 65_536,
  /** A visual's own filters (issue 32). */
  maxVisualFilters: 10,
} as const;

export const ReportErrorType = {
  /** The report slug, page or visual does not exist. */
  reportNotFound: 'report_not_found',
  /** A table, dimension or measure the model does not have. */
  unknownField: 'unknown_field',
  /** A well-formed query the engine cannot answer (a text filter on a date, offset without limit). */
  invalidQuery: 'invalid_report_query',
  /** A KPI comparison needs a bounded period (a date range or a date filter on the time dimension). */
  comparisonNeedsPeriod: 'comparison_needs_period',
  invalidCursor: 'invalid_cursor',
  invalidState: 'invalid_report_state',
  /** spec 002 §8: the organization has never loaded data (no model tables yet). */
  workspaceNotSetup: 'workspace_not_setup',
  /** A report query ran longer than the engine's time limit. */
  queryTimeout: 'query_timeout',
  /** The organization's warehouse failed to answer (its destination unreachable, an engine error). */
  warehouseError: 'warehouse_error',
  /**
   * A derived (cluster) column the organization's model lists is not in its table right now
   * (being applied, or just removed): 409, its label in the message.
   */
  columnNotReady: 'column_not_ready',
} as const;
export type ReportErrorType = (typeof ReportErrorType)[keyof typeof ReportErrorType];

/** A table, dimension or measure name of the semantic model (a warehouse identifier). */
export const ReportFieldNameSchema = z
  .string()
  .check(z.regex(/^[a-z_][a-z0-9_]{0,62}$/, 'invalid field name'));
/**
 * Page names, visual and filter ids: stable keys the state and the URLs refer to. Internal to the
 * report schemas (reports/index.ts does not re-export it).
 */
export const KeySchema = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'invalid id'));
export const ReportSlugSchema = z
  .string()
  .check(z.regex(/^-?[a-z0-9]+(?:-[a-z0-9]+)*$/, 'invalid report slug'));
/** Internal to the report schemas (reports/index.ts does not re-export it). */
export const IsoDateSchema = z.iso.date();

export const TimeGrainSchema = z.enum(['day', 'week', 'month', 'quarter', 'year']);
export type TimeGrain = z.infer<typeof TimeGrainSchema>;
export const TIME_GRAINS = TimeGrainSchema.options;

export const DateRangeSchema = z
  .object({ from: IsoDateSchema, to: IsoDateSchema })
  .check(z.refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['to'] }));
export type DateRange = z.infer<typeof DateRangeSchema>;

/**
 * The first value given twice, or null: the document's and the state's keys must be unique.
 * Internal to the report schemas (reports/index.ts does not re-export it).
 */
export function duplicate(values: readonly string[]): string | null {
  return values.find((value, i) => values.indexOf(value) !== i) ?? null;
}
