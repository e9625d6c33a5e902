// Connecting the reconciliation's organization to every account the sandbox providers offer: the
// OAuth services through consent and account selection, Apple Ads through its key pair; and the
// connected accounts read back with their credentials, for asking the providers' own reports.
import { catalog, type Credentials } from '@maya/connectors';
import { APPLE_SANDBOX_ORGS } from '@maya/connectors/sandbox';
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

/** OAuth services: consent, then every selectable account the provider lists. */
async function connectOAuth(t: AccountsApp, owner: Owner, id: string): Promise<number> {
  const verified = await verifyCallback(t, owner, service(id), await authorize(t, owner, service(id)));
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const selectable = (verified.body.accounts as { identifier: string; selectable: boolean }[]).filter(
    (a) => a.selectable,
  );
  const connected = await call(t.base, 'POST', '/service_accounts', {
    token: owner.token,
    body: {
      organization_id: owner.organizationId,
      credentialsId: verified.body.credentials_id,
      accounts: selectable.map((a) => a.identifier),
    },
  });
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
  throw new Error(`the reconciliation cannot connect ${id} (${how}) yet`);
}

/** The connected accounts with their stored credentials (read fresh: loads may refresh tokens). */
export async function connectedAccounts(t: AccountsApp, owner: Owner): Promise<Connected[]> {
  const rows = await ownerQuery<{
    id: string;
    service_id: string;
    identifier: string;
    parent_id: string | null;
    credentials_id: string;
    sealed: string;
  }>(
    t,
    owner.organizationId,
    `select a.id, a.service_id, a.identifier, a.parent_id, a.credentials_id, c.sealed
     from service_accounts a join source_credentials c on c.id = a.credentials_id order by 2, 3`,
    [],
  );
  return rows.map((row) => ({
    uuid: row.id,
    service: row.service_id,
    account: { identifier: row.identifier, parent_id: row.parent_id, metadata: {} },
    credentials: t.app.platform.vault.open<Credentials>(
      row.sealed,
      `source-credentials:${owner.organizationId}:${row.credentials_id}`,
    ),
  }));
}
