// Competition reports over HTTP (spec 001 §2 Competitors, §5, §7, §9; issue 29): a report of a
// Search Console property saved (refused whole, with nothing stored, when its account, country,
// column or value is wrong), computed from the sandbox DataForSEO SERPs of the property's top
// terms, cached per term, country and month with its spend recorded, and read in the
// -competitors report; a provider error, a quota answer (429 with Retry-After) or a malformed
// payload fails the run with the provider's message and leaves the stored shares as they were;
// another organization sees none of it.
import { SANDBOX_SERP_COMPETITORS, SANDBOX_SERP_COST } from '@maya/connectors/sandbox';
import { IS_BRAND_COLUMN_ID } from '@maya/contracts';
import { randomUUID } from 'node:crypto';
import { duckDbFileFor, openDuckDbWarehouse, type Warehouse } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { ownerQuery, setSandboxFaults } from '../support/sources';
import { owner } from '../pagespeed/support';
import { writeShares } from '../../src/modules/competitors';
import { competitorsApi, connectSearchConsole, type CompetitorsApi } from './support';

let t: AccountsApp;
let alice: Awaited<ReturnType<typeof owner>>;
let mallory: Awaited<ReturnType<typeof owner>>;
let api: CompetitorsApi;
let malloryApi: CompetitorsApi;
let property: { uuid: string };
const REPORT = randomUUID();

type Row = Record<string, unknown>;

beforeAll(async () => {
  t = await startAccountsApp({ FIRST_LOAD_MAX_DAYS: '35' });
  alice = await owner(t, 'competitors-alice@example.com');
  mallory = await owner(t, 'competitors-mallory@example.com');
  api = competitorsApi(t, alice, alice.organizationId);
  malloryApi = competitorsApi(t, mallory, mallory.organizationId);
  property = await connectSearchConsole(t, alice, 'sc-domain:example.com');
}, 400_000);
afterAll(() => t.close());

const stored = () =>
  ownerQuery<{ id: string; country_code: string }>(
    t,
    alice.organizationId,
    'select id, country_code from competition_reports where organization_id = $1',
    [alice.organizationId],
  );

/** Works on alice's warehouse (the app's file, shared with its process). */
async function inWarehouse<T>(work: (warehouse: Warehouse) => Promise<T>): Promise<T> {
  const warehouse = await openDuckDbWarehouse({
    file: duckDbFileFor(t.config.dataDir, alice.organizationId),
    sharing: t.app.platform.warehouseFiles.sharing,
  });
  try {
    return await work(warehouse);
  } finally {
    await warehouse.close();
  }
}

/** The first day of this month (the runs' month: the app's clock is the wall clock) and of the one before. */
const THIS_MONTH = `${new Date().toISOString().slice(0, 7)}-01`;
const LAST_MONTH = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
})();

/** The countries of the report's rows this month, read from alice's warehouse. */
function storedCountries(): Promise<string[]> {
  return inWarehouse(async (warehouse) => {
    const { rows } = await warehouse.query(
      `SELECT DISTINCT country FROM raw.competitors__domains WHERE report_id = $1 AND month = DATE '${THIS_MONTH}' ORDER BY country`,
      [REPORT],
      { timeoutMs: 30_000 },
    );
    return rows.map((r) => String(r.country));
  });
}

/** The report's rows of the previous month, as stored. */
function lastMonthRows(): Promise<Row[]> {
  return inWarehouse(async (warehouse) => {
    const { rows } = await warehouse.query(
      `SELECT domain, country, organic_share, computed_at FROM raw.competitors__domains
WHERE report_id = $1 AND month = DATE '${LAST_MONTH}' ORDER BY domain`,
      [REPORT],
      { timeoutMs: 30_000 },
    );
    return rows.map((r) => ({ ...r, computed_at: String(r.computed_at) }));
  });
}

const valid = () => ({
  uuid: REPORT,
  country_code: 'gr',
  account_uuid: property.uuid,
  column_id: IS_BRAND_COLUMN_ID,
  value: 'no',
});

describe('the editor’s lists', () => {
  it('countries by name, Greece among them; the Is Brand column with No and Yes', async () => {
    const countries = await api.countries();
    expect(countries.status).toBe(200);
    expect(countries.body.countries).toContainEqual({ code: 'gr', name: 'Greece' });
    const list = await api.list();
    expect(list.status).toBe(200);
    expect(list.body.reports).toEqual([]);
    const brand = (list.body.filter_columns as { id: string; name: string; values: unknown[] }[]).find(
      (c) => c.id === IS_BRAND_COLUMN_ID,
    );
    expect(brand?.name).toBe('Is Brand');
    expect(brand?.values).toEqual(
      expect.arrayContaining([
        { label: 'No', value: 'no' },
        { label: 'Yes', value: 'yes' },
      ]),
    );
  });
});

describe('saving', () => {
  it('refuses a report without country, account, column or value, and stores nothing', async () => {
    for (const missing of ['country_code', 'account_uuid', 'column_id', 'value'] as const) {
      const body: Row = valid();
      delete body[missing];
      const answer = await api.save(body);
      expect(answer.status, missing).toBe(422);
    }
    expect((await api.save({ ...valid(), value: '' })).status).toBe(422);
    expect((await api.save({ ...valid(), country_code: 'xx' })).status).toBe(422);
    expect((await api.save({ ...valid(), value: 'maybe' })).status).toBe(422);
    expect((await api.save({ ...valid(), column_id: randomUUID() })).status).toBe(422);
    expect((await api.save({ ...valid(), account_uuid: randomUUID() })).status).toBe(422);
    expect(await stored()).toEqual([]);
  });

  it('another organization can neither use the account nor see or touch the report', async () => {
    const stolen = await malloryApi.save(valid());
    expect(stolen.status).toBe(422);
    expect(stolen.body.detail[0].type).toBe('competition_account_not_selectable');
    // Naming alice's organization: not a member, not found.
    const foreign = await call(t.base, 'PUT', '/competition_reports', {
      token: mallory.token,
      body: { organization_id: alice.organizationId, ...valid() },
    });
    expect(foreign.status).toBe(404);
    expect(await stored()).toEqual([]);
  });

  it('saves a report with the fixed 300 terms by clicks and computes it from the sandbox SERPs', async () => {
    const saved = await api.save(valid());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.report).toMatchObject({
      uuid: REPORT,
      account_uuid: property.uuid,
      country_code: 'gr',
      filter_column: IS_BRAND_COLUMN_ID,
      filter_value: 'no',
      search_terms_number: 300,
      order_by: 'clicks',
      account_service: 'google_search_console',
      own_domain: 'example.com',
    });
    const report = await api.settled(REPORT);
    expect(report.last_run, JSON.stringify(report.last_run)).toMatchObject({
      status: 'finished',
      error: null,
    });
    const { terms, requests, cost_micros } = report.last_run;
    expect(terms).toBeGreaterThan(3);
    expect(requests).toBe(terms);
    expect(cost_micros).toBe(terms * SANDBOX_SERP_COST * 1_000_000);
    const spend = await ownerQuery<{ requests: number; cost_micros: string; currency: string }>(
      t,
      alice.organizationId,
      'select requests, cost_micros, currency from competition_spend where organization_id = $1',
      [alice.organizationId],
    );
    expect(spend).toEqual([{ requests: terms, cost_micros: String(cost_micros), currency: 'USD' }]);

    // The report: every sandbox competitor with a share of voice, the shares adding up to 1.
    const table = await api.query('domains');
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const rows = table.body.rows as Row[];
    for (const competitor of SANDBOX_SERP_COMPETITORS) {
      const row = rows.find((r) => r.domain === competitor.domain);
      expect(row, competitor.domain).toMatchObject({ domain_role: 'Competitor' });
      expect(Number(row?.share_of_voice)).toBeGreaterThan(0);
      expect(Number(row?.terms_won) + Number(row?.terms_lost)).toBeGreaterThan(0);
    }
    expect(rows.find((r) => r.domain === 'example.com')).toMatchObject({ domain_role: 'Own domain' });
    // The shares of every domain add up to 1; the table shows the first 100 (a long tail follows).
    const shown = rows.reduce((sum, r) => sum + Number(r.share_of_voice), 0);
    expect(shown).toBeGreaterThan(0.5);
    expect(shown).toBeLessThanOrEqual(1.000001);
    // Filterable like any report: the own domain alone.
    const own = await api.query('domains', [
      {
        id: 'filter-domain_role',
        kind: 'list',
        table: 'competitors',
        column: 'domain_role',
        mode: 'include',
        values: ['Own domain'],
      },
    ]);
    expect((own.body.rows as Row[]).map((r) => r.domain)).toEqual(['example.com']);
    // Listed for alice, not for mallory.
    const listed = async (who: { token: string; organizationId: string }) =>
      (
        (await call(t.base, 'GET', `/reports?organization_id=${who.organizationId}`, { token: who.token }))
          .body.reports as { slug: string }[]
      ).map((r) => r.slug);
    expect(await listed(alice)).toContain('-competitors');
    expect(await listed(mallory)).not.toContain('-competitors');
    expect((await malloryApi.get(REPORT)).status).toBe(404);
    expect((await malloryApi.remove(REPORT)).status).toBe(404);
    expect((await malloryApi.query('domains')).status).not.toBe(200);
  });

  it('a second run in the month buys nothing: the SERPs are cached per term, country and month', async () => {
    expect((await api.run(REPORT)).status).toBe(202);
    const report = await api.settled(REPORT);
    expect(report.last_run).toMatchObject({ status: 'finished', requests: 0, cost_micros: 0 });
  });
});

describe('provider failures keep the stored shares', () => {
  const failing = [
    [
      'a quota answer (429 with Retry-After) that does not stop',
      'de',
      { kind: 'rate_limit', retry_after_s: 0, times: -1 },
      /^DataForSEO: Error 429: Quota exceeded/,
    ],
    [
      'a malformed payload',
      'gb',
      { kind: 'malformed', times: -1 },
      /^DataForSEO: DataForSEO answered an unexpected payload/,
    ],
    [
      'a provider error',
      'us',
      { kind: 'provider_error', status: 402, message: 'Insufficient funds.', times: -1 },
      /^DataForSEO: Error 402: Insufficient funds\.$/,
    ],
  ] as const;

  // The report as it was computed a month ago (the job's own writer): a run this month, failed or
  // not, never touches it.
  let lastMonth: Row[] = [];
  beforeAll(async () => {
    await inWarehouse((warehouse) =>
      writeShares(
        warehouse,
        {
          reportId: REPORT,
          month: LAST_MONTH,
          reportName: 'example.com · Greece',
          country: 'Greece',
          terms: 2,
          computedAt: `${LAST_MONTH}T06:00:00.000Z`,
        },
        SANDBOX_SERP_COMPETITORS.slice(0, 2).map((competitor, i) => ({
          domain: competitor.domain,
          isOwn: false,
          organicTerms: 2,
          paidTerms: 0,
          organicShare: 0.3 - i * 0.1,
          paidShare: 0,
          avgPosition: 2 + i,
          termsWon: 1,
          termsLost: 1,
          organicShareChange: null,
          avgPositionChange: null,
        })),
      ),
    );
    lastMonth = await lastMonthRows();
    expect(lastMonth.map((r) => r.domain)).toEqual(['peakgear.example', 'trailfox.example']);
  });

  it.each(failing)('%s fails the run with the provider’s message', async (_name, country, fault, message) => {
    const before = (await api.query('domains')).body.rows as Row[];
    expect(before.length).toBeGreaterThan(0);
    expect(await storedCountries()).toEqual(['Greece']);
    await setSandboxFaults(t, 'dataforseo', [fault]);
    try {
      expect((await api.save({ ...valid(), country_code: country })).status).toBe(200);
      const report = await api.settled(REPORT);
      expect(report.last_run.status).toBe('failed');
      expect(report.last_run.error).toMatch(message);
    } finally {
      await setSandboxFaults(t, 'dataforseo', null);
    }
    expect((await api.query('domains')).body.rows).toEqual(before);
    expect(await storedCountries()).toEqual(['Greece']);
    expect(await lastMonthRows()).toEqual(lastMonth);
  });

  it('once the provider answers again, the month’s rows are replaced whole, the month before kept', async () => {
    expect((await api.save({ ...valid(), country_code: 'de' })).status).toBe(200);
    const report = await api.settled(REPORT);
    expect(report.last_run.status).toBe('finished');
    expect(await storedCountries()).toEqual(['Germany']);
    expect(await lastMonthRows()).toEqual(lastMonth);
  });
});

describe('deleting', () => {
  it('removes the report; a second delete is not found', async () => {
    expect((await api.remove(REPORT)).status).toBe(204);
    expect((await api.remove(REPORT)).status).toBe(404);
    expect((await api.get(REPORT)).status).toBe(404);
    expect(await stored()).toEqual([]);
  });
});
