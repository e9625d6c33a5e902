// A derived column registered by a module (here by the test: a CASE on the campaign name) is
// materialized by `rebuild` from the raw data already loaded, without any provider being asked,
// and becomes an ordinary dimension of the organization's semantic model: filtered and grouped
// by in report queries. One that fails leaves its table as built.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DerivedColumn } from '../../src/modules/modelling';
import { ok } from '../reports/loaded-organization';
import { startReportsApp, type ReportsApp } from '../reports/reports-app';
import { startAccountsApp, type AccountsApp } from '../support/accounts';
import { organizationOwner } from '../support/sources';
import { FIRST_DAY, LAST_DAY, saveGroupedReport, visualQuery, writeCampaigns } from './raw-campaigns';

const quote = (dialect: string, name: string) =>
  dialect === 'duckdb' || dialect === 'postgres' ? `"${name}"` : `\`${name}\``;

/** 'Brand' for campaigns whose name contains the bound text, else null (no rule matched). */
const BRAND: DerivedColumn = {
  table: 'marketing_performance',
  column: 'brand_cluster',
  label: 'Brand or not',
  reads: ['campaign_name'],
  expression: (dialect, offset) => ({
    sql: `CASE WHEN ${quote(dialect, 'campaign_name')} LIKE $${offset + 1} THEN $${offset + 2} END`,
    params: ['%Brand%', 'Brand'],
  }),
};

/** A later column reading the earlier one. */
const BRAND_OR_OTHER: DerivedColumn = {
  table: 'marketing_performance',
  column: 'brand_or_other',
  label: 'Brand or other',
  reads: ['brand_cluster'],
  expression: (dialect, offset) => ({
    sql: `COALESCE(${quote(dialect, 'brand_cluster')}, $${offset + 1})`,
    params: ['Other'],
  }),
};

/** SQL the engine refuses when the column is applied. */
const BROKEN: DerivedColumn = {
  table: 'marketing_performance',
  column: 'broken',
  label: 'Broken',
  reads: ['no_such_column'],
  expression: () => ({ sql: 'no_such_column + 1', params: [] }),
};

let t: AccountsApp;
let reports: ReportsApp;
let owner: Awaited<ReturnType<typeof organizationOwner>>;
let registered: DerivedColumn[] = [];

beforeAll(async () => {
  t = await startAccountsApp();
  reports = await startReportsApp(t, { now: new Date(`${LAST_DAY}T12:00:00Z`) });
  owner = await organizationOwner(t, 'modelling-derived@example.com');
  reports.modelling.registerDerivedColumns(async (organizationId) =>
    organizationId === owner.organizationId ? registered : [],
  );
  await writeCampaigns(reports.modelling, owner.organizationId, [
    { date: FIRST_DAY, id: '1', name: 'Brand - exact', cost: 10, clicks: 4 },
    { date: FIRST_DAY, id: '2', name: 'Generic shoes', cost: 20, clicks: 5 },
    { date: LAST_DAY, id: '1', name: 'Brand - exact', cost: 30, clicks: 6 },
    { date: LAST_DAY, id: '3', name: 'Competitors', cost: 40, clicks: 7 },
  ]);
  await saveGroupedReport(t, owner.organizationId, 'by-brand', 'brand_or_other');
}, 120_000);

afterAll(async () => {
  await reports?.close();
  await t?.close();
});

const spendBy = (rows: Record<string, unknown>[], dimension: string) =>
  Object.fromEntries(rows.map((row) => [String(row[dimension]), row.spend]));

describe('derived columns', () => {
  it('are materialized by a rebuild, shown in the semantic model and grouped by in a report', async () => {
    registered = [BRAND, BRAND_OR_OTHER];
    const models = await reports.modelling.models(owner.organizationId);
    expect(models.find((m) => m.model.name === 'marketing_performance')?.derived).toEqual(registered);
    expect(models.find((m) => m.model.name === 'keywords')?.derived).toEqual([]);
    const rebuilt = await reports.modelling.rebuild(owner.organizationId);
    expect(rebuilt.refused).toEqual([]);
    expect(rebuilt.applied).toEqual([
      {
        table: 'marketing_performance',
        column: 'brand_cluster',
        label: 'Brand or not',
        keys: ['campaign_name'],
      },
      {
        table: 'marketing_performance',
        column: 'brand_or_other',
        label: 'Brand or other',
        keys: ['campaign_name'],
      },
    ]);

    const model = await reports.modelling.semanticModel(owner.organizationId, 'marketing');
    const dimensions = model?.tables.find((table) => table.name === 'performance')?.dimensions ?? [];
    expect(dimensions.slice(-2)).toEqual([
      {
        name: 'brand_cluster',
        label: 'Brand or not',
        type: 'string',
        sql: { column: 'brand_cluster' },
        grains: [],
      },
      {
        name: 'brand_or_other',
        label: 'Brand or other',
        type: 'string',
        sql: { column: 'brand_or_other' },
        grains: [],
      },
    ]);
    // Another organization's model is the built-in one.
    const other = await organizationOwner(t, 'modelling-derived-other@example.com');
    const plain = await reports.modelling.semanticModel(other.organizationId, 'marketing');
    expect(plain?.tables[0]?.dimensions.map((d) => d.name)).not.toContain('brand_cluster');

    const grouped = await ok(
      reports.call(
        'POST',
        '/reports/by-brand/query',
        owner.token,
        visualQuery(owner.organizationId, 'by-brand', 'campaigns'),
      ),
    );
    expect(spendBy(grouped.rows, 'brand_or_other')).toEqual({ Brand: 40, Other: 60 });

    // A list filter on the derived column: null is "no rule matched".
    const brandOnly = await ok(
      reports.call(
        'POST',
        '/reports/-maya/query',
        owner.token,
        visualQuery(owner.organizationId, '-maya', 'campaigns', [
          {
            id: 'brand',
            kind: 'list',
            table: 'performance',
            column: 'brand_cluster',
            mode: 'include',
            values: [null],
          },
        ]),
      ),
    );
    expect(spendBy(brandOnly.rows, 'campaign')).toEqual({ 'Generic shoes': 20, Competitors: 40 });
  });

  it('stay offered through a rebuild interrupted half-way: each table replaced kept them', async () => {
    registered = [BRAND];
    await reports.modelling.rebuild(owner.organizationId);
    const dimensionNames = async () =>
      (await reports.modelling.semanticModel(owner.organizationId, 'marketing'))?.tables
        .find((table) => table.name === 'performance')
        ?.dimensions.map((d) => d.name);
    expect(await dimensionNames()).toContain('brand_cluster');

    // Stopped before the last model (the signal is read between models): the tables built so far
    // were replaced with the column (decision 310), so the version the interruption records
    // still lists it (decision 296).
    const stop = new AbortController();
    await expect(
      reports.modelling.rebuild(owner.organizationId, {
        signal: stop.signal,
        onProgress: async (done, total) => {
          if (done === total - 2) stop.abort(new Error('stopped by the test'));
        },
      }),
    ).rejects.toThrow();
    expect(await dimensionNames()).toContain('brand_cluster');
    const filtered = await ok(
      reports.call(
        'POST',
        '/reports/-maya/query',
        owner.token,
        visualQuery(owner.organizationId, '-maya', 'campaigns', [
          {
            id: 'b',
            kind: 'list',
            table: 'performance',
            column: 'brand_cluster',
            mode: 'include',
            values: [],
          },
        ]),
      ),
    );
    expect(filtered.rows.length).toBeGreaterThan(0);

    await reports.modelling.rebuild(owner.organizationId);
    expect(await dimensionNames()).toContain('brand_cluster');
  });

  it('keeps the built table when a column fails, without the columns of that table', async () => {
    registered = [BRAND, BROKEN];
    const rebuilt = await reports.modelling.rebuild(owner.organizationId);
    expect(rebuilt.applied).toEqual([]);
    expect(rebuilt.refused.map((r) => r.column)).toEqual(['brand_cluster', 'broken']);
    expect(rebuilt.models.find((m) => m.name === 'marketing_performance')?.rows).toBe(4);

    const model = await reports.modelling.semanticModel(owner.organizationId, 'marketing');
    expect(model?.tables[0]?.dimensions.map((d) => d.name)).not.toContain('brand_cluster');
    const all = await ok(
      reports.call(
        'POST',
        '/reports/-maya/query',
        owner.token,
        visualQuery(owner.organizationId, '-maya', 'campaigns'),
      ),
    );
    expect(spendBy(all.rows, 'campaign')).toEqual({
      'Brand - exact': 40,
      'Generic shoes': 20,
      Competitors: 40,
    });
    // The grouped report now names a dimension the model lacks: the compiler's clear 422.
    const stale = await reports.call(
      'POST',
      '/reports/by-brand/query',
      owner.token,
      visualQuery(owner.organizationId, 'by-brand', 'campaigns'),
    );
    expect([stale.status, stale.body.detail.type]).toEqual([422, 'unknown_field']);
  });

  it('refuses a name the table already has, applying the others', async () => {
    registered = [{ ...BRAND, column: 'campaign_name' }, BRAND];
    const rebuilt = await reports.modelling.rebuild(owner.organizationId);
    expect(rebuilt.refused).toEqual([
      {
        table: 'marketing_performance',
        column: 'campaign_name',
        reason: 'marketing_performance already has a column campaign_name',
      },
    ]);
    expect(rebuilt.applied.map((c) => c.column)).toEqual(['brand_cluster']);
  });
});
