import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabricksDestinationConfig, PostgresDestinationConfig } from './destination-config';
import {
  isPrivateAddress,
  parseIpv4Literal,
  resolveDestinationHost,
  type HostLookup,
} from './destination-address';
import { checkDestination, openDestinationWarehouse, postgresConnection } from './destinations';
import { expectWarehouseError } from './testing/fixtures';

/** A resolver that knows only the given names, and counts how often it was asked. */
function fakeLookup(names: Record<string, string[]>): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup: HostLookup = async (host) => {
    asked.push(host);
    const addresses = names[host];
    if (addresses === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { asked });
}

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '192.0.0.8',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf:ffff::1',
    'fc00::1',
    'fdff:ffff::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:0:a00:1',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b:1::1',
    '2002:7f00:1::1',
  ])('%s is not public', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '11.0.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '169.255.0.1',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('treats anything that is not an address as not public', () => {
    expect(isPrivateAddress('db.example.com')).toBe(true);
    expect(isPrivateAddress('')).toBe(true);
  });
});

describe('parseIpv4Literal', () => {
  it.each([
    ['0x7f.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['10.1', '10.0.0.1'],
    ['169.254.43518', '169.254.169.254'],
    ['0xA9.0xFE.0xA9.0xFE', '169.254.169.254'],
    ['8.8.8.8', '8.8.8.8'],
  ])('reads %s as %s, as the system resolver would', (text, address) => {
    expect(parseIpv4Literal(text)).toBe(address);
  });

  it.each(['db.example.com', '256.1.1.1', '1.2.3.4.5', '08.1.1.1', '0x', '4294967296', '1..1', ''])(
    'reads %s as no address',
    (text) => {
      expect(parseIpv4Literal(text)).toBeNull();
    },
  );
});

describe('resolveDestinationHost', () => {
  const refuse = { allowPrivateAddresses: false };

  it('refuses a name when any of its addresses is not public', async () => {
    const lookup = fakeLookup({ 'mixed.example': ['8.8.8.8', '10.0.0.7'] });
    await expectWarehouseError(
      resolveDestinationHost('mixed.example', { ...refuse, lookup }),
      'address_not_allowed',
    );
  });

  it('refuses literal addresses in every spelling without asking the resolver', async () => {
    const lookup = fakeLookup({});
    for (const host of [
      '127.0.0.1',
      '0x7f.1',
      '2130706433',
      '0177.0.0.1',
      '[::1]',
      '::ffff:7f00:1',
      'fe80::1%eth0',
    ]) {
      await expectWarehouseError(resolveDestinationHost(host, { ...refuse, lookup }), 'address_not_allowed');
    }
    expect(lookup.asked).toEqual([]);
  });

  it('answers the address to connect to: the first IPv4 one, else the first', async () => {
    const lookup = fakeLookup({
      'both.example': ['2606:4700:4700::1111', '1.1.1.1'],
      'six.example': ['2606:4700:4700::1111', '2606:4700:4700::1001'],
    });
    expect(await resolveDestinationHost('both.example', { ...refuse, lookup })).toEqual({
      address: '1.1.1.1',
      family: 4,
    });
    expect(await resolveDestinationHost('six.example', { ...refuse, lookup })).toEqual({
      address: '2606:4700:4700::1111',
      family: 6,
    });
    expect(await resolveDestinationHost('0x8.0x8.0x8.0x8', { ...refuse, lookup })).toEqual({
      address: '8.8.8.8',
      family: 4,
    });
  });

  it('lets private addresses through when allowed (a local database in development)', async () => {
    const lookup = fakeLookup({ localhost: ['127.0.0.1'] });
    expect(await resolveDestinationHost('localhost', { allowPrivateAddresses: true, lookup })).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });

  it('fails like a connection when the name is unknown, keeping the resolver code', async () => {
    const error = await expectWarehouseError(
      resolveDestinationHost('nowhere.invalid', { ...refuse, lookup: fakeLookup({}) }),
      'engine_error',
    );
    expect((error.cause as { code?: string }).code).toBe('ENOTFOUND');
  });
});

describe('opening a destination checks its address first', () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Counts connections and closes them: enough to see whether a client came, without PostgreSQL.
    server = createServer((socket) => {
      connections += 1;
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const postgres = (host: string): PostgresDestinationConfig => ({
    kind: 'postgresql',
    host,
    port,
    database: 'maya',
    user: 'maya',
    password: 'secret',
    ssl: 'disable',
  });

  it('refuses a loopback PostgreSQL before connecting, when opened (loads) and when checked', async () => {
    const before = connections;
    const lookup = fakeLookup({ 'rebind.example': ['127.0.0.1'] });
    await expectWarehouseError(
      openDestinationWarehouse(postgres('127.0.0.1'), { allowPrivateAddresses: false, lookup }),
      'address_not_allowed',
    );
    await expectWarehouseError(
      openDestinationWarehouse(postgres('rebind.example'), { allowPrivateAddresses: false, lookup }),
      'address_not_allowed',
    );
    await expectWarehouseError(
      checkDestination(postgres('rebind.example'), {
        allowPrivateAddresses: false,
        lookup,
        timeoutMs: 2_000,
      }),
      'address_not_allowed',
    );
    expect(connections).toBe(before);
  });

  it('connects to the address it checked, never resolving the name again (DNS rebinding)', async () => {
    // Only our lookup knows this name: a client that resolved it again could not connect at all.
    const lookup = fakeLookup({ 'warehouse.rebind.invalid': ['127.0.0.1'] });
    const before = connections;
    await expect(
      openDestinationWarehouse(postgres('warehouse.rebind.invalid'), { allowPrivateAddresses: true, lookup }),
    ).rejects.toThrow();
    expect(connections).toBe(before + 1);
    expect(lookup.asked).toEqual(['warehouse.rebind.invalid']);
  });

  it('keeps the name for TLS (SNI) while connecting to the checked address', () => {
    const config = { ...postgres('db.example.com'), ssl: 'require' as const };
    expect(postgresConnection(config, { address: '203.0.113.5', family: 4 })).toEqual({
      host: '203.0.113.5',
      port,
      database: 'maya',
      user: 'maya',
      password: 'secret',
      ssl: { rejectUnauthorized: false, servername: 'db.example.com' },
    });
    expect(
      postgresConnection({ ...config, host: '203.0.113.5' }, { address: '203.0.113.5', family: 4 }).ssl,
    ).toEqual({
      rejectUnauthorized: false,
    });
  });

  it('refuses a Databricks host outside Azure Databricks, and one that resolves to a private address, before connecting', async () => {
    const databricks = (host: string): DatabricksDestinationConfig => ({
      kind: 'databricks',
      host,
      httpPath: '/sql/1.0/warehouses/abc',
      authType: 'azure-client-secret',
      azureWorkspaceResourceId: '/subscriptions/x',
      azureClientId: '00000000-0000-0000-0000-000000000000',
      azureClientSecret: 'secret-secret',
      azureTenantId: '00000000-0000-0000-0000-000000000000',
      catalog: 'main',
    });
    const lookup = fakeLookup({
      'adb-1.2.azuredatabricks.net': ['10.2.3.4'],
      'metadata.example': ['8.8.8.8'],
    });
    await expectWarehouseError(
      openDestinationWarehouse(databricks('metadata.example'), { allowPrivateAddresses: false, lookup }),
      'invalid_parameter',
    );
    await expectWarehouseError(
      openDestinationWarehouse(databricks('adb-1.2.azuredatabricks.net'), {
        allowPrivateAddresses: false,
        lookup,
      }),
      'address_not_allowed',
    );
  });
});
