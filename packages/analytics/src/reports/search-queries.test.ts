import type { ReportFilter } from '@maya/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDbWarehouse } from '@maya/warehouse';
import { MODEL_SCHEMA } from '../models/build';
import { modelTable } from '../models/model';
import { SEARCH_CONSOLE_QUERIES, SEARCH_CONSOLE_TOTALS } from '../models/search-console';
import type { Row, Warehouse } from '@maya/warehouse/interface';
import { SEARCH_SEMANTIC_MODEL } from './builtin-models';
import { SEO_REPORT } from './builtin-reports';
import { findVisual } from './report-document';
import { visualInput } from '../../test/fixture-engines';
import { runVisualQuery } from './run-visual';

/**
 * -seo-v1 on real DuckDB: average position is weighted by impressions, per country and in the
 * totals, and the country filter reaches the query table through the shared dimension.
 */

type Fine = { country: string; query: string; impressions: number; clicks: number; position: number };

// One day; Greece ranks near the top on many impressions, the United States far down on few:
// the plain average of positions (10.5) is far from the weighted one.
const ROWS: Fine[] = [
  { country: 'grc', query: 'tents', impressions: 900, clicks: 90, position: 2 },
  { country: 'grc', query: 'boots', impressions: 100, clicks: 5, position: 6 },
  { country: 'usa', query: 'tents', impressions: 50, clicks: 1, position: 15 },
  { country: 'usa', query: 'boots', impressions: 50, clicks: 1, position: 19 },
];
const DAY = '2024-03-10';

const searchRow = (r: Fine): Row => ({
  date: DAY,
  source_service: 'google_search_console',
  account_id: 'sc-domain:example.com',
  country: r.country,
  device: 'MOBILE',
  clicks: r.clicks,
  impressions: r.impressions,
  sum_position: String(r.position * r.impressions),
  position: r.position,
});

/** Σ position × impressions / Σ impressions. */
const weighted = (rows: Fine[]) =>
  rows.reduce((s, r) => s + r.position * r.impressions, 0) / rows.reduce((s, r) => s + r.impressions, 0);

const countryIs = (code: string): ReportFilter => ({
  id: 'country',
  kind: 'list',
  table: 'totals',
  column: 'country',
  mode: 'include',
  values: [code],
});

describe('DuckDB: -seo-v1 positions', () => {
  let dataDir: string;
  let warehouse: Warehouse;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'maya-search-'));
    warehouse = await openDuckDbWarehouse({ file: join(dataDir, 'search.duckdb') });
    await warehouse.ensureSchema(MODEL_SCHEMA);
    await warehouse.createTable(MODEL_SCHEMA, modelTable(SEARCH_CONSOLE_QUERIES));
    await warehouse.createTable(MODEL_SCHEMA, modelTable(SEARCH_CONSOLE_TOTALS));
    await warehouse.loadBatch(MODEL_SCHEMA, SEARCH_CONSOLE_QUERIES.name, [
      ROWS.map((r) => ({ ...searchRow(r), query: r.query, page: `https://www.example.com/${r.query}/` })),
    ]);
    // The totals hold one row per country (no query), as Google answers them.
    const byCountry = ['grc', 'usa'].map((country) => {
      const rows = ROWS.filter((r) => r.country === country);
      return searchRow({
        country,
        query: '',
        impressions: rows.reduce((s, r) => s + r.impressions, 0),
        clicks: rows.reduce((s, r) => s + r.clicks, 0),
        position: weighted(rows),
      });
    });
    await warehouse.loadBatch(MODEL_SCHEMA, SEARCH_CONSOLE_TOTALS.name, [byCountry]);
  });
  afterAll(async () => {
    await warehouse?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const visual = (id: string) => findVisual(SEO_REPORT, 'overview', id).visual;
  const run = (id: string, filters: ReportFilter[]) =>
    runVisualQuery(
      warehouse,
      SEARCH_SEMANTIC_MODEL,
      visual(id),
      visualInput({ filters, dateRange: { from: DAY, to: DAY } }),
    );

  it('weights the position KPI by impressions, for every country and for each', async () => {
    const all = await run('kpi-position', []);
    expect(all.rows[0]?.position).toBeCloseTo(weighted(ROWS), 9);
    const greece = await run('kpi-position', [countryIs('grc')]);
    const states = await run('kpi-position', [countryIs('usa')]);
    expect(greece.rows[0]?.position).toBeCloseTo(2.4, 9);
    expect(states.rows[0]?.position).toBeCloseTo(17, 9);
  });

  it("filters the query table by country, its totals' position weighted too", async () => {
    const greece = await run('queries', [countryIs('grc')]);
    expect(greece.rows.map((r) => [r.query, r.position])).toEqual([
      ['tents', 2],
      ['boots', 6],
    ]);
    expect(greece.totals?.grand).toMatchObject({ clicks: 95, impressions: 1000 });
    expect(greece.totals?.grand.position).toBeCloseTo(2.4, 9);
    // Google's anonymized queries are in the totals only: the query table says so.
    expect(greece.partial).toBe('anonymized_queries');
    expect((await run('kpi-clicks', [])).partial).toBeUndefined();
    const states = await run('queries', [countryIs('usa')]);
    expect(states.totals?.grand).toMatchObject({ clicks: 2, impressions: 100 });
    expect(states.totals?.grand.position).toBeCloseTo(17, 9);
    // The countries table: a position per country, each its own weighted average.
    const countries = await run('countries', []);
    const position = Object.fromEntries(countries.rows.map((r) => [r.country, r.position]));
    expect(position.grc).toBeCloseTo(2.4, 9);
    expect(position.usa).toBeCloseTo(17, 9);
  });
});
