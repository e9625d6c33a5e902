import { catalog } from '@maya/connectors';
import { MOOSEND_SANDBOX_API_KEYS } from '@maya/connectors/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { organizationOwner, ownerQuery } from '../support/sources';

const service = (id: string) => catalog.find((s) => s.id === id)!;
const moosend = service('moosend');
const appleAds = service('apple_ads');
const ga4Events = service('google_analytics_4_events');

let t: AccountsApp;
beforeAll(async () => {
  t = await startAccountsApp();
});
afterAll(() => t.close());

async function accountsOf(owner: { token: string; organizationId: string }) {
  const listed = await call(t.base, 'GET', `/service_accounts?organization_id=${owner.organizationId}`, {
    token: owner.token,
  });
  return listed.body.service_accounts as { service: string; identifier: string; sync_status: string }[];
}

describe('the setup-screen services', () => {
  it('connects Moosend with a valid API key and refuses an invalid one with the provider message', async () => {
    const owner = await organizationOwner(t, 'moosend@example.com');
    const refused = await call(t.base, 'POST', '/services/moosend/api_credentials', {
      token: owner.token,
      body: {
        serviceUuid: moosend.uuid,
        organization_id: owner.organizationId,
        apiCreds: { apiKey: 'not-a-key' },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatchObject({ type: 'provider_error', provider_status: 400 });
    expect(refused.body.detail.message).toMatch(/API key/i);
    expect(await accountsOf(owner)).toEqual([]);

    const connected = await call(t.base, 'POST', '/services/moosend/api_credentials', {
      token: owner.token,
      body: {
        serviceUuid: moosend.uuid,
        organization_id: owner.organizationId,
        apiCreds: { apiKey: MOOSEND_SANDBOX_API_KEYS.northpeak },
      },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body.service_accounts).toHaveLength(1);
    expect(await accountsOf(owner)).toMatchObject([{ service: 'moosend', sync_status: 'pending' }]);
    // The key is sealed, never stored or answered in clear.
    const stored = await ownerQuery(t, owner.organizationId, 'select sealed from source_credentials', []);
    expect(JSON.stringify(stored)).not.toContain(MOOSEND_SANDBOX_API_KEYS.northpeak);
    expect(JSON.stringify(connected.body)).not.toContain(MOOSEND_SANDBOX_API_KEYS.northpeak);
  });

  it('generates one Apple Ads key pair per organization and connects with the ids Apple returns', async () => {
    const owner = await organizationOwner(t, 'apple@example.com');
    const path = `/services/apple_ads/public_key?serviceUUID=${appleAds.uuid}&organization_id=${owner.organizationId}`;
    const first = await call(t.base, 'GET', path, { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.body.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect((await call(t.base, 'GET', path, { token: owner.token })).body.public_key).toBe(
      first.body.public_key,
    );

    // The user uploads the public key at Apple (the sandbox's registration), which shows the ids.
    const registered = await fetch(`${t.base}/sandbox/apple/_sandbox/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ public_key: first.body.public_key }),
    });
    expect(registered.status).toBe(201);
    const ids = (await registered.json()) as { client_id: string; team_id: string; key_id: string };
    const body = {
      serviceUuid: appleAds.uuid,
      organization_id: owner.organizationId,
      clientId: ids.client_id,
      teamId: ids.team_id,
      keyId: ids.key_id,
      publicKey: first.body.public_key as string,
    };

    const wrongKey = await call(t.base, 'POST', '/services/apple_ads/apple_ads_accounts', {
      token: owner.token,
      body: { ...body, keyId: 'WRONGKEY01' },
    });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.detail.type).toBe('provider_error');
    expect(await accountsOf(owner)).toEqual([]);

    const connected = await call(t.base, 'POST', '/services/apple_ads/apple_ads_accounts', {
      token: owner.token,
      body,
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body.service_accounts.length).toBeGreaterThan(0);
    expect((await accountsOf(owner)).every((a) => a.service === 'apple_ads')).toBe(true);
  });

  it('verifies a GA4 export dataset the product was granted, and explains one it was not', async () => {
    const owner = await organizationOwner(t, 'ga4@example.com');
    const email = await call(t.base, 'GET', '/services/google_analytics_4_events/service_account_email', {
      token: owner.token,
    });
    expect(email.body.email).toMatch(/@.*\.iam\.gserviceaccount\.com$/);

    const denied = await call(t.base, 'POST', '/services/google_analytics_4_events/unique_account', {
      token: owner.token,
      body: {
        serviceUuid: ga4Events.uuid,
        organization_id: owner.organizationId,
        projectId: 'maya-demo-project',
        datasetId: 'analytics_987654321',
      },
    });
    expect(denied.status).toBe(400);
    expect(denied.body.detail).toMatchObject({ type: 'provider_error', provider_status: 403 });
    expect(denied.body.detail.message).toMatch(/Access Denied/);

    const connected = await call(t.base, 'POST', '/services/google_analytics_4_events/unique_account', {
      token: owner.token,
      body: {
        serviceUuid: ga4Events.uuid,
        organization_id: owner.organizationId,
        projectId: 'maya-demo-project',
        datasetId: 'analytics_123456789',
      },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(await accountsOf(owner)).toMatchObject([
      { service: 'google_analytics_4_events', identifier: 'maya-demo-project.analytics_123456789' },
    ]);
  });

  it('refuses a setup call for a service of another kind', async () => {
    const owner = await organizationOwner(t, 'kinds@example.com');
    const wrong = await call(t.base, 'POST', '/services/google_ads/api_credentials', {
      token: owner.token,
      body: {
        serviceUuid: service('google_ads').uuid,
        organization_id: owner.organizationId,
        apiCreds: { apiKey: 'x' },
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail.type).toBe('wrong_auth_kind');
  });
});
