/**
 * The address a per-address limit counts. One IPv6 subscriber is routinely given a whole /64, so
 * counting single IPv6 addresses would hand one client 2^64 fresh allowances; an IPv6 address is
 * counted by its /64, an IPv4 address (also one written as IPv4-mapped IPv6) by itself.
 */
import { isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

export function clientNetwork(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = IPV4_MAPPED.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  // A dotted IPv4 tail stands for two groups.
  const width = (parts: string[]) => parts.reduce((sum, part) => sum + (part.includes('.') ? 2 : 1), 0);
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? before : [...before, ...Array<string>(8 - width(before) - width(after)).fill('0'), ...after];
  return `${all
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
