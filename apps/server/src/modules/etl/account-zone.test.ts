import { connectorFor, ProviderError, type Connector, type ConnectorContext } from '@maya/connectors';
import type { SelectableAccount } from '@maya/contracts';
import { describe, expect, it, vi } from 'vitest';
import { withAccountTimeZone } from './account-zone';

const googleAds = connectorFor('google_ads')!;
const moosend = connectorFor('moosend')!;
const context = {} as ConnectorContext;
const NEW_YORK: SelectableAccount = {
  identifier: '6209183745',
  name: 'Northpeak US',
  id_label: '620-918-3745',
  parent_id: null,
  selectable: true,
  metadata: { thumbnail_url: null, time_zone: 'America/New_York' },
};

/** The connector with its account listing replaced, and the zones the sources module was told. */
function setUp(connector: Connector, listAccounts: Connector['listAccounts'], metadata = {}) {
  const learned: string[] = [];
  const failures: unknown[] = [];
  const listing = vi.fn(listAccounts);
  const learn = (signal = new AbortController().signal) =>
    withAccountTimeZone({
      sources: { learnTimeZone: async (_org, _account, zone) => void learned.push(zone) },
      organizationId: 'org',
      serviceAccountId: 'account',
      target: {
        connector: { ...connector, listAccounts: listing },
        context,
        account: { identifier: NEW_YORK.identifier, parent_id: null, metadata },
      },
      signal,
      onFailure: (error) => failures.push(error),
    });
  return { learn, learned, failures, listing };
}

describe('an account without a time zone, at its next load', () => {
  it('takes the zone its provider lists for it, and keeps it on the account', async () => {
    const { learn, learned } = setUp(googleAds, async () => [NEW_YORK]);
    expect(await learn()).toEqual({
      identifier: NEW_YORK.identifier,
      parent_id: null,
      metadata: { time_zone: 'America/New_York' },
    });
    expect(learned).toEqual(['America/New_York']);
  });

  it('loads on in UTC when the provider cannot list it, and says why', async () => {
    const refused = new ProviderError(
      'provider',
      'The request was refused by the provider.',
      400,
      'Google Ads',
    );
    const { learn, learned, failures } = setUp(googleAds, async () => {
      throw refused;
    });
    expect(await learn()).toEqual({ identifier: NEW_YORK.identifier, parent_id: null, metadata: {} });
    expect(learned).toEqual([]);
    expect(failures).toEqual([refused]);
  });

  it('stays as it is when the listing names no zone for it', async () => {
    const other = { ...NEW_YORK, identifier: '1111111111' };
    const unzoned = { ...NEW_YORK, metadata: { thumbnail_url: null } };
    const { learn, learned } = setUp(googleAds, async () => [other, unzoned]);
    expect((await learn()).metadata).toEqual({});
    expect(learned).toEqual([]);
  });

  it('stops with the load when the load is cancelled', async () => {
    const stopping = new AbortController();
    const { learn, failures } = setUp(googleAds, async () => {
      stopping.abort(new Error('the worker is stopping'));
      throw new Error('aborted');
    });
    await expect(learn(stopping.signal)).rejects.toThrow('the worker is stopping');
    expect(failures).toEqual([]);
  });

  it('asks nothing when it has a zone, or when its provider names none', async () => {
    const zoned = setUp(googleAds, async () => [NEW_YORK], { time_zone: 'Europe/Berlin' });
    expect((await zoned.learn()).metadata).toEqual({ time_zone: 'Europe/Berlin' });
    const unzoned = setUp(moosend, async () => [NEW_YORK]);
    expect((await unzoned.learn()).metadata).toEqual({});
    expect(zoned.listing).not.toHaveBeenCalled();
    expect(unzoned.listing).not.toHaveBeenCalled();
    expect([...zoned.learned, ...unzoned.learned]).toEqual([]);
  });
});
