import { beforeAll, describe, expect, it } from 'vitest';
import { MODEL_SCHEMA } from '../models/build';
import { writeExchangeRates, type ExchangeRate } from '../models/exchange-rates';
import { MARKETING_PERFORMANCE } from '../models/marketing-performance';
import { MARKETING_SEMANTIC_MODEL } from './builtin-models';
import { compileReportQuery, type ReportQuery } from './compile-query';
import type { MoneyOptions } from './currency-sql';
import { onFixtureEngines } from '../../test/fixture-engines';
import { FIXTURE, modelRow, performanceQuery } from '../../test/report-fixture';
import { runCompiled } from './run-query';
import type { Row } from '@maya/warehouse/interface';

const NOW = new Date('2024-03-20T10:00:00Z');
const compile = (
  q: Partial<ReportQuery>,
  money: MoneyOptions | null,
  dialect: 'duckdb' | 'postgres' | 'bigquery' | 'databricks' = 'duckdb',
) => compileReportQuery(MARKETING_SEMANTIC_MODEL, performanceQuery(q), dialect, { now: NOW, money });

describe('money in the compiled SQL', () => {
  it('joins the day’s cross rate through the euro and converts each row before summing', () => {
    const { sql, params } = compile(
      { measures: ['spend'], dateRange: { from: '2024-03-01', to: '2024-03-31' } },
      { currency: 'USD', rates: true },
    );
    expect(params).toEqual(['USD', '2024-03-01', '2024-03-31']);
    const converted = `"cost_micros" * "maya_fx_factor"`;
    expect(sql).toBe(
      `SELECT CASE WHEN COUNT("cost_micros") = COUNT(${converted}) THEN SUM(${converted}) END / 1000000 AS "spend" ` +
        `FROM "analytics"."marketing_performance" LEFT JOIN (SELECT s."rate_date" AS "maya_fx_day", ` +
        `s."rate_currency" AS "maya_fx_currency", t."per_euro" / s."per_euro" AS "maya_fx_factor" ` +
        `FROM "analytics"."exchange_rates" AS s INNER JOIN "analytics"."exchange_rates" AS t ` +
        `ON t."rate_date" = s."rate_date" AND t."rate_currency" = CAST($1 AS VARCHAR)) AS maya_fx ` +
        `ON maya_fx."maya_fx_day" = "date" AND maya_fx."maya_fx_currency" = "currency" ` +
        `WHERE "date" >= CAST($2 AS DATE) AND "date" <= CAST($3 AS DATE)`,
    );
  });

  it('quotes the join in every dialect', () => {
    const q = { measures: ['roas'] };
    expect(compile(q, { currency: 'GBP', rates: true }, 'bigquery').sql).toContain(
      'FROM `analytics`.`exchange_rates` AS s INNER JOIN `analytics`.`exchange_rates` AS t ' +
        'ON t.`rate_date` = s.`rate_date` AND t.`rate_currency` = CAST($1 AS STRING)) AS maya_fx',
    );
    expect(compile(q, { currency: 'GBP', rates: true }, 'databricks').sql).toContain(
      'ON maya_fx.`maya_fx_day` = `date` AND maya_fx.`maya_fx_currency` = `currency`',
    );
    expect(compile(q, { currency: 'GBP', rates: true }, 'postgres').sql).toContain(
      'CASE WHEN COUNT("conversion_value_micros") = COUNT("conversion_value_micros" * "maya_fx_factor")',
    );
  });

  it('joins nothing for measures that are not money', () => {
    const { sql, params } = compile({ measures: ['clicks', 'ctr'] }, { currency: 'USD', rates: true });
    expect(sql).not.toContain('exchange_rates');
    expect(params).toEqual([]);
  });

  it('without rates, sums an amount only when every row is in the organization’s currency', () => {
    const { sql, params } = compile({ measures: ['spend'] }, { currency: 'USD', rates: false });
    expect(params).toEqual(['USD']);
    expect(sql).toContain(
      `CASE WHEN MIN("currency") = MAX("currency") AND MIN("currency") = CAST($1 AS VARCHAR) THEN SUM("cost_micros") END`,
    );
  });
});

// Two more accounts beside the fixture's EUR one: yen and dollars in March, on days with and
// without a published rate.
const YEN = { account_id: 'a2', currency: 'JPY', micros: 150_000_000_000 }; // ¥150,000 a day
const DOLLARS = { account_id: 'a3', currency: 'USD', micros: 12_345_678 }; // $12.345678 a day
const MARCH_DAYS = Array.from({ length: 31 }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')}`);

/** Rates for every March day: the euro is 1; others wander by day, as published ones do. */
const RATES: ExchangeRate[] = MARCH_DAYS.flatMap((date, i) => [
  { date, currency: 'EUR', perEuro: 1 },
  { date, currency: 'USD', perEuro: Number((1.08 + i / 1000).toFixed(4)) },
  { date, currency: 'JPY', perEuro: Number((162.5 - i / 10).toFixed(2)) },
  { date, currency: 'GBP', perEuro: Number((0.855 + i / 10_000).toFixed(5)) },
]);
const rate = (date: string, currency: string) =>
  RATES.find((r) => r.date === date && r.currency === currency)?.perEuro ?? Number.NaN;

const extraRows: Row[] = MARCH_DAYS.flatMap((date) =>
  [YEN, DOLLARS].map((account) => ({
    ...modelRow({ ...(FIXTURE[0] as (typeof FIXTURE)[number]), date, campaign: `c-${account.account_id}` }),
    account_id: account.account_id,
    currency: account.currency,
    cost_micros: account.micros,
    conversion_value_micros: 0,
  })),
);

onFixtureEngines('money converted per day', (warehouse) => {
  beforeAll(async () => {
    await warehouse().loadBatch(MODEL_SCHEMA, MARKETING_PERFORMANCE.name, [extraRows]);
    await writeExchangeRates(warehouse(), MODEL_SCHEMA, RATES);
  });

  const run = async (q: Partial<ReportQuery>, money: MoneyOptions | null) => {
    const compiled = compileReportQuery(MARKETING_SEMANTIC_MODEL, performanceQuery(q), warehouse().engine, {
      now: NOW,
      money,
    });
    return (await runCompiled(warehouse(), compiled, 30_000)).rows;
  };

  /** The sum over rows of micros × that day's rate from the row's currency to `target`, in units. */
  function expected(target: string, from: string, to: string): number {
    const rows = [...FIXTURE.map(modelRow), ...extraRows].filter(
      (r) => String(r.date) >= from && String(r.date) <= to,
    );
    let total = 0;
    for (const r of rows) {
      total +=
        Number(r.cost_micros) * (rate(String(r.date), target) / rate(String(r.date), String(r.currency)));
    }
    return total / 1_000_000;
  }

  it('converts the total to the organization’s currency to the cent, day by day', async () => {
    for (const target of ['USD', 'EUR', 'GBP', 'JPY']) {
      const [row] = await run(
        { measures: ['spend'], dateRange: { from: '2024-03-01', to: '2024-03-31' } },
        { currency: target, rates: true },
      );
      const want = expected(target, '2024-03-01', '2024-03-31');
      expect(Math.abs(Number(row?.spend) - want), target).toBeLessThan(1e-6);
      // The yen account alone would be most of an unconverted total; converted it is not.
      expect(Number(row?.spend)).not.toBeCloseTo(
        [...FIXTURE.map(modelRow), ...extraRows]
          .filter((r) => String(r.date).startsWith('2024-03'))
          .reduce((s, r) => s + Number(r.cost_micros), 0) / 1_000_000,
      );
    }
  });

  it('shows nothing rather than a total that leaves out rows without a rate', async () => {
    const [row] = await run(
      { measures: ['spend'], dateRange: { from: '2024-02-01', to: '2024-03-31' } },
      { currency: 'USD', rates: true },
    );
    expect(row?.spend).toBeNull();
  });

  it('shows each account’s spend in its own currency beside the converted one; never adds them', async () => {
    const rows = await run(
      {
        measures: ['account_spend', 'spend'],
        dimensions: [
          { name: 'account', grain: null },
          { name: 'currency', grain: null },
        ],
        dateRange: { from: '2024-03-01', to: '2024-03-31' },
      },
      { currency: 'USD', rates: true },
    );
    const yen = rows.find((r) => r.account === 'a2');
    expect(yen?.currency).toBe('JPY');
    expect(Number(yen?.account_spend)).toBe((31 * YEN.micros) / 1_000_000);
    const [total] = await run(
      { measures: ['account_spend'], dateRange: { from: '2024-03-01', to: '2024-03-31' } },
      { currency: 'USD', rates: true },
    );
    expect(total?.account_spend).toBeNull();
  });

  it('without rates, shows an amount only in the organization’s currency', async () => {
    const march = { from: '2024-03-01', to: '2024-03-31' };
    const filter = (account: string) => ({
      id: 'account',
      kind: 'list' as const,
      table: 'performance',
      column: 'account',
      mode: 'include' as const,
      values: [account],
    });
    const [dollars] = await run(
      { measures: ['spend'], dateRange: march, filters: [filter('a3')] },
      { currency: 'USD', rates: false },
    );
    expect(Number(dollars?.spend)).toBeCloseTo((31 * DOLLARS.micros) / 1_000_000, 6);
    const [yen] = await run(
      { measures: ['spend'], dateRange: march, filters: [filter('a2')] },
      { currency: 'USD', rates: false },
    );
    expect(yen?.spend).toBeNull();
  });
});
