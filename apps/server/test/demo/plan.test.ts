// What a pass of the demo data does for a service, from its connected accounts and the clock.
import type { SelectableAccount, ServiceAccount } from '@maya/contracts';
import { describe, expect, it } from 'vitest';
import {
  chooseAccounts,
  demoAction,
  demoDataEnabled,
  DEMO_REFRESH_AFTER_MS,
  DEMO_SOURCES,
  type DemoSource,
} from '../../src/modules/demo';
import { loadConfig } from '../../src/platform/config';

const NOW = new Date('2026-03-10T12:00:00Z');
const source: DemoSource = { serviceId: 'google_ads', identifiers: ['111', '222'] };

function account(identifier: string, over: Partial<ServiceAccount> = {}): ServiceAccount {
  return {
    uuid: `00000000-0000-4000-8000-000000000${identifier}`,
    identifier,
    name: `Account ${identifier}`,
    id_label: identifier,
    service: 'google_ads',
    service_uuid: '6f1d2c1e-3b7a-4c55-9a1e-0b6f6f2a4d01',
    sync_status: 'finished',
    sync_error: null,
    connected_at: '2026-03-01T00:00:00.000Z',
    last_synced_at: new Date(NOW.getTime() - 60 * 60_000).toISOString(),
    needs_reconnect: false,
    backfill_percent: null,
    time_zone: null,
    organization_id: '00000000-0000-4000-8000-000000000001',
    ...over,
  };
}

describe('demoAction', () => {
  it('connects what is not connected yet', () => {
    expect(demoAction(source, [], NOW)).toBe('connect');
    expect(demoAction(source, [account('111')], NOW)).toBe('connect');
    // Another service's accounts do not count.
    expect(demoAction(source, [account('111'), account('222', { service: 'facebook_ads' })], NOW)).toBe(
      'connect',
    );
  });

  it('leaves accounts loaded within the day alone', () => {
    expect(demoAction(source, [account('111'), account('222')], NOW)).toBe('none');
  });

  it('connects again a day after the last load, or after a failure or a revoked grant', () => {
    const dayOld = new Date(NOW.getTime() - DEMO_REFRESH_AFTER_MS).toISOString();
    expect(demoAction(source, [account('111'), account('222', { last_synced_at: dayOld })], NOW)).toBe(
      'connect',
    );
    const justUnder = new Date(NOW.getTime() - DEMO_REFRESH_AFTER_MS + 1).toISOString();
    expect(demoAction(source, [account('111'), account('222', { last_synced_at: justUnder })], NOW)).toBe(
      'none',
    );
    expect(demoAction(source, [account('111'), account('222', { sync_status: 'failed' })], NOW)).toBe(
      'connect',
    );
    expect(demoAction(source, [account('111'), account('222', { needs_reconnect: true })], NOW)).toBe(
      'connect',
    );
  });

  it('verifies the grant of a load on its way, unless another account needs connecting anyway', () => {
    expect(demoAction(source, [account('111', { sync_status: 'pending' }), account('222')], NOW)).toBe(
      'verify',
    );
    expect(
      demoAction(
        source,
        [account('111', { sync_status: 'running', last_synced_at: null }), account('222')],
        NOW,
      ),
    ).toBe('verify');
    expect(
      demoAction(
        source,
        [account('111', { sync_status: 'pending' }), account('222', { sync_status: 'failed' })],
        NOW,
      ),
    ).toBe('connect');
  });
});

describe('chooseAccounts', () => {
  const offered = (identifier: string, selectable = true): SelectableAccount => ({
    identifier,
    name: identifier,
    id_label: identifier,
    parent_id: null,
    selectable,
    metadata: { thumbnail_url: null },
  });

  it("picks the demo's accounts among those offered and names the missing ones", () => {
    expect(chooseAccounts(source, [offered('000'), offered('222'), offered('111')])).toEqual({
      identifiers: ['111', '222'],
      missing: [],
    });
    // A manager account is offered but cannot be connected.
    expect(chooseAccounts(source, [offered('111', false), offered('222')])).toEqual({
      identifiers: ['222'],
      missing: ['111'],
    });
  });
});

describe('the demo plan', () => {
  it('names each service once, the advertising channels first, with one or two accounts each', () => {
    const services = DEMO_SOURCES.map((s) => s.serviceId);
    expect(new Set(services).size).toBe(services.length);
    expect(services.slice(0, 3)).toEqual(['google_ads', 'facebook_ads', 'microsoft_ads']);
    expect(DEMO_SOURCES.every((s) => s.identifiers.length >= 1 && s.identifiers.length <= 2)).toBe(true);
  });
});

describe('demoDataEnabled', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ SECRET_KEY: 'a-secret-key-that-is-at-least-32-characters', ...env });

  it('loads the demo data in development only: production has no sandbox, tests their own data', () => {
    expect(demoDataEnabled(config({ NODE_ENV: 'development' }))).toBe(true);
    expect(demoDataEnabled(config({}))).toBe(true);
    expect(demoDataEnabled(config({ NODE_ENV: 'test' }))).toBe(false);
    expect(demoDataEnabled(config({ NODE_ENV: 'production' }))).toBe(false);
  });
});
