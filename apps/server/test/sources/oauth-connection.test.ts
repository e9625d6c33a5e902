import { catalog } from '@maya/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { authorize, organizationOwner, ownerQuery, verifyCallback } from '../support/sources';

const googleAds = catalog.find((s) => s.id === 'google_ads')!;
const searchConsole = catalog.find((s) => s.id === 'google_search_console')!;

let t: AccountsApp;
beforeAll(async () => {
  // The first loads are only queued here (the tests read pg-boss's table): no worker runs them,
  // or closing the app would wait for a whole load of each connected account.
  t = await startAccountsApp({ RUN_WORKER: 'false' });
});
afterAll(() => t.close());

describe('connecting a service through OAuth', () => {
  it('starts with a state and PKCE, returns to the callback, lists the tree and connects the chosen accounts', async () => {
    const owner = await organizationOwner(t, 'connect@example.com');
    const callback = await authorize(t, owner, googleAds);
    expect(callback.pathname).toBe('/oauth/google_ads/callback');
    const verified = await verifyCallback(t, owner, googleAds, callback);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const accounts = verified.body.accounts as {
      identifier: string;
      selectable: boolean;
      parent_id: string | null;
    }[];
    const managers = accounts.filter((a) => !a.selectable);
    const clients = accounts.filter((a) => a.selectable);
    expect(managers.length).toBeGreaterThan(0);
    expect(clients.some((c) => managers.some((m) => m.identifier === c.parent_id))).toBe(true);
    expect(verified.body.single_account).toBe(false);
    // Credentials stay on the server: nothing token-like comes back.
    expect(JSON.stringify(verified.body)).not.toMatch(/access_token|refresh_token|ya29|sandbox\./);

    // The state is single use: a replayed callback is refused.
    const replay = await verifyCallback(t, owner, googleAds, callback);
    expect(replay.status).toBe(400);
    expect(replay.body.detail.type).toBe('invalid_state');

    const chosen = clients.slice(0, 2).map((c) => c.identifier);
    const connected = await call(t.base, 'POST', '/service_accounts', {
      token: owner.token,
      body: {
        organization_id: owner.organizationId,
        credentialsId: verified.body.credentials_id,
        accounts: chosen,
      },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    expect(connected.body.service_accounts).toHaveLength(2);

    const listed = await call(t.base, 'GET', `/service_accounts?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    expect(listed.body.service_accounts.map((a: { identifier: string }) => a.identifier).sort()).toEqual(
      [...chosen].sort(),
    );
    for (const account of listed.body.service_accounts) {
      expect(account).toMatchObject({
        service: 'google_ads',
        service_uuid: googleAds.uuid,
        sync_status: 'pending',
      });
    }

    // Each connected account has its first load queued, and the stored tokens are sealed.
    const jobs = await ownerQuery(
      t,
      owner.organizationId,
      `select data from pgboss.job where name = 'sources.first-load' and data->>'organizationId' = $1`,
      [owner.organizationId],
    );
    expect(jobs).toHaveLength(2);
    const sealed = await ownerQuery(
      t,
      owner.organizationId,
      `select sealed from source_credentials where organization_id = $1`,
      [owner.organizationId],
    );
    expect(sealed).toHaveLength(1);
    expect(sealed[0]!.sealed).toMatch(/^v1\./);
    expect(sealed[0]!.sealed).not.toContain('sandbox.');
  });

  it('refuses accounts the verification did not offer, and an empty choice, changing nothing', async () => {
    const owner = await organizationOwner(t, 'unknown-account@example.com');
    const callback = await authorize(t, owner, googleAds);
    const verified = await verifyCallback(t, owner, googleAds, callback);
    const manager = (verified.body.accounts as { identifier: string; selectable: boolean }[]).find(
      (a) => !a.selectable,
    )!;
    for (const accounts of [['999-not-offered'], [manager.identifier], []]) {
      const refused = await call(t.base, 'POST', '/service_accounts', {
        token: owner.token,
        body: {
          organization_id: owner.organizationId,
          credentialsId: verified.body.credentials_id,
          accounts,
        },
      });
      expect(refused.status).toBe(400);
      expect(['unknown_account', 'no_accounts_selected']).toContain(refused.body.detail.type);
    }
    const listed = await call(t.base, 'GET', `/service_accounts?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    expect(listed.body.service_accounts).toEqual([]);
  });

  it('sends a denied consent back to the callback with the error', async () => {
    const owner = await organizationOwner(t, 'deny@example.com');
    const callback = await authorize(t, owner, googleAds, 'deny');
    expect(callback.pathname).toBe('/oauth/google_ads/callback');
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });

  it("refuses another user's state, and a service the uuid does not name", async () => {
    const owner = await organizationOwner(t, 'state-owner@example.com');
    const other = await organizationOwner(t, 'state-thief@example.com');
    const callback = await authorize(t, owner, googleAds);
    const stolen = await verifyCallback(t, other, googleAds, callback);
    expect(stolen.status).toBe(400);
    expect(stolen.body.detail.type).toBe('invalid_state');

    const mismatched = await call(t.base, 'POST', '/services/google_ads/oauth/start', {
      token: owner.token,
      body: { serviceUuid: searchConsole.uuid, organization_id: owner.organizationId },
    });
    expect(mismatched.status).toBe(404);
    expect(mismatched.body.detail.type).toBe('service_not_found');
  });

  it('maps Search Console to its callback alias and refuses overlapping properties', async () => {
    const owner = await organizationOwner(t, 'overlap@example.com');
    const callback = await authorize(t, owner, searchConsole);
    expect(callback.pathname).toBe('/oauth/search_console/callback');
    const verified = await verifyCallback(t, owner, searchConsole, callback);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const ids = (verified.body.accounts as { identifier: string }[]).map((a) => a.identifier);
    const domain = ids.find((id) => id.startsWith('sc-domain:'))!;
    const host = domain.slice('sc-domain:'.length);
    const prefix = ids.find((id) => !id.startsWith('sc-domain:') && new URL(id).hostname.endsWith(host))!;
    const refused = await call(t.base, 'POST', '/service_accounts', {
      token: owner.token,
      body: {
        organization_id: owner.organizationId,
        credentialsId: verified.body.credentials_id,
        accounts: [domain, prefix],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatchObject({ type: 'overlapping_properties', accounts: [prefix] });
  });

  it('deletes an account, answers warnings, and hides everything from non-members', async () => {
    const owner = await organizationOwner(t, 'delete@example.com');
    const stranger = await organizationOwner(t, 'stranger@example.com');
    const callback = await authorize(t, owner, googleAds);
    const verified = await verifyCallback(t, owner, googleAds, callback);
    const client = (verified.body.accounts as { identifier: string; selectable: boolean }[]).find(
      (a) => a.selectable,
    )!;
    const connected = await call(t.base, 'POST', '/service_accounts', {
      token: owner.token,
      body: {
        organization_id: owner.organizationId,
        credentialsId: verified.body.credentials_id,
        accounts: [client.identifier],
      },
    });
    const uuid = connected.body.service_accounts[0].uuid as string;

    const peek = await call(t.base, 'GET', `/service_accounts?organization_id=${owner.organizationId}`, {
      token: stranger.token,
    });
    expect(peek.status).toBe(404);
    const steal = await call(
      t.base,
      'DELETE',
      `/service_accounts?organization_id=${stranger.organizationId}&uuid=${uuid}`,
      {
        token: stranger.token,
      },
    );
    expect(steal.status).toBe(404);

    const warnings = await call(
      t.base,
      'GET',
      `/service_accounts/warnings?organization_id=${owner.organizationId}`,
      {
        token: owner.token,
      },
    );
    expect(warnings.body).toEqual({ count: 0, accounts: [] });

    const deleted = await call(
      t.base,
      'DELETE',
      `/service_accounts?organization_id=${owner.organizationId}&uuid=${uuid}`,
      {
        token: owner.token,
      },
    );
    expect(deleted.status).toBe(200);
    const again = await call(
      t.base,
      'DELETE',
      `/service_accounts?organization_id=${owner.organizationId}&uuid=${uuid}`,
      {
        token: owner.token,
      },
    );
    expect(again.status).toBe(404);
    // Its credentials went with it; its queued first load was cancelled.
    const left = await ownerQuery(
      t,
      owner.organizationId,
      `select count(*)::int as n from source_credentials where organization_id = $1`,
      [owner.organizationId],
    );
    expect(left[0]!.n).toBe(0);
    const job = await ownerQuery(
      t,
      owner.organizationId,
      `select state from pgboss.job where name = 'sources.first-load' and data->>'serviceAccountId' = $1`,
      [uuid],
    );
    expect(job[0]?.state).toBe('cancelled');
  });

  it('keeps the demo organization read-only', async () => {
    const owner = await organizationOwner(t, 'demo-visitor@example.com');
    const orgs = await call(t.base, 'GET', '/organizations', { token: owner.token });
    const demo = (orgs.body.organizations as { id: string; is_demo: boolean }[]).find((o) => o.is_demo)!;
    const started = await call(t.base, 'POST', '/services/google_ads/oauth/start', {
      token: owner.token,
      body: { serviceUuid: googleAds.uuid, organization_id: demo.id },
    });
    expect(started.status).toBe(403);
    expect(started.body.detail.type).toBe('account_limit_reached');
  });

  it('connects Meta (no PKCE, comma scopes) and Google Play with its bucket through the same flow', async () => {
    const owner = await organizationOwner(t, 'meta-play@example.com');
    const meta = catalog.find((s) => s.id === 'facebook_ads')!;
    const metaCallback = await authorize(t, owner, meta);
    expect(metaCallback.pathname).toBe('/oauth/facebook_ads/callback');
    const metaVerified = await verifyCallback(t, owner, meta, metaCallback);
    expect(metaVerified.status, JSON.stringify(metaVerified.body)).toBe(200);
    expect(
      (metaVerified.body.accounts as { identifier: string }[]).some((a) => a.identifier.startsWith('act_')),
    ).toBe(true);

    const play = catalog.find((s) => s.id === 'google_play')!;
    const playCallback = await authorize(t, owner, play);
    expect(playCallback.pathname).toBe('/sources/setup/google_play/oauth');
    const verify = (bucket: string) => verifyCallback(t, owner, play, playCallback, { bucket });
    const badBucket = await verify('s3://not-google');
    expect(badBucket.status).toBe(400);
    expect(badBucket.body.detail.type).toBe('invalid_bucket');
    const verified = await verify('gs://pubsite_prod_rev_0123456789');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const apps = (verified.body.accounts as { identifier: string; selectable: boolean }[]).filter(
      (a) => a.selectable,
    );
    expect(apps.map((a) => a.identifier)).toContain('com.acme.outdoor');
  });
});
