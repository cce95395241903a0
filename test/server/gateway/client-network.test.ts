/** The address a per-address limit counts: IPv4 itself, IPv6 by its /64. */
import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../../server/gateway/client-network.js';

describe('clientNetwork', () => {
  it('counts an IPv4 address by itself, also when written as IPv4-mapped IPv6', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:1:2::/64';
    for (const ip of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:9', '2001:db8:1:2::a%eth0', '2001:db8:1:2::1.2.3.4']) {
      expect(clientNetwork(ip), ip).toBe(network);
    }
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });
});
