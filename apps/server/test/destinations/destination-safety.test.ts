import { checkDestination } from '@maya/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDestinationsService } from '../../src/modules/destinations';
import { freePort, startAccountsApp, type AccountsApp } from '../support/accounts';
import { organizationOwner } from '../support/sources';
import {
  CONNECTION_FAILED,
  createDestinationDatabase,
  postgresBody as destinationBody,
  type DestinationDatabase,
} from './support';

/**
 * The destination check is a request the server makes on a user's behalf, so it must not become
 * a way into the server's own network or a port and password oracle: with
 * ALLOW_PRIVATE_DESTINATIONS=false (production) loopback, link-local and private addresses are
 * refused in every spelling, when saving, checking and loading; every failed connection answers
 * the same; and connecting is rate limited. TRUST_PROXY=1 lets each test speak from an address of
 * its own (X-Forwarded-For), so the per-address limit of one test does not spill into another.
 */

const ADDRESS_NOT_ALLOWED = {
  detail: {
    type: 'destination_address_not_allowed',
    message: 'This address is on a private network. Use a publicly reachable host.',
  },
};

let t: AccountsApp;
let destination: DestinationDatabase;

beforeAll(async () => {
  // Many owners sign up from this machine: more than the sign-up limit lets through by default.
  t = await startAccountsApp({
    ALLOW_PRIVATE_DESTINATIONS: 'false',
    TRUST_PROXY: '1',
    SIGNUP_LIMIT_PER_HOUR: '100',
  });
  destination = await createDestinationDatabase('maya_destination_safety', 'destination-safety-5e1a9d');
});
afterAll(() => t.close());

const postgresBody = (organizationId: string, overrides: Record<string, string> = {}) =>
  destinationBody(destination, organizationId, overrides);

/** A call from `ip` (the app trusts one proxy hop, so the forwarded address is the client's). */
async function from(ip: string, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${t.base}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': ip,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
    body: (text ? JSON.parse(text) : null) as Record<string, any>,
  };
}

const save = (ip: string, token: string, body: object) =>
  from(ip, 'PUT', '/destinations/organization', token, body);
const check = (ip: string, who: { token: string; organizationId: string }) =>
  from(ip, 'POST', '/destinations/organization/check', who.token, { organization_id: who.organizationId });

describe('destination addresses (ALLOW_PRIVATE_DESTINATIONS=false)', () => {
  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['a name that resolves to loopback', 'localhost'],
    ['the cloud metadata address (link-local)', '169.254.169.254'],
    ['a private network', '10.1.2.3'],
    ['loopback in hex with a short form', '0x7f.1'],
    ['loopback as one decimal number', '2130706433'],
    ['IPv6 loopback', '::1'],
    ['IPv4-mapped IPv6 loopback', '::ffff:7f00:1'],
    ['an IPv6 unique local address', 'fd00::1'],
  ])('refuses %s (%s) with 400 destination_address_not_allowed and saves nothing', async (_what, host) => {
    const owner = await organizationOwner(t, `safety-${host.replace(/[^a-z0-9]/gi, '')}@example.com`);
    const refused = await save('198.51.100.1', owner.token, postgresBody(owner.organizationId, { host }));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(ADDRESS_NOT_ALLOWED);
    const read = await from(
      '198.51.100.1',
      'GET',
      `/destinations/organization?organization_id=${owner.organizationId}`,
      owner.token,
    );
    expect(read.status).toBe(404);
  });

  it('checks a stored destination again: /check and loads refuse an address that is not allowed', async () => {
    const owner = await organizationOwner(t, 'safety-stored@example.com');
    // Saved before the rule (or while private addresses were allowed): stored without a check.
    const unchecked = createDestinationsService({
      platform: t.app.platform,
      hasSources: async () => false,
      checkDestination: async () => undefined,
    });
    const me = await from('198.51.100.2', 'GET', '/user', owner.token);
    const { credentials, destinationId, destinationName } = postgresBody(owner.organizationId);
    await unchecked.save(
      { organizationId: owner.organizationId, role: 'owner', isDemo: false },
      me.body.id as string,
      { destinationId, destinationName, credentials, location: 'europe-west3' },
      { ip: '198.51.100.2', log: { warn: () => undefined } },
    );

    const checked = await check('198.51.100.2', owner);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ reachable: false, message: ADDRESS_NOT_ALLOWED.detail.message });

    // What the data load opens: the warehouse is refused, never connected to (it would list tables).
    const tables = await from(
      '198.51.100.2',
      'GET',
      `/etl/tables?organization_id=${owner.organizationId}`,
      owner.token,
    );
    expect(tables.status).not.toBe(200);
    expect(tables.body).not.toHaveProperty('tables');
  });

  it('is refused by the warehouse checker itself, whoever calls it', async () => {
    await expect(
      checkDestination(
        { kind: 'postgresql', ssl: 'disable', ...destination, port: Number(destination.port) },
        { allowPrivateAddresses: false, timeoutMs: 5_000 },
      ),
    ).rejects.toMatchObject({ type: 'address_not_allowed' });
  });
});

describe('failed connections (ALLOW_PRIVATE_DESTINATIONS=true, as in development)', () => {
  // The destination database is on this machine: only an app that allows it gets to the remote side.
  let local: AccountsApp;
  beforeAll(async () => {
    local = await startAccountsApp();
  });
  afterAll(() => local.close());

  it('answers byte-identical bodies for a closed port, a wrong password, an unknown user, database or host', async () => {
    const prober = await organizationOwner(local, 'safety-prober@example.com');
    const closedPort = String(await freePort());
    const attempts: Record<string, string>[] = [
      { port: closedPort },
      { password: 'wrong-password' },
      { user: 'maya_no_such_role' },
      { database: 'maya_no_such_db' },
      { host: 'maya-no-such-host.invalid' },
    ];
    const bodies: string[] = [];
    for (const overrides of attempts) {
      const response = await fetch(`${local.base}/api/destinations/organization`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${prober.token}` },
        body: JSON.stringify(destinationBody(destination, prober.organizationId, overrides)),
      });
      expect(response.status).toBe(400);
      bodies.push(await response.text());
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toEqual({ detail: CONNECTION_FAILED });
  });
});

describe('destination connection attempts are rate limited', () => {
  it('allows 10 per organization in 10 minutes, PUT and /check together, then 429 rate_limited', async () => {
    const owner = await organizationOwner(t, 'safety-limit-org@example.com');
    const body = postgresBody(owner.organizationId, { host: '10.0.0.9' });
    for (let attempt = 0; attempt < 8; attempt++) {
      // Each from another address: only the organization's counter fills.
      expect((await save(`203.0.113.${attempt + 1}`, owner.token, body)).status).toBe(400);
    }
    expect((await check('203.0.113.20', owner)).status).toBe(404);
    expect((await check('203.0.113.21', owner)).status).toBe(404);
    const limited = await save('203.0.113.22', owner.token, body);
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toEqual({
      type: 'rate_limited',
      message: 'Too many attempts. Please try again in 10 minutes.',
      retry_after: expect.any(Number),
    });
    expect((await check('203.0.113.23', owner)).status).toBe(429);
  });

  it('allows 20 per client address in 10 minutes, across organizations', async () => {
    const owners = await Promise.all(
      ['a', 'b', 'c'].map((n) => organizationOwner(t, `safety-limit-ip-${n}@example.com`)),
    );
    const ip = '192.0.2.77';
    for (const owner of owners.slice(0, 2)) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const answer = await save(ip, owner.token, postgresBody(owner.organizationId, { host: '10.0.0.9' }));
        expect(answer.status).toBe(400);
      }
    }
    const third = owners[2]!;
    const limited = await save(ip, third.token, postgresBody(third.organizationId, { host: '10.0.0.9' }));
    expect([limited.status, limited.body.detail.type]).toEqual([429, 'rate_limited']);
    // The same organization from another address is not held back by that address's attempts.
    const elsewhere = await save(
      '192.0.2.78',
      third.token,
      postgresBody(third.organizationId, { host: '10.0.0.9' }),
    );
    expect(elsewhere.status).toBe(400);
  });

  it('does not count choosing the managed default, which connects nowhere', async () => {
    const owner = await organizationOwner(t, 'safety-limit-free@example.com');
    for (let attempt = 0; attempt < 12; attempt++) {
      const managed = await save('198.51.100.9', owner.token, {
        organization_id: owner.organizationId,
        destinationId: 'managed',
        destinationName: 'Maya managed (EU)',
        credentials: {},
      });
      expect(managed.status).toBe(204);
    }
    const body = postgresBody(owner.organizationId, { host: '10.0.0.9' });
    expect((await save('198.51.100.9', owner.token, body)).body).toEqual(ADDRESS_NOT_ALLOWED);
  });
});
