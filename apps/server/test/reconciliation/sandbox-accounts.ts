// Connecting the reconciliation's organization to every account the sandbox providers offer: the
// OAuth services through consent and account selection, Apple Ads through its key pair; and the
// connected accounts read back with their credentials, for asking the providers' own reports.
import { catalog, type Credentials } from '@maya/connectors';
import { APPLE_SANDBOX_ORGS, MOOSEND_SANDBOX_API_KEYS } from '@maya/connectors/sandbox';
import type { ProviderAccount, Where } from '@maya/connectors/testing';
import { countsAsMetaConversion, currencyExponent } from '@maya/analytics';
import { expect } from 'vitest';
import { call, type AccountsApp } from '../support/accounts';
import { authorize, ownerQuery, verifyCallback, type organizationOwner } from '../support/sources';

export type Owner = Awaited<ReturnType<typeof organizationOwner>>;
export type Connected = ProviderAccount & { uuid: string };

const service = (id: string) => {
  const found = catalog.find((s) => s.id === id);
  if (!found) throw new Error(`${id} is not in the catalogue`);
  return found;
};

/** The sandbox's Google Play bucket the sandbox user reads, and its GA4 export dataset shared with the product. */
export const SANDBOX_PLAY_BUCKET = 'gs://pubsite_prod_rev_0123456789';
export const SANDBOX_EXPORT_DATASET = { projectId: 'maya-demo-project', datasetId: 'analytics_123456789' };

/**
 * OAuth services (Google Play with its bucket): consent, then every selectable account the
 * provider lists.
 */
async function connectOAuth(
  t: AccountsApp,
  owner: Owner,
  id: string,
  metadata?: Record<string, string>,
): Promise<number> {
  const verified = await verifyCallback(
    t,
    owner,
    service(id),
    await authorize(t, owner, service(id)),
    metadata,
  );
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  let selectable = (verified.body.accounts as { identifier: string; selectable: boolean }[])
    .filter((a) => a.selectable)
    .map((a) => a.identifier);
  const connect = (accounts: string[]) =>
    call(t.base, 'POST', '/service_accounts', {
      token: owner.token,
      body: { organization_id: owner.organizationId, credentialsId: verified.body.credentials_id, accounts },
    });
  let connected = await connect(selectable);
  if (connected.body.detail?.type === 'overlapping_properties') {
    // Search Console: an organization connects a domain property or the URL-prefix properties
    // under it, not both; every property it may connect, then.
    const overlapping = new Set(connected.body.detail.accounts as string[]);
    selectable = selectable.filter((identifier) => !overlapping.has(identifier));
    connected = await connect(selectable);
  }
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  return selectable.length;
}

/** Apple Ads: the organization's public key registered at Apple (for every org), then the orgs it reaches. */
async function connectAppleAds(t: AccountsApp, owner: Owner): Promise<number> {
  const apple = service('apple_ads');
  const key = await call(
    t.base,
    'GET',
    `/services/apple_ads/public_key?serviceUUID=${apple.uuid}&organization_id=${owner.organizationId}`,
    { token: owner.token },
  );
  const registered = await fetch(`${t.base}/sandbox/apple/_sandbox/clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ public_key: key.body.public_key }),
  });
  expect(registered.status).toBe(201);
  const ids = (await registered.json()) as { client_id: string; team_id: string; key_id: string };
  const connected = await call(t.base, 'POST', '/services/apple_ads/apple_ads_accounts', {
    token: owner.token,
    body: {
      serviceUuid: apple.uuid,
      organization_id: owner.organizationId,
      clientId: ids.client_id,
      teamId: ids.team_id,
      keyId: ids.key_id,
      publicKey: key.body.public_key,
    },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  return APPLE_SANDBOX_ORGS.length;
}

/** Moosend: every sandbox account, by its API key. */
async function connectMoosend(t: AccountsApp, owner: Owner): Promise<number> {
  const keys = Object.values(MOOSEND_SANDBOX_API_KEYS);
  for (const apiKey of keys) {
    const connected = await call(t.base, 'POST', '/services/moosend/api_credentials', {
      token: owner.token,
      body: {
        serviceUuid: service('moosend').uuid,
        organization_id: owner.organizationId,
        apiCreds: { apiKey },
      },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  }
  return keys.length;
}

/** The GA4 BigQuery export: the dataset shared with the product's service account. */
async function connectExport(t: AccountsApp, owner: Owner): Promise<number> {
  const connected = await call(t.base, 'POST', '/services/google_analytics_4_events/unique_account', {
    token: owner.token,
    body: {
      serviceUuid: service('google_analytics_4_events').uuid,
      organization_id: owner.organizationId,
      ...SANDBOX_EXPORT_DATASET,
    },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  return 1;
}

/** Where the app's providers answer, and the model's rules the providers' totals follow. */
export function providerWhere(t: AccountsApp): Where {
  return {
    endpoints: t.app.platform.config.connectors.endpoints,
    clients: t.app.platform.config.connectors.clients,
    currencyExponent,
    countsAsMetaConversion,
  };
}

/** Connects every account the sandbox offers of service `id`; answers how many it offered. */
export async function connectSandboxAccounts(t: AccountsApp, owner: Owner, id: string): Promise<number> {
  const how = service(id).auth_kind;
  if (how === 'oauth2') return connectOAuth(t, owner, id);
  if (how === 'apple_ads_key_pair') return connectAppleAds(t, owner);
  if (how === 'gcs_bucket') return connectOAuth(t, owner, id, { bucket: SANDBOX_PLAY_BUCKET });
  if (how === 'api_key') return connectMoosend(t, owner);
  if (how === 'gcp_dataset') return connectExport(t, owner);
  throw new Error(`the reconciliation cannot connect ${id} (${String(how)}) yet`);
}

/** The connected accounts with their stored credentials (read fresh: loads may refresh tokens). */
export async function connectedAccounts(t: AccountsApp, owner: Owner): Promise<Connected[]> {
  const rows = await ownerQuery<{
    id: string;
    service_id: string;
    identifier: string;
    parent_id: string | null;
    credentials_id: string;
    metadata: Record<string, string>;
    sealed: string;
  }>(
    t,
    owner.organizationId,
    `select a.id, a.service_id, a.identifier, a.parent_id, a.credentials_id, a.metadata, c.sealed
     from service_accounts a join source_credentials c on c.id = a.credentials_id order by 2, 3`,
    [],
  );
  return rows.map((row) => ({
    uuid: row.id,
    service: row.service_id,
    account: { identifier: row.identifier, parent_id: row.parent_id, metadata: row.metadata },
    credentials: t.app.platform.vault.open<Credentials>(
      row.sealed,
      `source-credentials:${owner.organizationId}:${row.credentials_id}`,
    ),
  }));
}
