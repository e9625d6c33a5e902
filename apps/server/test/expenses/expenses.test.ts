// Manual expenses over HTTP (spec 001 §2, §5, §7): saved at the client's UUID in exact minor units
// of their currency (JPY none, USD two), read back, listed, deleted; every invalid body a 422
// that changes nothing; another organization's id names nothing (404); the demo organization
// cannot be changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { expense, expensesApi, newId, owner, storedExpenses, type ExpensesApi } from './support';

let t: AccountsApp;
let alice: Awaited<ReturnType<typeof owner>>;
let mallory: Awaited<ReturnType<typeof owner>>;
let api: ExpensesApi;
let malloryApi: ExpensesApi;

beforeAll(async () => {
  t = await startAccountsApp();
  alice = await owner(t, 'expenses-alice@example.com');
  mallory = await owner(t, 'expenses-mallory@example.com');
  api = expensesApi(t, alice, alice.organizationId);
  malloryApi = expensesApi(t, mallory, mallory.organizationId);
}, 120_000);
afterAll(() => t.close());

describe('the lists the form offers', () => {
  it('gives categories, subcategories of each, and currencies with their decimals', async () => {
    const categories = await call(t.base, 'GET', '/expenses/categories', { token: alice.token });
    expect(categories.status).toBe(200);
    expect(categories.body.categories).toContainEqual({ id: 'people', name: 'People' });
    const subcategories = await call(t.base, 'GET', '/expenses/subcategories', { token: alice.token });
    expect(subcategories.body.subcategories).toContainEqual({
      id: 'agency',
      name: 'Agency',
      category: 'people',
    });
    const currencies = await call(t.base, 'GET', '/currencies', { token: alice.token });
    expect(currencies.body.currencies).toContainEqual({
      code: 'JPY',
      name: 'Japanese yen',
      symbol: '¥',
      digits: 0,
    });
    expect(currencies.body.currencies).toContainEqual({
      code: 'USD',
      name: 'US dollar',
      symbol: '$',
      digits: 2,
    });
    expect((await call(t.base, 'GET', '/currencies', {})).status).toBe(401);
  });
});

describe('saving', () => {
  it('keeps the exact minor units of each currency and answers them', async () => {
    const yen = newId();
    const saved = await api.save(
      yen,
      expense({ amount: 1500, currency_code: 'JPY', description: '  Banner print  ' }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      uuid: yen,
      amount: 1500,
      currency_code: 'JPY',
      description: 'Banner print',
    });
    const dollars = newId();
    expect((await api.save(dollars, expense({ amount: 9_999_999_999_99 }))).status).toBe(200);
    expect((await api.get(dollars)).body).toMatchObject({
      amount: 9_999_999_999_99,
      currency_code: 'USD',
      converted: { amount: 9_999_999_999_99, currency_code: 'USD' },
    });
    const rows = await storedExpenses(t, alice.organizationId);
    expect(rows.map((r) => [r.id, Number(r.amount_minor), r.currency_code])).toEqual(
      expect.arrayContaining([
        [yen, 1500, 'JPY'],
        [dollars, 999_999_999_999, 'USD'],
      ]),
    );
    // Edited in place at its id.
    const edited = await api.save(
      yen,
      expense({ amount: 2000, currency_code: 'JPY', is_marketing_related: false }),
    );
    expect(edited.body).toMatchObject({ amount: 2000, is_marketing_related: false });
    const list = await api.list();
    expect(list.body.expenses.filter((e: { uuid: string }) => e.uuid === yen)).toHaveLength(1);
    expect((await api.remove(yen)).body).toEqual({ uuid: yen });
    expect((await api.get(yen)).status).toBe(404);
    expect((await api.remove(yen)).status).toBe(404);
  });

  it('keeps a period with the expense', async () => {
    const id = newId();
    const saved = await api.save(id, expense({ start_date: '2026-10-01', end_date: '2026-12-31' }));
    expect(saved.status).toBe(200);
    expect((await api.get(id)).body).toMatchObject({ start_date: '2026-10-01', end_date: '2026-12-31' });
  });
});

describe('bad input', () => {
  const invalid: [string, Record<string, unknown>, string][] = [
    ['a decimal amount', { amount: 12.5 }, 'Invalid amount'],
    ['a zero amount', { amount: 0 }, 'Invalid amount'],
    ['a negative amount', { amount: -100 }, 'Invalid amount'],
    ['an amount as text', { amount: '12' }, 'Invalid amount'],
    ['an amount past the limit', { amount: 1_000_000_000_001 }, 'Invalid amount'],
    ['no category', { category: '' }, 'Required'],
    ['no subcategory', { subcategory: '' }, 'Required'],
    ['an unknown category', { category: 'yachts' }, 'Choose a category from the list'],
    ["another category's subcategory", { subcategory: 'design' }, 'Choose a subcategory of the category'],
    ['a long description', { description: 'x'.repeat(51) }, 'Description too long'],
    ['no payment date', { payment_date: '' }, 'Required'],
    ['an impossible date', { payment_date: '2026-02-30' }, 'Enter a valid date'],
    ['an unknown currency', { currency_code: 'XXX' }, 'Choose a currency from the list'],
    ['only a start date', { start_date: '2026-10-01' }, 'Give both period dates or neither'],
    [
      'a period ending first',
      { start_date: '2026-10-02', end_date: '2026-10-01' },
      'The period ends before it starts',
    ],
    [
      'a period of four years',
      { start_date: '2026-01-01', end_date: '2029-12-31' },
      'A period covers at most 1096 days',
    ],
  ];

  it.each(invalid)('%s is refused with 422 and nothing changes', async (_name, change, message) => {
    const id = newId();
    const before = await storedExpenses(t, alice.organizationId);
    const answer = await api.save(id, expense(change));
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.detail.map((issue: { msg: string }) => issue.msg)).toContain(message);
    expect(await storedExpenses(t, alice.organizationId)).toEqual(before);
  });

  it('a description of exactly 50 characters is taken', async () => {
    expect((await api.save(newId(), expense({ description: 'é'.repeat(50) }))).status).toBe(200);
  });

  it('a malformed id is 422, a missing field 422', async () => {
    expect((await api.save('not-a-uuid', expense())).status).toBe(422);
    const { amount: _amount, ...missing } = expense();
    expect((await api.save(newId(), missing)).status).toBe(422);
  });
});

describe('isolation', () => {
  it("another organization's expense is not found, not deleted, not overwritten", async () => {
    const id = newId();
    expect((await api.save(id, expense({ description: 'Secret' }))).status).toBe(200);
    const before = await storedExpenses(t, alice.organizationId);
    expect((await malloryApi.get(id)).status).toBe(404);
    expect((await malloryApi.remove(id)).status).toBe(404);
    expect((await malloryApi.save(id, expense({ description: 'Mine' }))).status).toBe(200);
    expect(await storedExpenses(t, alice.organizationId)).toEqual(before);
    expect((await api.get(id)).body.description).toBe('Secret');
    expect(
      (await malloryApi.list()).body.expenses.map((e: { description: string }) => e.description),
    ).toEqual(['Mine']);
    // A non-member naming Alice's organization is answered 404, as for one that does not exist.
    const foreign = expensesApi(t, mallory, alice.organizationId);
    expect((await foreign.list()).status).toBe(404);
    expect((await foreign.save(newId(), expense())).status).toBe(404);
  });
});
