import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDbWarehouse } from '@maya/warehouse';
import type { Warehouse } from '@maya/warehouse/interface';
import type { AdService } from './channels';
import { CAMPAIGN_TYPE_CODES, CAMPAIGN_TYPE_LABELS, campaignTypeSql } from './campaign-types';

let dir = '';
let wh: Warehouse;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'maya-campaign-types-'));
  wh = await openDuckDbWarehouse({ file: join(dir, 'w.duckdb') });
});

afterAll(async () => {
  await wh.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Each raw value's label, as the model's SQL computes it. */
async function labels(service: AdService, raw: readonly (string | null)[]): Promise<(string | null)[]> {
  const values = raw.map((v, i) => `(${i}, ${v === null ? 'NULL' : `'${v}'`})`).join(', ');
  const { rows } = await wh.query(
    `SELECT ${campaignTypeSql(service, 'v')} AS label FROM (VALUES ${values}) AS t(i, v) ORDER BY i`,
    [],
    { timeoutMs: 10_000 },
  );
  return rows.map((r) => r.label as string | null);
}

describe('campaign types', () => {
  it('labels every code the sandbox providers and the report benchmark emit', async () => {
    expect(await labels('google_ads', ['SEARCH', 'SHOPPING', 'DISPLAY', 'PERFORMANCE_MAX', 'VIDEO'])).toEqual(
      ['Search', 'Shopping', 'Display', 'Performance Max', 'Video'],
    );
    expect(
      await labels('facebook_ads', [
        'OUTCOME_SALES',
        'OUTCOME_TRAFFIC',
        'OUTCOME_LEADS',
        'OUTCOME_AWARENESS',
      ]),
    ).toEqual(['Sales', 'Traffic', 'Leads', 'Awareness']);
    expect(await labels('microsoft_ads', ['Search & content', 'Audience', 'Shopping'])).toEqual([
      'Search',
      'Audience',
      'Shopping',
    ]);
  });

  it('labels every code it knows with a label of the list, whatever its case', async () => {
    for (const [service, codes] of Object.entries(CAMPAIGN_TYPE_CODES) as [AdService, object][]) {
      const known = Object.entries(codes) as [string, string | null][];
      if (known.length === 0) continue;
      const raw = known.map(([code]) => code);
      expect(await labels(service, raw), service).toEqual(known.map(([, label]) => label));
      expect(
        await labels(
          service,
          raw.map((c) => ` ${c.toLowerCase()} `),
        ),
        service,
      ).toEqual(known.map(([, label]) => label));
      for (const [, label] of known) if (label !== null) expect(CAMPAIGN_TYPE_LABELS).toContain(label);
    }
  });

  it('gives one label to one kind of campaign across services', async () => {
    const [google] = await labels('google_ads', ['SEARCH']);
    const [microsoft] = await labels('microsoft_ads', ['Search & content']);
    expect(google).toBe(microsoft);
    expect(await labels('facebook_ads', ['CONVERSIONS', 'LINK_CLICKS', 'APP_INSTALLS'])).toEqual([
      'Sales',
      'Traffic',
      'App',
    ]);
  });

  it('reads codes it does not know in sentence case, keeps words, and blanks NULL', async () => {
    expect(
      await labels('google_ads', ['NEW_CHANNEL_TYPE', 'UNKNOWN', '', '  ', null, 'Written for people']),
    ).toEqual(['New channel type', null, null, null, null, 'Written for people']);
    expect(await labels('microsoft_ads', ['Search and content', 'Dynamic search'])).toEqual([
      'Search and content',
      'Dynamic search',
    ]);
  });
});
