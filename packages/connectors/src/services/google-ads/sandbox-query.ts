// Serves a planned GAQL query in pages of 10,000 rows. A page token names where the next page
// starts (the day and the row within it), so no page regenerates the days before it.
import { hash } from '../../sandbox/apis/data';
import { GOOGLE_ADS_PAGE_SIZE } from './api';
import type { ByteWriter } from './sandbox-bytes';
import { descendants } from './sandbox-data';
import { entitiesOf } from './sandbox-entities';
import { AdsFailure } from './sandbox-errors';
import type { FieldValue } from './sandbox-fields';
import { queryError } from './sandbox-gaql';
import type { GaqlValue } from './sandbox-gaql';
import {
  conversionActionRows,
  dayOf,
  emptyRow,
  levelChunk,
  rowsChunk,
  searchTermChunk,
} from './sandbox-metrics';
import type { Chunk, Day, Row } from './sandbox-metrics';
import type { Filter, Plan } from './sandbox-plan';

function compare(actual: FieldValue, operator: Filter['operator'], values: GaqlValue[]): boolean {
  const [a] = values;
  switch (operator) {
    case '=':
      return actual === a || String(actual) === String(a);
    case '!=':
      return String(actual) !== String(a);
    case '<':
      return Number(actual) < Number(a);
    case '<=':
      return Number(actual) <= Number(a);
    case '>':
      return Number(actual) > Number(a);
    case '>=':
      return Number(actual) >= Number(a);
    case 'IN':
      return values.some((v) => String(v) === String(actual));
    case 'NOT IN':
      return !values.some((v) => String(v) === String(actual));
    case 'BETWEEN':
      return Number(actual) >= Number(values[0]) && Number(actual) <= Number(values[1]);
    case 'DURING':
      throw queryError(
        'OPERATOR_FIELD_MISMATCH',
        'Error in WHERE clause: DURING applies to segments.date only.',
      );
    default:
      throw new Error(`unknown operator ${String(operator satisfies never)}`);
  }
}

/** How many chunks the result has: days of a dated query, otherwise one. */
function chunkCount(plan: Plan): number {
  return plan.days ? Math.max(0, plan.days.last - plan.days.first + 1) : 1;
}

function undatedRows(plan: Plan): Row[] {
  const { customer } = plan;
  const entities = entitiesOf(customer);
  const rows = (patch: (row: Row) => void) => {
    const row = emptyRow(customer);
    patch(row);
    return row;
  };
  switch (plan.from) {
    case 'customer':
      return [emptyRow(customer)];
    case 'customer_client':
      return descendants(customer).map(({ customer: client, level }) =>
        rows((r) => ((r.client = client), (r.level = level))),
      );
    case 'campaign':
      return entities.campaigns.map((c) => rows((r) => (r.campaign = c)));
    case 'ad_group':
      return entities.adGroups.map((g) => rows((r) => ((r.adGroup = g), (r.campaign = g.campaign))));
    case 'keyword_view':
      return entities.keywords.map((k) =>
        rows((r) => ((r.keyword = k), (r.adGroup = k.adGroup), (r.campaign = k.adGroup.campaign))),
      );
    case 'search_term_view':
      return [];
    default:
      throw new Error(`unknown resource ${String(plan.from satisfies never)}`);
  }
}

/** The rows of one chunk; with WHERE conditions beyond the date, only the matching ones. */
export function chunkOf(plan: Plan, chunk: number): Chunk {
  const rows = plan.days
    ? datedChunk(plan, dayOf(plan.days.first + chunk, plan.lateConversions))
    : rowsChunk(undatedRows(plan));
  if (plan.filters.length === 0) return rows;
  const row = emptyRow(plan.customer);
  const kept: number[] = [];
  for (let i = 0; i < rows.count; i++) {
    rows.fill(i, row);
    if (plan.filters.every((f) => compare(f.def.get(row), f.operator, f.values))) kept.push(i);
  }
  return { count: kept.length, fill: (i, into) => rows.fill(kept[i] ?? 0, into) };
}

function datedChunk(plan: Plan, day: Day): Chunk {
  switch (plan.from) {
    case 'customer':
      return plan.byAction
        ? rowsChunk(conversionActionRows(plan.customer, day, false))
        : levelChunk(plan.customer, day, 'customer');
    case 'campaign':
      return plan.byAction
        ? rowsChunk(conversionActionRows(plan.customer, day, true))
        : levelChunk(plan.customer, day, 'campaign');
    case 'ad_group':
      return levelChunk(plan.customer, day, 'ad_group');
    case 'keyword_view':
      return levelChunk(plan.customer, day, 'keyword');
    case 'search_term_view':
      return searchTermChunk(plan.customer, day);
    case 'customer_client':
      return rowsChunk([]);
    default:
      throw new Error(`unknown resource ${String(plan.from satisfies never)}`);
  }
}

type Position = { chunk: number; offset: number; served: number };

/** Opaque page tokens: the position, bound to the customer and query they were issued for. */
const encodePosition = (p: Position, key: string) =>
  Buffer.from(`${p.chunk}.${p.offset}.${p.served}.${hash(key)}`).toString('base64url');

function decodePosition(token: string, key: string): Position | null {
  const parts = Buffer.from(token, 'base64url').toString('utf8').split('.');
  if (parts.length !== 4 || parts[3] !== String(hash(key))) return null;
  const [chunk, offset, served] = parts.slice(0, 3).map(Number) as [number, number, number];
  return [chunk, offset, served].every((n) => Number.isInteger(n) && n >= 0)
    ? { chunk, offset, served }
    : null;
}

export type Page = { rows: number; nextPageToken: string | null };

/**
 * Writes one page of the query's rows from the token's position (null: the start) to `out`, as
 * the JSON text of the `results` list (the rows' UTF-8 bytes, comma-separated).
 */
export function page(plan: Plan, key: string, pageToken: string | null, out: ByteWriter): Page {
  let position: Position = { chunk: 0, offset: 0, served: 0 };
  if (pageToken) {
    const decoded = decodePosition(pageToken, key);
    if (!decoded) throw new AdsFailure({ requestError: 'INVALID_PAGE_TOKEN' }, 'Page token is invalid.');
    position = decoded;
  }
  const chunks = chunkCount(plan);
  const cap = plan.limit ?? Infinity;
  const row = emptyRow(plan.customer);
  let { chunk, offset, served } = position;
  let rows = 0;
  let current: Chunk | null = null;
  while (chunk < chunks && served < cap) {
    current ??= chunkOf(plan, chunk);
    if (offset >= current.count) {
      chunk++;
      offset = 0;
      current = null;
      continue;
    }
    if (rows === GOOGLE_ADS_PAGE_SIZE) break;
    current.fill(offset, row);
    if (rows > 0) out.ascii(',');
    plan.writer.write(row, out);
    offset++;
    served++;
    rows++;
  }
  // The loop stops on a full page only where a further row exists: no empty last page.
  const more = chunk < chunks && served < cap && rows === GOOGLE_ADS_PAGE_SIZE;
  return {
    rows,
    nextPageToken: more ? encodePosition({ chunk, offset, served }, key) : null,
  };
}
