import { z } from 'zod/mini';
import { KeySchema, ReportFieldNameSchema, TimeGrainSchema, reportLimits } from './common';

// ---- Filters (spec 002 Filters) ------------------------------------------------------------

const filterBase = { id: KeySchema, table: ReportFieldNameSchema, column: ReportFieldNameSchema };

/** A value of a list filter: null is the blank value. Dates are `YYYY-MM-DD`. */
export const FilterValueSchema = z.union([z.string().check(z.maxLength(1_000)), z.number(), z.null()]);
export type FilterValue = z.infer<typeof FilterValueSchema>;

/** Basic filter: rows whose column is (or is not) one of the values; no values filters nothing. */
export const ListFilterSchema = z.object({
  ...filterBase,
  kind: z.literal('list'),
  mode: z.enum(['include', 'exclude']),
  values: z.array(FilterValueSchema).check(z.maxLength(1_000)),
});

export const RelativeDateOperatorSchema = z.enum(['in_the_last', 'in_this', 'in_the_next']);
export const RelativeDateUnitSchema = TimeGrainSchema;

/** In the last / this / the next `count` units; "in this" has no count (fixed at 1). */
export const RelativeDateFilterSchema = z
  .object({
    ...filterBase,
    kind: z.literal('relative_date'),
    operator: RelativeDateOperatorSchema,
    count: z.nullable(
      z
        .int()
        .check(z.minimum(reportLimits.relativeDateCountMin), z.maximum(reportLimits.relativeDateCountMax)),
    ),
    unit: RelativeDateUnitSchema,
  })
  .check(
    z.refine((f) => (f.operator === 'in_this' ? (f.count ?? 1) === 1 : f.count !== null), {
      message: 'enter a count (none for "in this")',
      path: ['count'],
    }),
  );

/** `YYYY-MM-DDTHH:mm[:ss]` in the report's time zone (UTC); the editor's default time is 12:00. */
export const FilterDateTimeSchema = z.pipe(
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/, 'expected YYYY-MM-DDTHH:mm')),
  z.iso.datetime({ local: true }),
);

const AdvancedDateOperatorSchema = z.enum(['is', 'is_not', 'is_before', 'is_after']);

/** One condition of an advanced date filter: the days are compared (is after: the days after). */
const AdvancedDateConditionSchema = z.object({
  operator: AdvancedDateOperatorSchema,
  value: FilterDateTimeSchema,
});

/**
 * A condition, and optionally a second one the rows must meet too (Power BI's "And"): a closed
 * period is "is after" the day before it and "is before" the day after it. Filters saved before
 * the second condition existed have none (`and` absent); null also means none.
 */
export const AdvancedDateFilterSchema = z.object({
  ...filterBase,
  kind: z.literal('advanced_date'),
  ...AdvancedDateConditionSchema.shape,
  and: z.nullish(AdvancedDateConditionSchema),
});

const BLANK_OPERATORS = ['is_blank', 'is_not_blank'] as const;

/** Text conditions; every operator but is blank / is not blank needs non-empty text. */
export const AdvancedTextFilterSchema = z
  .object({
    ...filterBase,
    kind: z.literal('advanced_text'),
    operator: z.enum(['contains', 'does_not_contain', 'starts_with', 'is', 'is_not', ...BLANK_OPERATORS]),
    value: z.nullable(z.string().check(z.maxLength(1_000))),
  })
  .check(
    z.refine(
      (f) =>
        (BLANK_OPERATORS as readonly string[]).includes(f.operator)
          ? f.value === null
          : f.value !== null && f.value.trim() !== '',
      { message: 'enter a non-empty text', path: ['value'] },
    ),
  );

export const ReportFilterSchema = z.discriminatedUnion('kind', [
  ListFilterSchema,
  RelativeDateFilterSchema,
  AdvancedDateFilterSchema,
  AdvancedTextFilterSchema,
]);
export type ListFilter = z.infer<typeof ListFilterSchema>;
export type RelativeDateFilter = z.infer<typeof RelativeDateFilterSchema>;
export type AdvancedDateFilter = z.infer<typeof AdvancedDateFilterSchema>;
export type AdvancedTextFilter = z.infer<typeof AdvancedTextFilterSchema>;
export type ReportFilter = z.infer<typeof ReportFilterSchema>;

/**
 * The filters of a report, a page, a state or a query. Internal to the report schemas
 * (reports/index.ts does not re-export it).
 */
export const FiltersSchema = z.array(ReportFilterSchema).check(z.maxLength(50));
