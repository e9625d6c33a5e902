import {
  catalog,
  connectorContext,
  type Connector,
  type ConnectorContext,
  type Credentials,
} from '@maya/connectors';
import { answerConsent } from '@maya/connectors/testing';
import pg from 'pg';
import { expect } from 'vitest';
import { call, verifiedUser, type AccountsApp, type Served } from './accounts';

/** A verified user with an organization of their own. */
export async function organizationOwner(t: Served, email: string) {
  const user = await verifiedUser(t, email);
  const created = await call(t.base, 'POST', '/organizations', {
    token: user.token,
    body: { name: `Org of ${email}` },
  });
  expect(created.status).toBe(201);
  return { ...user, organizationId: created.body.id as string };
}

/** Starts the authorization of a service and consents: the callback URL the browser lands on. */
export async function authorize(
  t: Served,
  owner: { token: string; organizationId: string },
  service: { id: string; uuid: string },
  decision: 'allow' | 'deny' = 'allow',
) {
  const started = await call(t.base, 'POST', `/services/${service.id}/oauth/start`, {
    token: owner.token,
    body: { serviceUuid: service.uuid, organization_id: owner.organizationId },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return answerConsent(started.body.authorization_url as string, decision);
}

/**
 * Reads what was stored, as the owner within the organization (the policies are forced for the
 * owner too, so the organization is set as the app sets it).
 */
export async function ownerQuery<T extends Record<string, unknown>>(
  t: AccountsApp,
  organizationId: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: t.app.platform.database.ownerUrl });
  await client.connect();
  try {
    await client.query(`select set_config('app.organization_id', $1, false)`, [organizationId]);
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Finishes an authorization the way integrations/add does: the callback's code and state verified. */
export function verifyCallback(
  t: Served,
  owner: { token: string; organizationId: string },
  service: { id: string; uuid: string },
  callback: URL,
  metadata?: Record<string, string>,
) {
  return call(t.base, 'POST', `/services/${service.id}/oauth/verify`, {
    token: owner.token,
    body: {
      serviceUuid: service.uuid,
      organization_id: owner.organizationId,
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
      ...(metadata ? { metadata } : {}),
    },
  });
}

/**
 * Arms faults on a sandbox data API (e.g. `google-ads`), or clears them with null; answers how
 * many are armed and not yet hit (an empty list arms none: a count of those left).
 */
export async function setSandboxFaults(t: Served, api: string, faults: object[] | null): Promise<number> {
  const url = `${t.base}/sandbox/${api}/_sandbox/faults`;
  const response = faults
    ? await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ faults }),
      })
    : await fetch(url, { method: 'DELETE' });
  const body = await response.text();
  expect(response.ok, body).toBe(true);
  return (JSON.parse(body) as { armed: number }).armed;
}

type ListedAccount = {
  uuid: string;
  sync_status: string;
  sync_error: string | null;
  needs_reconnect: boolean;
  backfill_percent: number | null;
};

/** Waits until the account's load has settled (finished or failed), as the sources page shows it. */
export async function accountSettled(
  t: Served,
  owner: { token: string; organizationId: string },
  uuid: string,
  timeoutMs = 90_000,
): Promise<ListedAccount> {
  let started = Date.now();
  let backfill: number | null = null;
  for (;;) {
    const listed = await call(t.base, 'GET', `/service_accounts?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    const account = (listed.body.service_accounts as ListedAccount[]).find((a) => a.uuid === uuid);
    if (!account) throw new Error(`account ${uuid} is not connected`);
    // Finished means up to date; settled also waits for the older history behind it (decision 660).
    if (account.sync_status === 'failed') return account;
    if (account.sync_status === 'finished' && account.backfill_percent === null) return account;
    // A backfill that moves on is progress, not a hang: the wait restarts with each step of it.
    if (account.backfill_percent !== backfill) [backfill, started] = [account.backfill_percent, Date.now()];
    if (Date.now() - started > timeoutMs)
      throw new Error(`still ${account.sync_status} (backfill ${account.backfill_percent ?? 'none'})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A run of the organization's loads as Load data now starts it (`POST /etl/trigger`), waited for
 * to its end as the Data Load page shows it.
 */
export async function loadNow(t: Served, owner: { token: string; organizationId: string }): Promise<void> {
  const started = await call(t.base, 'POST', '/etl/trigger', {
    token: owner.token,
    body: { organization_id: owner.organizationId },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (;;) {
    const progress = await call(t.base, 'GET', `/etl/progress?organization_id=${owner.organizationId}`, {
      token: owner.token,
    });
    expect(progress.status, JSON.stringify(progress.body)).toBe(200);
    if (!progress.body.running) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type ConnectedAccount = {
  uuid: string;
  identifier: string;
  name: string;
  sync_status: string;
  sync_error: string | null;
};

/**
 * Connects the first `count` selectable sandbox Google Ads accounts of the owner's consent, as
 * the integrations/add page does; answers the credentials and the connected accounts.
 */
export async function connectGoogleAds(
  t: Served,
  owner: { token: string; organizationId: string },
  count: number,
): Promise<{ credentialsId: string; accounts: ConnectedAccount[] }> {
  const googleAds = catalog.find((s) => s.id === 'google_ads');
  if (!googleAds) throw new Error('google_ads is not in the catalogue');
  const verified = await verifyCallback(t, owner, googleAds, await authorize(t, owner, googleAds));
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const credentialsId = verified.body.credentials_id as string;
  const clients = (verified.body.accounts as { identifier: string; selectable: boolean }[]).filter(
    (a) => a.selectable,
  );
  const connected = await call(t.base, 'POST', '/service_accounts', {
    token: owner.token,
    body: {
      organization_id: owner.organizationId,
      credentialsId,
      accounts: clients.slice(0, count).map((c) => c.identifier),
    },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
  return { credentialsId, accounts: connected.body.service_accounts as ConnectedAccount[] };
}

/** A member (not an administrator) of the owner's organization: invited, signed up, joined. */
export async function joinedMember(
  t: AccountsApp,
  owner: { token: string; organizationId: string },
  email: string,
) {
  const organizations = await call(t.base, 'GET', '/organizations', { token: owner.token });
  const slug = (organizations.body.organizations as { id: string; slug: string }[]).find(
    (o) => o.id === owner.organizationId,
  )?.slug;
  const invited = await call(t.base, 'POST', '/invitations', {
    token: owner.token,
    body: { organization_id: owner.organizationId, email },
  });
  expect(invited.status).toBe(201);
  const member = await verifiedUser(t, email);
  const accepted = await call(t.base, 'POST', '/invitations/accept', {
    token: member.token,
    body: { invitation_id: invited.body.uuid, organization_slug: slug },
  });
  expect(accepted.status).toBe(200);
  return member;
}

/** The connector's context with a connection's stored credentials: to ask the provider directly. */
export async function storedContext(
  t: AccountsApp,
  organizationId: string,
  credentialsId: string,
  connector: Connector,
): Promise<ConnectorContext> {
  const { platform } = t.app;
  const [stored] = await ownerQuery<{ sealed: string }>(
    t,
    organizationId,
    'select sealed from source_credentials where id = $1',
    [credentialsId],
  );
  return connectorContext({
    connector,
    endpoints: platform.config.connectors.endpoints,
    clients: platform.config.connectors.clients,
    credentials: platform.vault.open<Credentials>(
      stored!.sealed,
      `source-credentials:${organizationId}:${credentialsId}`,
    ),
  });
}
