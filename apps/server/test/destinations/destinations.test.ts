import { catalog } from '@maya/connectors';
import { MOOSEND_SANDBOX_API_KEYS } from '@maya/connectors/sandbox';
import { checkDestination } from '@maya/warehouse';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDestinationsService } from '../../src/modules/destinations';
import { call, startAccountsApp, type AccountsApp } from '../support/accounts';
import { joinedMember, organizationOwner, ownerQuery } from '../support/sources';
import {
  CONNECTION_FAILED,
  createDestinationDatabase,
  postgresBody as destinationBody,
  type DestinationDatabase,
} from './support';

/** Destinations against real PostgreSQL: the destination is a database of the test server (support.ts). */

let t: AccountsApp;
let owner: { token: string; organizationId: string };
let destination: DestinationDatabase;
const DESTINATION_ROLE = 'maya_destination_test';
const PASSWORD = 'destination-secret-3b9f1c';

beforeAll(async () => {
  t = await startAccountsApp();
  owner = await organizationOwner(t, 'dest-owner@example.com');
  destination = await createDestinationDatabase(DESTINATION_ROLE, PASSWORD);
});
afterAll(() => t.close());

const postgresBody = (organizationId: string, overrides: Record<string, string> = {}) =>
  destinationBody(destination, organizationId, overrides);

function save(token: string, body: object) {
  return call(t.base, 'PUT', '/destinations/organization', { token, body });
}

function organizationDestination(who: { token: string; organizationId: string }) {
  return call(t.base, 'GET', `/destinations/organization?organization_id=${who.organizationId}`, {
    token: who.token,
  });
}

function status(who: { token: string }, organizationId: string) {
  return call(t.base, 'GET', `/destinations/status?organization_id=${organizationId}`, { token: who.token });
}

async function sealedRows(organizationId: string) {
  return ownerQuery<{ sealed_credentials: string }>(
    t,
    organizationId,
    'select sealed_credentials from organization_destinations',
    [],
  );
}

describe('the destination catalogue', () => {
  it('lists the managed default first, then PostgreSQL, BigQuery and Databricks with their forms', async () => {
    const all = await call(t.base, 'GET', '/destinations');
    expect(all.status).toBe(200);
    const destinations = all.body.destinations as { id: string; managed: boolean; is_upload: boolean }[];
    expect(destinations.map((d) => [d.id, d.managed, d.is_upload])).toEqual([
      ['managed', true, false],
      ['postgresql', false, false],
      ['bigquery', false, true],
      ['databricks', false, false],
    ]);
    const databricks = await call(t.base, 'GET', '/destinations/databricks');
    const fields = (databricks.body.form as { name: string }[]).map((f) => f.name);
    expect(fields).toEqual(
      expect.arrayContaining([
        'host',
        'azure_workspace_resource_id',
        'azure_client_id',
        'azure_client_secret',
        'azure_tenant_id',
        'auth_type',
      ]),
    );
    const unknown = await call(t.base, 'GET', '/destinations/oracle');
    expect([unknown.status, unknown.body.detail.type]).toEqual([404, 'destination_not_found']);
  });
});

describe('the organization destination', () => {
  it("answers 404 'Organization has no configured destination' while the managed default is used", async () => {
    const none = await organizationDestination(owner);
    expect(none.status).toBe(404);
    expect(none.body.detail).toEqual({
      type: 'organization_destination_not_found',
      message: 'Organization has no configured destination',
    });
    const check = await call(t.base, 'POST', '/destinations/organization/check', {
      token: owner.token,
      body: { organization_id: owner.organizationId },
    });
    expect(check.status).toBe(404);
    expect((await status(owner, owner.organizationId)).body).toEqual({
      can_configure_destination: true,
      reason: null,
    });
  });

  it('refuses credentials that do not match their patterns with 422, naming each one', async () => {
    const refused = await save(
      owner.token,
      postgresBody(owner.organizationId, { host: 'https://db.example.com', port: '70000' }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          loc: ['body', 'credentials', 'host'],
          msg: expect.stringMatching(/^Match the following format: a host name/),
        }),
        expect.objectContaining({
          loc: ['body', 'credentials', 'port'],
          msg: 'Match the following format: a number from 1 to 65535',
        }),
      ]),
    );
    const missing = await save(owner.token, {
      ...postgresBody(owner.organizationId),
      credentials: { host: destination.host },
    });
    expect(missing.status).toBe(422);
    const locations = (missing.body.detail as { loc: unknown[] }[]).map((issue) => issue.loc.at(-1));
    // Port and ssl have defaults; the others are required.
    expect(locations.sort()).toEqual(['database', 'password', 'user']);
    const badLocation = await save(owner.token, { ...postgresBody(owner.organizationId), location: 'mars' });
    expect(badLocation.status).toBe(422);
    const unknown = await save(owner.token, {
      ...postgresBody(owner.organizationId),
      destinationId: 'oracle',
    });
    expect([unknown.status, unknown.body.detail.type]).toEqual([404, 'destination_not_found']);
    expect((await organizationDestination(owner)).status).toBe(404);
  });

  it('refuses a wrong password with the connection error and saves nothing', async () => {
    const refused = await save(
      owner.token,
      postgresBody(owner.organizationId, { password: 'wrong-password' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toEqual(CONNECTION_FAILED);
    expect(JSON.stringify(refused.body)).not.toContain('wrong-password');
    expect((await organizationDestination(owner)).status).toBe(404);
    expect(await sealedRows(owner.organizationId)).toEqual([]);
  });

  it('saves a PostgreSQL destination it can connect to, sealed, and hands the ETL its settings', async () => {
    const saved = await save(owner.token, postgresBody(owner.organizationId));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      destination_id: 'postgresql',
      name: 'PostgreSQL',
      location: 'europe-west3',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await organizationDestination(owner);
    expect(read.body).toEqual(saved.body);
    // The password is sealed at rest and never answered.
    expect(JSON.stringify(saved.body) + JSON.stringify(read.body)).not.toContain(PASSWORD);
    const [row] = await sealedRows(owner.organizationId);
    expect(row?.sealed_credentials).toMatch(/^v1\./);
    expect(row?.sealed_credentials).not.toContain(PASSWORD);

    const service = createDestinationsService({
      platform: t.app.platform,
      hasSources: async () => false,
      checkDestination: (config, timeoutMs) =>
        checkDestination(config, { timeoutMs, allowPrivateAddresses: true }),
    });
    expect(await service.warehouseConfig(owner.organizationId)).toEqual({
      kind: 'postgresql',
      host: destination.host,
      port: Number(destination.port),
      database: destination.database,
      user: DESTINATION_ROLE,
      password: PASSWORD,
      ssl: 'disable',
    });

    const check = await call(t.base, 'POST', '/destinations/organization/check', {
      token: owner.token,
      body: { organization_id: owner.organizationId },
    });
    expect(check.body).toEqual({ reachable: true, message: null });
  });

  it('reports a stored destination that no longer accepts its password as unreachable', async () => {
    const admin = new pg.Client({ connectionString: t.app.platform.database.ownerUrl });
    await admin.connect();
    try {
      await admin.query(`ALTER ROLE ${DESTINATION_ROLE} PASSWORD 'rotated-elsewhere'`);
      const check = await call(t.base, 'POST', '/destinations/organization/check', {
        token: owner.token,
        body: { organization_id: owner.organizationId },
      });
      expect(check.status).toBe(200);
      expect(check.body).toEqual({ reachable: false, message: CONNECTION_FAILED.message });
    } finally {
      await admin.query(`ALTER ROLE ${DESTINATION_ROLE} PASSWORD '${PASSWORD}'`);
      await admin.end();
    }
  });

  it('hides the organization destination from other organizations: 404', async () => {
    const stranger = await organizationOwner(t, 'dest-stranger@example.com');
    const foreign = { token: stranger.token, organizationId: owner.organizationId };
    expect((await organizationDestination(foreign)).status).toBe(404);
    expect((await save(stranger.token, postgresBody(owner.organizationId))).status).toBe(404);
    const removed = await call(
      t.base,
      'DELETE',
      `/destinations/organization?organization_id=${owner.organizationId}`,
      {
        token: stranger.token,
      },
    );
    expect(removed.status).toBe(404);
    expect((await organizationDestination(owner)).status).toBe(200);
    expect((await organizationDestination(stranger)).status).toBe(404);
  });

  it('lets members read but not change it: 403 destination_configuration_forbidden', async () => {
    const member = await joinedMember(t, owner, 'dest-member@example.com');

    expect((await organizationDestination({ ...member, organizationId: owner.organizationId })).status).toBe(
      200,
    );
    expect((await status(member, owner.organizationId)).body).toEqual({
      can_configure_destination: false,
      reason: 'admin_required',
    });
    const refused = await save(member.token, postgresBody(owner.organizationId));
    expect([refused.status, refused.body.detail.type]).toEqual([403, 'destination_configuration_forbidden']);
    const removed = await call(
      t.base,
      'DELETE',
      `/destinations/organization?organization_id=${owner.organizationId}`,
      {
        token: member.token,
      },
    );
    expect(removed.status).toBe(403);
    expect((await organizationDestination(owner)).status).toBe(200);
  });

  it('removes it: choosing the managed default (204) and DELETE both go back to the managed default', async () => {
    const managed = await save(owner.token, {
      organization_id: owner.organizationId,
      destinationId: 'managed',
      destinationName: 'Maya managed (EU)',
      credentials: {},
    });
    expect(managed.status).toBe(204);
    expect((await organizationDestination(owner)).status).toBe(404);
    expect(await sealedRows(owner.organizationId)).toEqual([]);

    expect((await save(owner.token, postgresBody(owner.organizationId))).status).toBe(200);
    const removed = await call(
      t.base,
      'DELETE',
      `/destinations/organization?organization_id=${owner.organizationId}`,
      {
        token: owner.token,
      },
    );
    expect(removed.status).toBe(204);
    expect((await organizationDestination(owner)).status).toBe(404);
  });

  it('gives reports the settings it remembers, forgotten at once when this process changes them', async () => {
    const service = createDestinationsService({
      platform: t.app.platform,
      hasSources: async () => false,
      checkDestination: (config, timeoutMs) =>
        checkDestination(config, { timeoutMs, allowPrivateAddresses: true }),
    });
    const access = { organizationId: owner.organizationId, role: 'owner' as const, isDemo: false };
    const { credentials, ...input } = postgresBody(owner.organizationId);
    await service.remove(access);
    expect(await service.readConfig(owner.organizationId)).toBeNull();
    const me = await call(t.base, 'GET', '/user', { token: owner.token });
    await service.save(
      access,
      me.body.id as string,
      {
        destinationId: input.destinationId,
        destinationName: input.destinationName,
        location: 'europe-west3',
        credentials,
      },
      { ip: '127.0.0.1', log: { warn: () => undefined } },
    );
    expect(await service.readConfig(owner.organizationId)).toMatchObject({ kind: 'postgresql' });
    await service.remove(access);
    expect(await service.readConfig(owner.organizationId)).toBeNull();
  });

  it('cannot be changed once a data source is connected: 403 destination_locked_by_sources', async () => {
    const created = await call(t.base, 'POST', '/organizations', {
      token: owner.token,
      body: { name: 'Sourced Org' },
    });
    const sourced = { token: owner.token, organizationId: created.body.id as string };
    expect((await save(owner.token, postgresBody(sourced.organizationId))).status).toBe(200);
    const moosend = catalog.find((s) => s.id === 'moosend');
    const connected = await call(t.base, 'POST', '/services/moosend/api_credentials', {
      token: owner.token,
      body: {
        serviceUuid: moosend?.uuid,
        organization_id: sourced.organizationId,
        apiCreds: { apiKey: MOOSEND_SANDBOX_API_KEYS.northpeak },
      },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);

    expect((await status(owner, sourced.organizationId)).body).toEqual({
      can_configure_destination: false,
      reason: 'sources_connected',
    });
    const changed = await save(owner.token, postgresBody(sourced.organizationId, { port: destination.port }));
    expect([changed.status, changed.body.detail.type]).toEqual([403, 'destination_locked_by_sources']);
    const removed = await call(
      t.base,
      'DELETE',
      `/destinations/organization?organization_id=${sourced.organizationId}`,
      {
        token: owner.token,
      },
    );
    expect([removed.status, removed.body.detail.type]).toEqual([403, 'destination_locked_by_sources']);
    expect((await organizationDestination(sourced)).body.destination_id).toBe('postgresql');
  });
});
