import { lookup as systemLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WarehouseError, errorMessage } from './errors';

/**
 * Where a destination may connect. The server connects to a host a customer typed in, so
 * without this a customer could make it reach the server's own network: loopback services, the
 * cloud metadata address, databases on a private network. Production refuses every address that
 * is not publicly routable; development allows them for a local PostgreSQL.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address of a host name; node's dns.lookup (the system resolver, as clients use) by default. */
export type HostLookup = (host: string) => Promise<ResolvedAddress[]>;

export type AddressPolicy = {
  /** Whether loopback, link-local and private addresses may be reached (a local database in development). */
  allowPrivateAddresses: boolean;
  lookup?: HostLookup;
};

const defaultLookup: HostLookup = async (host) =>
  (await systemLookup(host, { all: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** [first address, prefix length] of the IPv4 ranges that are not publicly routable. */
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT, also used inside clouds
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast, reserved and broadcast
];

const toUint32 = (dotted: string): number =>
  dotted.split('.').reduce((value, part) => value * 256 + Number(part), 0);

const PRIVATE_V4_RANGES = PRIVATE_V4.map(([first, bits]) => ({
  first: toUint32(first),
  size: 2 ** (32 - bits),
}));

function isPrivateV4(value: number): boolean {
  return PRIVATE_V4_RANGES.some(({ first, size }) => value >= first && value < first + size);
}

const dotted = (value: number): string =>
  [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');

/**
 * An IPv4 address in any spelling the C resolver accepts (inet_aton): one to four parts, each
 * decimal, octal with a leading 0 or hex with 0x, the last part filling the remaining bytes
 * (`0x7f.1`, `2130706433`, `0177.0.0.1`, `127.1`), as a dotted quad; null if it is not one.
 * Read here rather than left to the resolver so that the check does not depend on its library.
 */
export function parseIpv4Literal(text: string): string | null {
  const parts = text.split('.');
  if (parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]+$/i.test(part)) value = parseInt(part.slice(2), 16);
    else if (/^0[0-7]*$/.test(part)) value = parseInt(part, 8);
    else if (/^[1-9][0-9]*$/.test(part)) value = parseInt(part, 10);
    else return null;
    values.push(value);
  }
  const last = values.pop();
  if (last === undefined || values.some((value) => value > 255)) return null;
  if (last >= 2 ** (8 * (4 - values.length))) return null;
  const value = values.reduce((sum, byte, index) => sum + byte * 2 ** (8 * (3 - index)), 0) + last;
  return dotted(value);
}

/** The eight 16-bit words of an IPv6 address (a zone `%eth0` ignored); null if it is not one. */
function ipv6Words(text: string): number[] | null {
  const address = text.split('%')[0] ?? '';
  if (isIP(address) !== 6) return null;
  // A trailing dotted quad (::ffff:127.0.0.1) is the last two words.
  const hex = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (quad: string) => {
    const value = toUint32(quad);
    return `${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  });
  const [head = '', rest] = hex.split('::');
  const words = (part: string) => (part === '' ? [] : part.split(':').map((word) => parseInt(word, 16)));
  const before = words(head);
  const after = rest === undefined ? [] : words(rest);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

const v4Of = (high: number, low: number): number => high * 65_536 + low;

function isPrivateV6(w: number[]): boolean {
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0, w5 = 0, w6 = 0, w7 = 0] = w;
  const zeroTo = (end: number) => w.slice(0, end).every((word) => word === 0);
  // IPv4 inside IPv6 reaches that IPv4 address: mapped ::ffff:a.b.c.d, translated
  // ::ffff:0:a.b.c.d, compatible ::a.b.c.d (also :: and ::1), NAT64 64:ff9b::a.b.c.d, 6to4 2002:ab:cd::.
  if (zeroTo(5) && w5 === 0xffff) return isPrivateV4(v4Of(w6, w7));
  if (zeroTo(4) && w4 === 0xffff && w5 === 0) return isPrivateV4(v4Of(w6, w7));
  if (zeroTo(6)) return true;
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0) {
    return isPrivateV4(v4Of(w6, w7));
  }
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 1) return true; // local-use NAT64, RFC 8215
  if (w0 === 0x2002) return isPrivateV4(v4Of(w1, w2));
  if ((w0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((w0 & 0xffc0) === 0xfe80 || (w0 & 0xffc0) === 0xfec0) return true; // link-local, old site-local
  if ((w0 & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/**
 * Whether an address is one a destination must not reach in production: loopback, unspecified,
 * link-local, private, carrier-grade NAT, multicast or reserved, IPv4 inside IPv6 included.
 * Anything that is not an address at all counts as not public.
 */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) return isPrivateV4(toUint32(address));
  const words = ipv6Words(address);
  return words === null ? true : isPrivateV6(words);
}

function notAllowed(host: string, address: string): WarehouseError {
  return new WarehouseError(
    'address_not_allowed',
    `${host} is ${address === host ? '' : `at ${address}, `}not a publicly reachable address`,
  );
}

/**
 * Every address `host` stands for: itself when it is an address in any spelling, else what the
 * resolver answers. A name that cannot be resolved fails as a connection would (its code kept).
 */
async function addressesOf(host: string, lookup: HostLookup): Promise<ResolvedAddress[]> {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare.split('%')[0] ?? '');
  if (family === 4 || family === 6) return [{ address: bare, family }];
  const literal = parseIpv4Literal(bare);
  if (literal !== null) return [{ address: literal, family: 4 }];
  try {
    const found = await lookup(bare);
    if (found.length === 0) throw Object.assign(new Error(`no address for ${bare}`), { code: 'ENOTFOUND' });
    return found;
  } catch (error) {
    throw new WarehouseError('engine_error', `cannot resolve ${bare}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

/**
 * Resolves a destination's host once and checks every address it has (a name with one public
 * and one private address is refused: a client may pick either). Answers the address to connect
 * to, the first IPv4 one if any (servers without an IPv6 route are common), else the first.
 * Callers connect to that address rather than the name, so that a name which answers a public
 * address now and a private one a moment later (DNS rebinding) cannot slip past the check.
 */
export async function resolveDestinationHost(host: string, policy: AddressPolicy): Promise<ResolvedAddress> {
  const addresses = await addressesOf(host, policy.lookup ?? defaultLookup);
  if (!policy.allowPrivateAddresses) {
    const refused = addresses.find(({ address }) => isPrivateAddress(address));
    if (refused) throw notAllowed(host, refused.address);
  }
  const chosen = addresses.find(({ family }) => family === 4) ?? addresses[0];
  if (chosen === undefined) throw new WarehouseError('engine_error', `no address for ${host}`);
  return chosen;
}
