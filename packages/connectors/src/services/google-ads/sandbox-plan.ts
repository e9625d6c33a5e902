// Checks a parsed GAQL query as Google does (known resource, selectable fields, a finite date range
// when segmented by date, no metrics on a manager, conversion-action segments only with
// conversion metrics) and turns it into a plan: the days, the other filters, the row writer.
import { adPlatformWindow } from '../../sandbox/apis/data';
import type { SandboxCustomer } from './sandbox-data';
import { ATTRIBUTED, CONVERSION_METRICS, fieldDef, isResource, rowWriter } from './sandbox-fields';
import type { FieldDef, Resource, RowWriter } from './sandbox-fields';
import { queryError } from './sandbox-gaql';
import type { GaqlCondition, GaqlQuery, GaqlValue } from './sandbox-gaql';

const DAY_MS = 86_400_000;

export type Filter = { def: FieldDef; operator: GaqlCondition['operator']; values: GaqlValue[] };

export type Plan = {
  customer: SandboxCustomer;
  from: Resource;
  /** First and last day numbers (days since 1970) of a date-segmented query; null otherwise. */
  days: { first: number; last: number } | null;
  byAction: boolean;
  filters: Filter[];
  limit: number | null;
  writer: RowWriter;
  /** The factor of each date's late conversions (sandbox/apis/late-conversions.ts). */
  lateConversions: (date: string) => number;
};

const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

function isoDay(value: GaqlValue, code = 'INVALID_DATE_FORMAT'): number {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw queryError(code, `Error in WHERE clause: invalid date ${String(value)}, expected 'YYYY-MM-DD'.`);
  }
  return dayNumber(value);
}

/** The date literals of DURING, relative to today (UTC in the sandbox). */
function during(literal: GaqlValue, today: number): { first: number; last: number } {
  const ranges: Record<string, [number, number]> = {
    TODAY: [today, today],
    YESTERDAY: [today - 1, today - 1],
    LAST_7_DAYS: [today - 7, today - 1],
    LAST_14_DAYS: [today - 14, today - 1],
    LAST_30_DAYS: [today - 30, today - 1],
  };
  const range = typeof literal === 'string' ? ranges[literal] : undefined;
  if (!range) {
    throw queryError(
      'INVALID_VALUE_WITH_DURING_OPERATOR',
      `Error in WHERE clause: unsupported DURING ${String(literal)}.`,
    );
  }
  return { first: range[0], last: range[1] };
}

/** Narrows the date range by one condition on segments.date. */
function narrow(range: { first: number; last: number }, condition: GaqlCondition, today: number) {
  const [a, b] = condition.values;
  switch (condition.operator) {
    case 'BETWEEN': {
      const first = isoDay(a as GaqlValue, 'INVALID_VALUE_WITH_BETWEEN_OPERATOR');
      const last = isoDay(b as GaqlValue, 'INVALID_VALUE_WITH_BETWEEN_OPERATOR');
      return { first: Math.max(range.first, first), last: Math.min(range.last, last) };
    }
    case '=':
      return {
        first: Math.max(range.first, isoDay(a as GaqlValue)),
        last: Math.min(range.last, isoDay(a as GaqlValue)),
      };
    case '>=':
      return { ...range, first: Math.max(range.first, isoDay(a as GaqlValue)) };
    case '>':
      return { ...range, first: Math.max(range.first, isoDay(a as GaqlValue) + 1) };
    case '<=':
      return { ...range, last: Math.min(range.last, isoDay(a as GaqlValue)) };
    case '<':
      return { ...range, last: Math.min(range.last, isoDay(a as GaqlValue) - 1) };
    case 'DURING': {
      const span = during(a as GaqlValue, today);
      return { first: Math.max(range.first, span.first), last: Math.min(range.last, span.last) };
    }
    case '!=':
    case 'IN':
    case 'NOT IN':
      throw queryError(
        'OPERATOR_FIELD_MISMATCH',
        `Error in WHERE clause: ${condition.operator} on segments.date.`,
      );
    default:
      throw new Error(`unknown operator ${String(condition.operator satisfies never)}`);
  }
}

function known(name: string, clause: string): FieldDef {
  const def = fieldDef(name);
  if (!def)
    throw queryError('UNRECOGNIZED_FIELD', `Error in ${clause} clause: unrecognized field '${name}'.`);
  return def;
}

function usable(def: FieldDef, from: Resource, clause: string): void {
  const ok =
    def.scope === 'metrics'
      ? from !== 'customer_client'
      : def.scope === 'segments'
        ? (def.resources ?? []).includes(from)
        : ATTRIBUTED[from].includes(def.scope);
  if (!ok) {
    const code =
      def.scope === 'metrics'
        ? 'PROHIBITED_METRIC_IN_SELECT_OR_WHERE_CLAUSE'
        : def.scope === 'segments'
          ? 'PROHIBITED_SEGMENT_IN_SELECT_OR_WHERE_CLAUSE'
          : 'PROHIBITED_RESOURCE_TYPE_IN_SELECT_CLAUSE';
    throw queryError(
      code,
      `Error in ${clause} clause: '${def.name}' cannot be used with resource '${from}'.`,
    );
  }
}

export function planQuery(
  query: GaqlQuery,
  customer: SandboxCustomer,
  nowMs: number,
  lateConversions: (date: string) => number = () => 1,
): Plan {
  if (!isResource(query.from)) {
    throw queryError(
      'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE',
      `Error in FROM clause: invalid resource name '${query.from}'.`,
    );
  }
  const from = query.from;
  const selected = query.select.map((name) => known(name, 'SELECT'));
  for (const def of selected) usable(def, from, 'SELECT');
  const metrics = selected.filter((def) => def.scope === 'metrics');
  const byDate = selected.some((def) => def.name === 'segments.date');
  const byAction = selected.some((def) => def.name.startsWith('segments.conversion_action'));
  if (byAction) {
    const other = metrics.find((def) => !CONVERSION_METRICS.has(def.name));
    if (other) {
      throw queryError(
        'PROHIBITED_SEGMENT_WITH_METRIC_IN_SELECT_OR_WHERE_CLAUSE',
        `Error in SELECT clause: segments.conversion_action cannot be selected with '${other.name}'.`,
      );
    }
  }
  if (metrics.length > 0 && customer.manager) {
    throw queryError(
      'REQUESTED_METRICS_FOR_MANAGER',
      'Metrics cannot be requested for a manager account. To retrieve metrics, issue separate requests against each client account under the manager account.',
    );
  }
  // The sandbox draws metrics day by day: it serves them segmented by date only.
  if ((metrics.length > 0 || from === 'search_term_view' || byAction) && !byDate) {
    throw queryError(
      'EXPECTED_DIMENSION_FIELD_IN_SELECT_CLAUSE',
      'The sandbox serves metrics, search terms and conversion actions only with segments.date selected.',
    );
  }
  const today = Math.floor(nowMs / DAY_MS);
  let range = { first: -Infinity, last: Infinity };
  const filters: Filter[] = [];
  for (const condition of query.where) {
    const def = known(condition.field, 'WHERE');
    usable(def, from, 'WHERE');
    if (def.name === 'segments.date') range = narrow(range, condition, today);
    else filters.push({ def, operator: condition.operator, values: condition.values });
  }
  for (const order of query.orderBy) {
    known(order.field, 'ORDER BY');
    if (order.field !== 'segments.date' || order.descending) {
      throw queryError(
        'PROHIBITED_FIELD_IN_ORDER_BY_CLAUSE',
        'The sandbox orders results only by segments.date ascending.',
      );
    }
  }
  let days: Plan['days'] = null;
  if (byDate) {
    if (!Number.isFinite(range.first) || !Number.isFinite(range.last)) {
      throw queryError(
        'EXPECTED_FILTERS_ON_DATE_RANGE',
        'Error in WHERE clause: a finite date range on segments.date is required.',
      );
    }
    const window = adPlatformWindow(nowMs);
    days = {
      first: Math.max(range.first, dayNumber(window.first)),
      last: Math.min(range.last, dayNumber(window.last)),
    };
  }
  return {
    customer,
    from,
    days,
    byAction,
    filters,
    limit: query.limit,
    writer: rowWriter(from, selected),
    lateConversions,
  };
}
