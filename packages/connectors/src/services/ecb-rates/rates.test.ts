import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../core/errors';
import { recordingSleep } from '../../testing';
import { useSandbox } from '../../testing/suite';
import { createEcbRatesProvider } from './client';
import { dailyRates } from './rates';
import { ECB_SANDBOX_PREFIX, ecbSandbox } from './sandbox';
import { isPublicationDay } from './sandbox-rates';

// A Wednesday afternoon: the day's rates are out (after 16:00 CET).
const NOW = Date.parse('2024-04-03T16:00:00Z');

describe('ECB reference rates against the sandbox portal', () => {
  const sandbox = useSandbox({ apis: [{ prefix: ECB_SANDBOX_PREFIX, plugin: ecbSandbox }], now: NOW });
  const provider = () => createEcbRatesProvider({ baseUrl: sandbox.harness.endpoints.ecbData });

  it('reads every currency’s published rates over HTTP, business days only', async () => {
    // Easter 2024: Good Friday 29 March and Easter Monday 1 April have no publication.
    const rates = await provider().publishedRates('2024-03-27', '2024-04-03');
    const usd = rates.filter((r) => r.currency === 'USD').map((r) => r.date);
    expect(usd).toEqual(['2024-03-27', '2024-03-28', '2024-04-02', '2024-04-03']);
    expect(new Set(rates.map((r) => r.currency))).toContain('JPY');
    expect(rates.every((r) => r.perEuro > 0 && Number.isFinite(r.perEuro))).toBe(true);
    // The same days again give the same rates: the sandbox is deterministic.
    expect(await provider().publishedRates('2024-03-27', '2024-04-03')).toEqual(rates);
  });

  it('answers a period without publications with no rates, not an error', async () => {
    expect(await provider().publishedRates('2024-03-30', '2024-04-01')).toEqual([]);
  });

  it('names the portal’s own message for a bad request', async () => {
    const response = await fetch(
      `${sandbox.harness.endpoints.ecbData}/service/data/EXR/D..EUR.SP00.A?format=csvdata&startPeriod=yesterday`,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('startPeriod and endPeriod are days, YYYY-MM-DD.');
  });

  it('retries a failing portal, then fails with its message', async () => {
    sandbox.harness.faults(ECB_SANDBOX_PREFIX).add({ kind: 'server_error' }, { times: 1 });
    const { sleep, waits } = recordingSleep();
    const rates = await createEcbRatesProvider({
      baseUrl: sandbox.harness.endpoints.ecbData,
      sleep,
    }).publishedRates('2024-04-02', '2024-04-02');
    expect(waits.length).toBe(1);
    expect(rates.length).toBeGreaterThan(20);
    sandbox.harness.faults(ECB_SANDBOX_PREFIX).add({ kind: 'server_error' }, { times: 10 });
    await expect(
      createEcbRatesProvider({ baseUrl: sandbox.harness.endpoints.ecbData, sleep }).publishedRates(
        '2024-04-02',
        '2024-04-02',
      ),
    ).rejects.toBeInstanceOf(ProviderError);
    sandbox.harness.faults(ECB_SANDBOX_PREFIX).clear();
  });
});

describe('a rate for every calendar day', () => {
  it('takes the last published rate on weekends and holidays, and 1 for the euro', () => {
    const published = [
      { date: '2024-03-28', currency: 'USD', perEuro: 1.0811 },
      { date: '2024-04-02', currency: 'USD', perEuro: 1.0769 },
    ];
    const days = dailyRates(published, '2024-03-28', '2024-04-02');
    expect(days.filter((r) => r.currency === 'USD').map((r) => [r.date, r.perEuro])).toEqual([
      ['2024-03-28', 1.0811],
      ['2024-03-29', 1.0811],
      ['2024-03-30', 1.0811],
      ['2024-03-31', 1.0811],
      ['2024-04-01', 1.0811],
      ['2024-04-02', 1.0769],
    ]);
    expect(days.filter((r) => r.currency === 'EUR').every((r) => r.perEuro === 1)).toBe(true);
    expect(days.filter((r) => r.currency === 'EUR')).toHaveLength(6);
  });

  it('has no rate before a currency’s first publication', () => {
    const days = dailyRates(
      [{ date: '2024-04-02', currency: 'GBP', perEuro: 0.8551 }],
      '2024-04-01',
      '2024-04-02',
    );
    expect(days.filter((r) => r.currency === 'GBP').map((r) => r.date)).toEqual(['2024-04-02']);
  });

  it('knows the TARGET closing days', () => {
    expect(
      ['2024-12-25', '2024-12-26', '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-01', '2025-05-03'].map(
        isPublicationDay,
      ),
    ).toEqual([false, false, false, false, false, false, false]);
    expect(isPublicationDay('2025-04-22')).toBe(true);
  });
});
