import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { utcDay } from '@maya/contracts';
import {
  META_GRAPH_VERSION,
  PROVIDER_API_VERSIONS,
  UPGRADE_NOTICE_DAYS,
  daysUntil,
  versionStatus,
  versionsDue,
} from './api-versions';
import type { ProviderApiVersion } from './api-versions';
import { PRODUCTION_ENDPOINTS, sandboxEndpoints } from './endpoints';

const entry = (sunset: string | null): ProviderApiVersion => ({
  api: 'google_ads',
  name: 'Google Ads API',
  connectors: ['google_ads'],
  version: 'v26',
  sunset,
  source: 'https://example.com',
  others: [],
});

/**
 * Versions already inside the notice window on the real date, each with the issue that moves it.
 * Empty: Apple Ads moved to the Platform API v1 (issue 30). A version joining this list, or one
 * leaving it (its move done), fails.
 */
const UPGRADES_UNDER_WAY: Record<string, string> = {};

describe('provider API versions', () => {
  it('the upgrade rule: a version is due within 60 days of its sunset, and past it', () => {
    expect(UPGRADE_NOTICE_DAYS).toBe(60);
    expect(versionsDue('2027-08-31', [entry('2027-10-31')])).toEqual([]);
    expect(versionsDue('2027-09-01', [entry('2027-10-31')])).toEqual([
      { api: 'google_ads', version: 'v26', sunset: '2027-10-31', daysLeft: 60 },
    ]);
    expect(versionsDue('2027-09-01', [entry('2027-10-31')], 59)).toEqual([]);
    expect(versionsDue('2028-01-01', [entry('2027-11-01')])[0]?.daysLeft).toBe(-61);
    expect(versionsDue('2030-01-01', [entry(null)])).toEqual([]);
    expect(daysUntil('2027-01-26', '2026-11-28')).toBe(59);
  });

  it('no version the connectors call is within 60 days of its sunset today (real date)', () => {
    const due = versionsDue(utcDay(Date.now()));
    for (const version of due) {
      expect(version.daysLeft, `${version.api} ${version.version} is past its sunset`).toBeGreaterThan(0);
    }
    const notUnderWay = due.filter((d) => !(d.api in UPGRADES_UNDER_WAY)).map((d) => `${d.api} ${d.version}`);
    expect(notUnderWay, 'versions to upgrade now').toEqual([]);
    const done = Object.keys(UPGRADES_UNDER_WAY).filter((api) => !due.some((d) => d.api === api));
    expect(done, 'upgrades done: remove them from UPGRADES_UNDER_WAY').toEqual([]);
  });

  it('each API is listed once, with a documented source, and its version is one its sandbox serves', () => {
    expect(new Set(PROVIDER_API_VERSIONS.map((v) => v.api)).size).toBe(PROVIDER_API_VERSIONS.length);
    for (const version of PROVIDER_API_VERSIONS) {
      expect(version.source).toMatch(/^https:\/\//);
      expect(versionStatus(version.api, version.version, '2026-11-28')).toBe('served');
    }
  });

  it('a provider serves its documented versions until their sunset, older ones never, unknown ones not', () => {
    expect(versionStatus('meta_marketing', 'v25.0', '2027-02-22')).toBe('served');
    expect(versionStatus('meta_marketing', 'v25.0', '2027-02-23')).toBe('sunset');
    expect(versionStatus('meta_marketing', 'v24.0', '2026-11-28')).toBe('sunset');
    expect(versionStatus('meta_marketing', 'v21.0', '2026-11-28')).toBe('sunset');
    expect(versionStatus('meta_marketing', 'v99.0', '2026-11-28')).toBe('unknown');
    expect(versionStatus('google_ads', 'v22', '2026-10-06')).toBe('served');
    expect(versionStatus('google_ads', 'v22', '2026-10-07')).toBe('sunset');
    expect(versionStatus('google_ads', 'v19', '2026-11-28')).toBe('sunset');
    expect(versionStatus('google_ads', 'latest', '2026-11-28')).toBe('unknown');
  });

  it("Meta's dialog, token and Graph URLs name the one Graph version", () => {
    expect(META_GRAPH_VERSION).toBe('v27.0');
    for (const endpoints of [PRODUCTION_ENDPOINTS, sandboxEndpoints('http://localhost:8000')]) {
      expect(endpoints.metaOAuth.authorizeUrl).toContain(`/${META_GRAPH_VERSION}/dialog/oauth`);
      expect(endpoints.metaOAuth.tokenUrl).toContain(`/${META_GRAPH_VERSION}/oauth/access_token`);
    }
  });

  it('docs/connectors.md lists every version with its sunset and source, as the table has them', () => {
    const doc = readFileSync(new URL('../../../../docs/connectors.md', import.meta.url), 'utf8');
    const start = doc.indexOf('## API versions');
    expect(start).toBeGreaterThan(0);
    const section = doc.slice(start, doc.indexOf('\n## ', start + 3));
    const rows = section
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| API ') && !line.startsWith('| ---'))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    expect(
      rows.map(([name, version, , sunset, source]) => ({
        name,
        version: version?.replaceAll('`', ''),
        sunset: sunset === 'none announced' ? null : (/^\d{4}-\d{2}-\d{2}/.exec(sunset ?? '')?.[0] ?? sunset),
        source: /\]\((.+)\)$/.exec(source ?? '')?.[1] ?? source,
      })),
    ).toEqual(
      PROVIDER_API_VERSIONS.map(({ name, version, sunset, source }) => ({ name, version, sunset, source })),
    );
  });
});
