import { describe, expect, it } from 'vitest';
import { limitedAddress } from './limiter';

describe('limitedAddress', () => {
  it('counts an IPv6 client by its /64, in any spelling, and IPv4 as it is', () => {
    for (const ip of [
      '2001:db8:77:1::1',
      '2001:db8:77:1:ffff::9',
      '2001:0DB8:0077:0001:0:0:0:2',
      '2001:db8:77:1::1%eth0',
    ])
      expect(limitedAddress(ip)).toBe('2001:db8:77:1::/64');
    expect(limitedAddress('2001:db8:77:2::1')).toBe('2001:db8:77:2::/64');
    expect(limitedAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitedAddress('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    expect(limitedAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(limitedAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitedAddress('203.0.113.9')).toBe('203.0.113.9');
  });
});
