// Money in one currency (issue 23): an organization with the sandbox's Google Ads and Meta
// accounts (euros, dollars, pounds, Canadian dollars, yen) sees -maya's spend in its own currency,
// converted per day. The expected total is computed here, independently of the product: each
// account's spend per day from the provider's own reporting API, times that day's rate from the
// sandbox ECB portal's CSV (the last one published on or before the day), summed. It must match
// to the cent, before and after the organization's currency changes, and each account's own
// spend stays as the provider reports it.
import { addDays, utcDay } from '@maya/contracts';
import { currencyExponent } from '@maya/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, organizationOwner, ownerQuery } from '../support/sources';
import {
  convertedTotal,
  providerTotals,
  publishedRates,
  ratesFrom,
  type DailySpend,
  type Range,
} from '@maya/connectors/testing';
import {
  connectSandboxAccounts,
  connectedAccounts,
  providerWhere,
  type Connected,
  type Owner,
} from './sandbox-accounts';
import { atNoonUtc } from '../support/clock';

const DAYS = 30;
let t: AccountsApp;
let owner: Owner;
let accounts: Connected[] = [];
let range: Range;
/** Per account (its identifier): its currency and its spend in micros per day, as the provider reports it. */
const spent = new Map<string, DailySpend>();

/** The total in `target`, in its units, from the providers' days and the portal's rates (decision 181). */
async function expectedTotal(target: string): Promise<number> {
  const ecbData = t.config.connectors.endpoints.ecbData;
  return convertedTotal(
    spent.values(),
    target,
    await publishedRates(ecbData, ratesFrom(range.from), range.to),
  );
}

/** The -maya overview's Spend KPI over the range. */
async function reportSpend(): Promise<number> {
  const answer = await call(t.base, 'POST', '/reports/-maya/query', {
    token: owner.token,
    body: {
      organization_id: owner.organizationId,
      report: '-maya',
      page: 'overview',
      visual_id: 'kpi-spend',
      filters: [],
      date_range: range,
      sort: null,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Number(answer.body.rows[0].spend);
}

const cents = (amount: number, currency: string) => Math.round(amount * 10 ** currencyExponent(currency));

beforeAll(async () => {
  // Yesterday at noon UTC: every account's calendar day is UTC's then (decision 730), so the
  // range ends on each account's yesterday whatever the hour.
  const clock = atNoonUtc(Date.now() - 86_400_000);
  t = await startAccountsApp({ FIRST_LOAD_MAX_DAYS: String(DAYS + 5) }, { now: () => clock });
  owner = await organizationOwner(t, 'money@example.com');
  const yesterday = addDays(utcDay(clock), -1);
  range = { from: addDays(yesterday, -(DAYS - 1)), to: yesterday };
  await connectSandboxAccounts(t, owner, 'google_ads');
  await connectSandboxAccounts(t, owner, 'facebook_ads');
  accounts = await connectedAccounts(t, owner);
  for (const account of accounts) {
    expect(await accountSettled(t, owner, account.uuid, 240_000), account.account.identifier).toMatchObject({
      sync_status: 'finished',
    });
  }
  for (const account of accounts) {
    const totals = await providerTotals(providerWhere(t), account, range);
    const toMicros = 10 ** (6 - currencyExponent(totals.currency));
    const micros = new Map([...totals.days].map(([day, d]) => [day, d.spendMinor * toMicros]));
    spent.set(account.account.identifier, { currency: totals.currency, micros });
  }
}, 300_000);

afterAll(async () => {
  await t?.close();
}, 60_000);

describe('money in one currency', () => {
  it('connects accounts in several currencies', () => {
    const currencies = new Set([...spent.values()].map((s) => s.currency));
    expect(currencies.size).toBeGreaterThanOrEqual(4);
    expect(currencies).toContain('JPY');
  });

  it('shows the total spend in US dollars, converted day by day, to the cent', async () => {
    const report = await reportSpend();
    const expected = await expectedTotal('USD');
    expect(cents(report, 'USD')).toBe(cents(expected, 'USD'));
    expect(Math.abs(report - expected)).toBeLessThan(1e-6);
    // Adding the amounts as they are (yen and all) would give something else entirely.
    let unconverted = 0;
    for (const { micros } of spent.values()) for (const amount of micros.values()) unconverted += amount;
    expect(cents(report, 'USD')).not.toBe(cents(unconverted / 1_000_000, 'USD'));
  });

  it('lets an admin change the currency, and the next answer is in it', async () => {
    const changed = await call(t.base, 'PATCH', `/organizations/${owner.organizationId}`, {
      token: owner.token,
      body: { currency_id: 'EUR' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ id: owner.organizationId, currency_id: 'EUR', role: 'admin' });
    const report = await reportSpend();
    const expected = await expectedTotal('EUR');
    expect(cents(report, 'EUR')).toBe(cents(expected, 'EUR'));
    const listed = await call(t.base, 'GET', '/organizations', { token: owner.token });
    const mine = (listed.body.organizations as { id: string; currency_id: string }[]).find(
      (o) => o.id === owner.organizationId,
    );
    expect(mine?.currency_id).toBe('EUR');
  });

  it('refuses a currency the rates do not cover, and a member’s change, changing nothing', async () => {
    const bad = await call(t.base, 'PATCH', `/organizations/${owner.organizationId}`, {
      token: owner.token,
      body: { currency_id: 'XBT' },
    });
    expect(bad.status).toBe(422);
    const member = await organizationOwner(t, 'money-member@example.com');
    await ownerQuery(
      t,
      owner.organizationId,
      `insert into memberships (organization_id, user_id, role) values ($1, $2, 'member')`,
      [owner.organizationId, member.userId],
    );
    const refused = await call(t.base, 'PATCH', `/organizations/${owner.organizationId}`, {
      token: member.token,
      body: { currency_id: 'JPY' },
    });
    expect(refused.status).toBe(403);
    const [row] = await ownerQuery<{ currency_id: string }>(
      t,
      owner.organizationId,
      'select currency_id from organizations where id = $1',
      [owner.organizationId],
    );
    expect(row?.currency_id).toBe('EUR');
  });

  it('keeps each account’s own spend beside the converted one, as the provider reports it', async () => {
    const answer = await call(t.base, 'POST', '/reports/-maya/query', {
      token: owner.token,
      body: {
        organization_id: owner.organizationId,
        report: '-maya',
        page: 'channels',
        visual_id: 'accounts',
        filters: [],
        date_range: range,
        sort: null,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = answer.body.rows as {
      channel: string;
      account: string;
      currency: string;
      account_spend: number;
    }[];
    expect(rows).toHaveLength(spent.size);
    for (const row of rows) {
      const own = spent.get(row.account);
      expect(['Google Ads', 'Meta Ads']).toContain(row.channel);
      expect(row.currency).toBe(own?.currency);
      const total = [...(own?.micros.values() ?? [])].reduce((s, m) => s + m, 0);
      expect(cents(row.account_spend, row.currency)).toBe(cents(total / 1_000_000, row.currency));
    }
    // Never added across currencies: the totals row leaves the accounts' own amounts blank.
    expect(answer.body.totals.grand.account_spend).toBeNull();
  });
});
