// Expenses in the organization's data: a save writes the expense's days into the warehouse and
// rebuilds, so -maya's total marketing cost (ad spend + marketing-related expenses, each
// converted on its day) moves by exactly the expense at once; a period is spread over its days
// in exact minor units; a warehouse that cannot take the change leaves everything as it was.
import { MODEL_SCHEMA } from '@maya/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExpensesService } from '../../src/modules/expenses';
import { AppError } from '../../src/platform/errors';
import { FIRST_DAY, LAST_DAY, writeCampaigns } from '../modelling/raw-campaigns';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { expense, expensesApi, newId, owner, storedExpenses, type ExpensesApi } from './support';

let t: AccountsApp;
let admin: Awaited<ReturnType<typeof owner>>;
let api: ExpensesApi;

beforeAll(async () => {
  t = await startAccountsApp();
  admin = await owner(t, 'expenses-reports@example.com');
  api = expensesApi(t, admin, admin.organizationId);
  await writeCampaigns(t.app.modelling, admin.organizationId, [
    { date: FIRST_DAY, id: '1', name: 'Brand', cost: 10, clicks: 4 },
    { date: LAST_DAY, id: '1', name: 'Brand', cost: 30, clicks: 6 },
  ]);
  await t.app.modelling.rebuild(admin.organizationId, { refreshRates: true });
}, 120_000);
afterAll(() => t.close());

/** A KPI of -maya's overview over both days, in the organization's currency (USD). */
async function kpi(measure: string): Promise<number | null> {
  const answer = await call(t.base, 'POST', '/reports/-maya/query', {
    token: admin.token,
    body: {
      organization_id: admin.organizationId,
      report: '-maya',
      page: 'overview',
      visual_id: `kpi-${measure}`,
      filters: [],
      date_range: { from: FIRST_DAY, to: LAST_DAY },
      sort: null,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const value = answer.body.rows[0]?.[measure];
  return value === null || value === undefined ? null : Number(value);
}

/** The expense's rows in the model table: its days and their minor units. */
async function modelDays(id: string): Promise<[string, number][]> {
  return t.app.modelling.withWarehouse(admin.organizationId, async (warehouse) => {
    const { rows } = await warehouse.query(
      `SELECT date, amount_minor FROM ${MODEL_SCHEMA}.expenses WHERE expense_id = $1 ORDER BY date`,
      [id],
      { timeoutMs: 10_000 },
    );
    return rows.map((row) => [String(row.date), Number(row.amount_minor)] as [string, number]);
  });
}

/** The cross rate reports use for a day: units of `to` per unit of `from`. */
async function rate(day: string, from: string, to: string): Promise<number> {
  return t.app.modelling.withWarehouse(admin.organizationId, async (warehouse) => {
    const { rows } = await warehouse.query(
      `SELECT t.per_euro / s.per_euro AS factor FROM ${MODEL_SCHEMA}.exchange_rates s
       JOIN ${MODEL_SCHEMA}.exchange_rates t ON t.rate_date = s.rate_date AND t.rate_currency = $3
       WHERE s.rate_date = $1 AND s.rate_currency = $2`,
      [day, from, to],
      { timeoutMs: 10_000 },
    );
    return Number(rows[0]?.factor);
  });
}

describe('the marketing cost in -maya', () => {
  it('moves by exactly each marketing expense as it is added, edited and deleted', async () => {
    expect(await kpi('marketing_cost')).toBe(40);
    const id = newId();
    expect((await api.save(id, expense({ payment_date: LAST_DAY, amount: 1234 }))).status).toBe(200);
    expect(await kpi('marketing_cost')).toBeCloseTo(52.34, 9);
    expect(await kpi('spend')).toBe(40);
    expect((await api.save(id, expense({ payment_date: LAST_DAY, amount: 5000 }))).status).toBe(200);
    expect(await kpi('marketing_cost')).toBeCloseTo(90, 9);
    // Not marketing related: out of the marketing cost.
    expect(
      (await api.save(id, expense({ payment_date: LAST_DAY, amount: 5000, is_marketing_related: false })))
        .status,
    ).toBe(200);
    expect(await kpi('marketing_cost')).toBe(40);
    expect((await api.save(id, expense({ payment_date: LAST_DAY, amount: 5000 }))).status).toBe(200);
    expect((await api.remove(id)).status).toBe(200);
    expect(await kpi('marketing_cost')).toBe(40);
  });

  it('converts an expense in another currency on its day, as the list shows it', async () => {
    const id = newId();
    expect(
      (await api.save(id, expense({ payment_date: FIRST_DAY, amount: 150_000, currency_code: 'JPY' })))
        .status,
    ).toBe(200);
    const factor = await rate(FIRST_DAY, 'JPY', 'USD');
    expect(factor).toBeGreaterThan(0);
    expect(await kpi('marketing_cost')).toBeCloseTo(40 + 150_000 * factor, 6);
    const listed = (await api.list()).body.expenses.find((e: { uuid: string }) => e.uuid === id);
    expect(listed).toMatchObject({ amount: 150_000, currency_code: 'JPY' });
    expect(listed.converted).toEqual({ amount: Math.round(150_000 * factor * 100), currency_code: 'USD' });
    expect((await api.remove(id)).status).toBe(200);
  });

  it('spreads a period over its days in exact minor units, the remainder to the first days', async () => {
    const id = newId();
    const body = expense({
      payment_date: FIRST_DAY,
      amount: 1000,
      start_date: '2026-10-01',
      end_date: '2026-10-03',
    });
    expect((await api.save(id, body)).status).toBe(200);
    expect(await modelDays(id)).toEqual([
      ['2026-10-01', 334],
      ['2026-10-02', 333],
      ['2026-10-03', 333],
    ]);
    // The report's two days hold 667 of the 1000 cents.
    expect(await kpi('marketing_cost')).toBeCloseTo(46.67, 9);
    expect((await api.remove(id)).status).toBe(200);
    expect(await modelDays(id)).toEqual([]);
  });
});

describe('a warehouse that cannot take the change', () => {
  it('fails the save with 503 and changes nothing', async () => {
    const service = createExpensesService({
      platform: t.app.platform,
      withWarehouse: async () => {
        throw new Error('the warehouse is unreachable');
      },
      rebuild: async () => {},
      organizationCurrency: async () => 'USD',
    });
    const access = { organizationId: admin.organizationId, role: 'owner' as const, isDemo: false };
    const before = await storedExpenses(t, admin.organizationId);
    const failure = await service
      .save(access, newId(), {
        payment_date: FIRST_DAY,
        amount: 100,
        currency_code: 'USD',
        category: 'people',
        subcategory: 'agency',
        description: '',
        start_date: null,
        end_date: null,
        is_marketing_related: true,
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 503, type: 'expenses_warehouse_unavailable' });
    expect(await storedExpenses(t, admin.organizationId)).toEqual(before);
  });
});
