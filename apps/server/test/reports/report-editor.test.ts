// The report editor's reads (issue 32, decision 740): the model's fields, the formula check (a
// bad formula is an answer, never a 500) and an unsaved draft's visual answered with the draft's
// own calculated metric; a plain member may not preview a draft, an embed never sends one.
import type { CalculatedMeasure } from '@maya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, connectGoogleAds, organizationOwner } from '../support/sources';
import { startReportsApp, type ReportsApp } from './reports-app';
import { invitedMember } from './reports-support';
import { REPORTS_TEST_HISTORY } from '../support/constants';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;

let t: AccountsApp;
let reports: ReportsApp;
let owner: Owner;

const CPA: CalculatedMeasure = {
  table: 'performance',
  name: 'calc_cpa',
  label: 'Calc CPA',
  formula: 'spend / conversions',
  format: 'currency',
};

const formula = (metric: CalculatedMeasure, calculated: CalculatedMeasure[] = [], token = owner.token) =>
  reports.call('POST', '/reports/-maya/formula', token, {
    organization_id: owner.organizationId,
    metric,
    calculated_measures: calculated,
  });

/** A draft table of campaigns with the draft's CPA, on a page the saved report lacks. */
const draftQuery = (calculated: CalculatedMeasure[], token = owner.token) =>
  reports.call('POST', '/reports/-maya/query', token, {
    organization_id: owner.organizationId,
    report: '-maya',
    page: 'new_page',
    visual_id: 'draft_table',
    filters: [],
    date_range: null,
    sort: null,
    draft: {
      visual: {
        id: 'draft_table',
        title: null,
        table: 'performance',
        layout: { x: 0, y: 0, w: 12, h: 4 },
        kind: 'table',
        dimensions: [{ name: 'campaign', grain: null }],
        measures: ['spend', 'conversions', 'calc_cpa'],
        sort: [],
        limit: null,
        totals: false,
      },
      calculated_measures: calculated,
    },
  });

beforeAll(async () => {
  t = await startAccountsApp(REPORTS_TEST_HISTORY);
  reports = await startReportsApp(t, { now: new Date() });
  owner = await organizationOwner(t, 'editor-owner@example.com');
  const { accounts } = await connectGoogleAds(t, owner, 1);
  expect(await accountSettled(t, owner, accounts[0]!.uuid, 600_000)).toMatchObject({
    sync_status: 'finished',
  });
}, 700_000);

afterAll(async () => {
  await reports?.close();
  await t?.close();
});

describe('the fields the editor offers', () => {
  it("lists the report model's tables with their dimensions and measures", async () => {
    const answer = await reports.call(
      'GET',
      `/reports/-maya/fields?organization_id=${owner.organizationId}`,
      owner.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const performance = answer.body.tables.find((table: { name: string }) => table.name === 'performance');
    expect(performance.time_dimension).toBe('date');
    expect(performance.measures).toContainEqual(
      expect.objectContaining({ name: 'spend', format: 'currency' }),
    );
    expect(performance.dimensions).toContainEqual(
      expect.objectContaining({ name: 'campaign', type: 'string' }),
    );
  });
});

describe('the formula check', () => {
  it('accepts a good formula and one over an earlier metric', async () => {
    expect((await formula(CPA)).body).toEqual({ error: null });
    const twice = { ...CPA, name: 'cpa_twice', label: 'CPA x2', formula: 'calc_cpa * 2' };
    expect((await formula(twice, [CPA])).body).toEqual({ error: null });
  });

  it('says what is wrong and where, with 200', async () => {
    const open = await formula({ ...CPA, formula: 'spend / (conversions' });
    expect(open.status).toBe(200);
    expect(open.body).toEqual({
      error: { message: 'Expected ")", found the end of the formula', position: 20 },
    });
    const unknown = await formula({ ...CPA, formula: 'spend / orders' });
    expect(unknown.body.error).toMatchObject({ position: 8 });
    expect(unknown.body.error.message).toContain('has no measure "orders"');
    const taken = await formula({ ...CPA, name: 'cpa' });
    expect(taken.body.error.message).toContain('already has a field named cpa');
  });
});

describe("a draft's visual", () => {
  it("answers with the draft's calculated metric on a page not saved yet", async () => {
    const answer = await draftQuery([CPA]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = answer.body.rows as {
      spend: number | null;
      conversions: number | null;
      calc_cpa: number | null;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      if (!row.conversions) expect(row.calc_cpa).toBeNull();
      else expect(row.calc_cpa).toBeCloseTo((row.spend ?? 0) / row.conversions, 2);
    }
  });

  it('refuses a draft without the metric its visual reads, and a bad formula, with 422', async () => {
    expect((await draftQuery([])).status).toBe(422);
    const bad = await draftQuery([{ ...CPA, formula: 'spend /' }]);
    expect(bad.status, JSON.stringify(bad.body)).toBe(422);
    expect(bad.body.detail.message).toContain('calculated metric "Calc CPA"');
  });

  it('refuses a plain member', async () => {
    const member = await invitedMember(t, owner, 'editor-member@example.com');
    const answer = await draftQuery([CPA], member.token);
    expect(answer).toMatchObject({ status: 403, body: { detail: { type: 'report_edit_forbidden' } } });
  });
});
