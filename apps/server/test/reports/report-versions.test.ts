// Edit mode's saves (issue 32): a custom report's edited document saved as its next version,
// with a calculated metric answered by the engine; the history with who and when; restore; and
// every refusal with nothing changed: a stale base version, a bad formula, a built-in report, a
// plain member, another organization.
import type { CalculatedMeasure, ReportDocument } from '@maya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { accountSettled, connectGoogleAds, organizationOwner, ownerQuery } from '../support/sources';
import { startReportsApp, type ReportsApp } from './reports-app';
import { invitedMember } from './reports-support';
import { REPORTS_TEST_HISTORY } from '../support/constants';

type Owner = Awaited<ReturnType<typeof organizationOwner>>;

let t: AccountsApp;
let reports: ReportsApp;
let owner: Owner;
let saved: ReportDocument;

const on = () => `organization_id=${owner.organizationId}`;
const CPA: CalculatedMeasure = {
  table: 'performance',
  name: 'cost_per_conversion',
  label: 'Cost per conversion',
  formula: 'spend / conversions',
  format: 'currency',
};

/** The saved report with a table of campaigns showing spend, conversions and `calc`. */
function edited(document: ReportDocument, calc: CalculatedMeasure = CPA): ReportDocument {
  const [first, ...rest] = document.pages;
  const table = {
    id: 'cpa_by_campaign',
    title: 'CPA by campaign',
    table: 'performance',
    layout: { x: 0, y: 80, w: 12, h: 4 },
    kind: 'table' as const,
    dimensions: [{ name: 'campaign', grain: null }],
    measures: ['spend', 'conversions', calc.name],
    sort: [],
    limit: null,
    totals: false,
  };
  return {
    ...document,
    calculatedMeasures: [calc],
    pages: [{ ...first!, visuals: [...first!.visuals.filter((v) => v.id !== table.id), table] }, ...rest],
  };
}

const put = (body: Record<string, unknown>, token = owner.token, slug = 'editable') =>
  reports.call('PUT', `/reports/${slug}/document`, token, { organization_id: owner.organizationId, ...body });
/** The edited page's CPA table, with no filter in the request. */
const queryCpaTable = () =>
  reports.call('POST', '/reports/editable/query', owner.token, {
    organization_id: owner.organizationId,
    report: 'editable',
    page: saved.pages[0]!.name,
    visual_id: 'cpa_by_campaign',
    filters: [],
    date_range: null,
    sort: null,
  });
const history = (token = owner.token) => reports.call('GET', `/reports/editable/versions?${on()}`, token);
const opened = async () =>
  (await reports.call('GET', `/reports/editable?${on()}`, owner.token)).body.document as ReportDocument;
const stored = () =>
  ownerQuery<{ version: number; n: string }>(
    t,
    owner.organizationId,
    "SELECT r.version, (SELECT count(*) FROM custom_report_versions v WHERE v.report_id = r.id)::text AS n FROM custom_reports r WHERE slug = 'editable'",
    [],
  );

beforeAll(async () => {
  t = await startAccountsApp(REPORTS_TEST_HISTORY);
  reports = await startReportsApp(t, { now: new Date() });
  owner = await organizationOwner(t, 'versions-owner@example.com');
  const { accounts } = await connectGoogleAds(t, owner, 1);
  expect(await accountSettled(t, owner, accounts[0]!.uuid, 600_000)).toMatchObject({
    sync_status: 'finished',
  });
  const created = await reports.call('POST', '/reports', owner.token, {
    organization_id: owner.organizationId,
    source_slug: '-maya',
    state: null,
    name: 'Editable',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  saved = await opened();
}, 700_000);

afterAll(async () => {
  await reports?.close();
  await t?.close();
});

describe('saving the edited document', () => {
  it('starts the history at version 1 with save as', async () => {
    const answer = await history();
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      current: 1,
      versions: [
        {
          version: 1,
          created_at: expect.any(String),
          created_by: { id: owner.userId, name: expect.any(String), email: 'versions-owner@example.com' },
        },
      ],
    });
  });

  it('saves version 2, whose calculated metric the engine answers as spend / conversions', async () => {
    const answer = await put({ document: edited(saved), base_version: 1 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ version: 2 });
    expect((await opened()).calculatedMeasures).toEqual([CPA]);
    const query = await queryCpaTable();
    expect(query.status, JSON.stringify(query.body)).toBe(200);
    const rows = query.body.rows as {
      spend: number | null;
      conversions: number | null;
      cost_per_conversion: number | null;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const expected = row.conversions ? (row.spend ?? 0) / row.conversions : null;
      if (expected === null) expect(row.cost_per_conversion).toBeNull();
      else expect(row.cost_per_conversion).toBeCloseTo(expected, 2);
    }
    expect(await stored()).toEqual([{ version: 2, n: '2' }]);
  });

  it('refuses a save from an older version with 409, and keeps the newer one', async () => {
    const answer = await put({ document: saved, base_version: 1 });
    expect(answer).toMatchObject({ status: 409, body: { detail: { type: 'report_version_conflict' } } });
    expect((await opened()).calculatedMeasures).toEqual([CPA]);
    expect(await stored()).toEqual([{ version: 2, n: '2' }]);
  });

  it('refuses a bad formula, an unknown measure and a changed model with 422, nothing saved', async () => {
    const bad = await put({
      document: edited(saved, { ...CPA, formula: 'spend / (conversions' }),
      base_version: 2,
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(422);
    expect(bad.body.detail.message).toBe(
      'calculated metric "Cost per conversion": Expected ")", found the end of the formula (at character 21)',
    );
    const unknown = await put({
      document: edited(saved, { ...CPA, formula: 'spend / orders' }),
      base_version: 2,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail.message).toContain('has no measure "orders"');
    const model = await put({ document: { ...saved, model: 'search' }, base_version: 2 });
    expect(model.status).toBe(422);
    const malformed = await put({ document: { ...saved, pages: [] }, base_version: 2 });
    expect(malformed.status).toBe(422);
    expect(await stored()).toEqual([{ version: 2, n: '2' }]);
  });

  it('keeps the report its id, slug and name whatever the document says', async () => {
    const answer = await put({
      document: { ...edited(saved), id: 'other', slug: 'other', name: 'Other' },
      base_version: 2,
    });
    expect(answer.body).toEqual({ version: 3 });
    expect(await opened()).toMatchObject({ id: saved.id, slug: 'editable', name: 'Editable' });
  });
});

describe('history and restore', () => {
  it('lists every version newest first and restores version 1 as version 4', async () => {
    const listed = await history();
    expect(listed.body.current).toBe(3);
    expect(listed.body.versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    const restored = await reports.call('POST', '/reports/editable/versions/1/restore', owner.token, {
      organization_id: owner.organizationId,
      base_version: 3,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toEqual({ version: 4 });
    expect((await opened()).calculatedMeasures).toBeUndefined();
    expect(await stored()).toEqual([{ version: 4, n: '4' }]);
  });

  it('answers 404 for a version that does not exist and 409 for a stale restore', async () => {
    const missing = await reports.call('POST', '/reports/editable/versions/99/restore', owner.token, {
      organization_id: owner.organizationId,
      base_version: 4,
    });
    expect(missing).toMatchObject({ status: 404, body: { detail: { type: 'report_version_not_found' } } });
    const stale = await reports.call('POST', '/reports/editable/versions/2/restore', owner.token, {
      organization_id: owner.organizationId,
      base_version: 3,
    });
    expect(stale.status).toBe(409);
    expect(await stored()).toEqual([{ version: 4, n: '4' }]);
  });
});

describe('who may edit', () => {
  it('refuses a built-in report: edit mode saves a copy first', async () => {
    const maya = (await reports.call('GET', `/reports/-maya?${on()}`, owner.token)).body
      .document as ReportDocument;
    const answer = await put({ document: maya, base_version: 1 }, owner.token, '-maya');
    expect(answer).toMatchObject({ status: 400, body: { detail: { type: 'report_built_in' } } });
  });

  it('refuses a plain member, who may still read the history', async () => {
    const member = await invitedMember(t, owner, 'versions-member@example.com');
    const answer = await put({ document: edited(saved), base_version: 4 }, member.token);
    expect(answer).toMatchObject({ status: 403, body: { detail: { type: 'report_edit_forbidden' } } });
    expect((await history(member.token)).status).toBe(200);
    expect(await stored()).toEqual([{ version: 4, n: '4' }]);
  });

  it("refuses another organization's owner", async () => {
    const stranger = await organizationOwner(t, 'versions-stranger@example.com');
    const answer = await put({ document: edited(saved), base_version: 4 }, stranger.token);
    expect([403, 404]).toContain(answer.status);
    const read = await history(stranger.token);
    expect([403, 404]).toContain(read.status);
    expect(await stored()).toEqual([{ version: 4, n: '4' }]);
  });
});

describe("a visual's own filters", () => {
  const campaignTable = (campaigns: string[], table = 'performance', column = 'campaign') => {
    const document = edited(saved);
    const [first, ...rest] = document.pages;
    const visuals = first!.visuals.map((v) =>
      v.id === 'cpa_by_campaign'
        ? {
            ...v,
            filters: [
              {
                id: 'own',
                table,
                column,
                kind: 'list' as const,
                mode: 'include' as const,
                values: campaigns,
              },
            ],
          }
        : v,
    );
    return { ...document, pages: [{ ...first!, visuals }, ...rest] };
  };
  const campaigns = async () => {
    // The request sends no filter: the visual's own come from its document.
    const query = await queryCpaTable();
    expect(query.status, JSON.stringify(query.body)).toBe(200);
    return (query.body.rows as { campaign: string }[]).map((row) => row.campaign);
  };

  it('are saved with the visual and applied to its answer, whatever the request sends', async () => {
    await put({ document: edited(saved), base_version: 4 });
    const all = await campaigns();
    expect(all.length).toBeGreaterThan(1);
    const answer = await put({ document: campaignTable([all[0]!]), base_version: 5 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await campaigns()).toEqual([all[0]]);
  });

  it("refuses a filter on another table's column or an unknown column with 422, nothing saved", async () => {
    for (const document of [
      campaignTable(['x'], 'search_console', 'query'),
      campaignTable(['x'], 'performance', 'nope'),
    ]) {
      const answer = await put({ document, base_version: 6 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    }
    expect(await stored()).toEqual([{ version: 6, n: '6' }]);
  });
});
