// The competition reports in the organization's warehouse: the search terms a report looks at
// (the account's top terms of the last 30 days, from the models the loads build), and the shares
// the job computes (`raw.competitors__domains`), a month of a report replaced whole or not at all.
import { COMPETITORS_DOMAINS, MODEL_SCHEMA, ident, tableRef } from '@maya/analytics';
import { stagedTableName, type Warehouse } from '@maya/warehouse';
import type { CompetitorOrderBy } from '@maya/contracts';
import { RAW_SCHEMA } from '../modelling';
import type { DomainShare, PreviousShare } from './compute';

/** Days of the account's data its top terms are read from. */
export const TERMS_DAYS = 30;
/** Terms read before the filter column keeps some (the report takes its 300 of them). */
const TERMS_READ = 5000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type TermSource = {
  service: 'google_search_console' | 'google_ads';
  accountId: string;
  orderBy: CompetitorOrderBy;
  /** Search Console's alpha-3 country; ads search terms carry no country. */
  country: string | null;
};

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The account's search terms over the `TERMS_DAYS` days before `day`, the most clicked (Search
 * Console) or most costly (ads) first; null when the organization has no such table yet.
 */
export async function topTerms(
  warehouse: Warehouse,
  source: TermSource,
  day: string,
): Promise<{ term: string; value: number }[] | null> {
  if (!DAY.test(day)) throw new Error(`topTerms: not a day: ${day}`);
  const q = (name: string) => ident(warehouse.engine, name);
  const table = source.service === 'google_ads' ? 'search_terms' : 'search_console_queries';
  if (!(await warehouse.listTables(MODEL_SCHEMA)).includes(table)) return null;
  const termColumn = source.service === 'google_ads' ? 'search_term' : 'query';
  const metric = source.orderBy === 'cost' ? 'cost_micros' : 'clicks';
  const params: unknown[] = [source.accountId];
  const conditions = [`${q('account_id')} = $1`];
  if (source.service === 'google_ads') {
    params.push(source.service);
    conditions.push(`${q('source_service')} = $${params.length}`);
  }
  if (source.country !== null && source.service === 'google_search_console') {
    params.push(source.country);
    conditions.push(`${q('country')} = $${params.length}`);
  }
  const sql = `SELECT ${q(termColumn)} AS ${q('term')}, SUM(${q(metric)}) AS ${q('value')}
FROM ${tableRef(warehouse.engine, MODEL_SCHEMA, table)}
WHERE ${conditions.join(' AND ')}
  AND ${q('date')} >= DATE '${daysBefore(day, TERMS_DAYS)}' AND ${q('date')} < DATE '${day}'
  AND ${q(termColumn)} IS NOT NULL AND ${q(termColumn)} <> ''
GROUP BY ${q(termColumn)}
ORDER BY ${q('value')} DESC, ${q('term')}
LIMIT ${TERMS_READ}`;
  const { rows } = await warehouse.query(sql, params, { timeoutMs: 60_000 });
  return rows
    .filter((row) => typeof row.term === 'string')
    .map((row) => ({ term: String(row.term), value: Number(row.value ?? 0) }));
}

/** The report's shares of the month before `month` (`YYYY-MM-01`), for the movement. */
export async function previousShares(
  warehouse: Warehouse,
  reportId: string,
  month: string,
): Promise<PreviousShare[]> {
  if (!(await warehouse.listTables(RAW_SCHEMA)).includes(COMPETITORS_DOMAINS.name)) return [];
  const q = (name: string) => ident(warehouse.engine, name);
  const start = new Date(`${month}T00:00:00Z`);
  const before = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 10);
  const sql = `SELECT ${q('domain')} AS ${q('domain')}, ${q('organic_share')} AS ${q('organic_share')},
  ${q('avg_position')} AS ${q('avg_position')}
FROM ${tableRef(warehouse.engine, RAW_SCHEMA, COMPETITORS_DOMAINS.name)}
WHERE ${q('report_id')} = $1 AND ${q('month')} = DATE '${before}'`;
  const { rows } = await warehouse.query(sql, [reportId], { timeoutMs: 30_000 });
  return rows.map((row) => ({
    domain: String(row.domain),
    organicShare: Number(row.organic_share),
    avgPosition: row.avg_position === null ? null : Number(row.avg_position),
  }));
}

export type SharesContext = {
  reportId: string;
  /** `YYYY-MM-01`. */
  month: string;
  reportName: string;
  country: string;
  terms: number;
  computedAt: string;
};

/**
 * Replaces the report's rows of the month by `shares`, atomically: the table is staged without
 * them, the new rows loaded into the stage, and the stage swapped in. Any failure leaves the
 * live table (every earlier month, and this month's earlier rows) as it was.
 */
export async function writeShares(
  warehouse: Warehouse,
  context: SharesContext,
  shares: readonly DomainShare[],
): Promise<void> {
  const table = COMPETITORS_DOMAINS.name;
  await warehouse.ensureSchema(RAW_SCHEMA);
  await warehouse.createTable(RAW_SCHEMA, COMPETITORS_DOMAINS);
  await warehouse.stage(RAW_SCHEMA, table, {
    except: [
      { column: 'report_id', equals: context.reportId },
      { column: 'month', equals: context.month },
    ],
  });
  try {
    const rows = shares.map((share) => ({
      report_id: context.reportId,
      month: context.month,
      domain: share.domain,
      report_name: context.reportName,
      country: context.country,
      domain_role: share.isOwn ? 'Own domain' : 'Competitor',
      terms: context.terms,
      organic_terms: share.organicTerms,
      paid_terms: share.paidTerms,
      organic_share: share.organicShare,
      paid_share: share.paidShare,
      avg_position: share.avgPosition,
      terms_won: share.termsWon,
      terms_lost: share.termsLost,
      organic_share_change: share.organicShareChange,
      avg_position_change: share.avgPositionChange,
      computed_at: context.computedAt,
    }));
    if (rows.length > 0) await warehouse.loadBatch(RAW_SCHEMA, table, [rows], { staging: true });
    await warehouse.swap(RAW_SCHEMA, stagedTableName(table), table);
  } catch (error) {
    await warehouse.dropTable(RAW_SCHEMA, stagedTableName(table)).catch(() => undefined);
    throw error;
  }
}

/** Drops a deleted report's rows (a report's month rows, all months). */
export async function removeShares(warehouse: Warehouse, reportId: string): Promise<void> {
  const table = COMPETITORS_DOMAINS.name;
  if (!(await warehouse.listTables(RAW_SCHEMA)).includes(table)) return;
  await warehouse.stage(RAW_SCHEMA, table, { except: [{ column: 'report_id', equals: reportId }] });
  await warehouse.swap(RAW_SCHEMA, stagedTableName(table), table);
}
