/**
 * IP address parsing and classification for the SSRF guard, on `ipaddr.js` (Web-standard, no Node
 * API): the guard that resolves names lives in `ssrf-guard.ts`. Hosts are taken as the WHATWG URL
 * parser leaves them, which already turns the encoded IPv4 forms (`2130706433`, `0177.0.0.1`,
 * `0x7f.1`) into dotted quads; `ipaddr.js` accepts those forms too, for addresses that come from
 * elsewhere. The refused ranges are one table per family (CIDR → reason), matched by
 * `ipaddr.subnetMatch`.
 */
import ipaddr from 'ipaddr.js';

/** Why an address is refused, or `undefined` for a public address. */
export type BlockedRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'shared-address (CGNAT)'
  | 'cloud-metadata'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'ipv6-transition';

type Ranges<A> = Partial<Record<BlockedRange | 'public', [A, number][]>>;
const cidrs4 = (...list: string[]) => list.map((c) => ipaddr.IPv4.parseCIDR(c));
const cidrs6 = (...list: string[]) => list.map((c) => ipaddr.IPv6.parseCIDR(c));

/** IPv4 ranges refused; `subnetMatch` takes the first listed reason whose ranges hold the address, so metadata comes first. */
const BLOCKED_V4: Ranges<ipaddr.IPv4> = {
  // AWS/GCP/Azure, AWS ECS, Alibaba: refused even with `allowPrivate`.
  'cloud-metadata': cidrs4('169.254.169.254/32', '169.254.170.2/32', '100.100.100.200/32'),
  unspecified: cidrs4('0.0.0.0/8'),
  loopback: cidrs4('127.0.0.0/8'),
  private: cidrs4('10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'),
  'link-local': cidrs4('169.254.0.0/16'),
  'shared-address (CGNAT)': cidrs4('100.64.0.0/10'),
  documentation: cidrs4('192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'),
  benchmarking: cidrs4('198.18.0.0/15'),
  'ipv6-transition': cidrs4('192.88.99.0/24'),
  multicast: cidrs4('224.0.0.0/4'),
  reserved: cidrs4('192.0.0.0/24', '240.0.0.0/4'),
};

/** IPv6 ranges whose low 32 bits are an IPv4 address the packet really goes to (judged as IPv4 first). */
const EMBEDS_V4_LOW: Ranges<ipaddr.IPv6> = {
  // IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 local-use (64:ff9b:1::/48).
  'ipv6-transition': cidrs6('::ffff:0:0:0/96', '::/96', '64:ff9b:1::/48'),
  // IPv4-mapped (::ffff:a.b.c.d) is the IPv4 address itself, and NAT64 (64:ff9b::/96) a gateway to it:
  // a public one is public.
  public: cidrs6('::ffff:0:0/96', '64:ff9b::/32'),
};

/** IPv6 ranges refused (after the embedded-IPv4 ones above). */
const BLOCKED_V6: Ranges<ipaddr.IPv6> = {
  unspecified: cidrs6('::/128'),
  loopback: cidrs6('::1/128'),
  'cloud-metadata': cidrs6('fd00:ec2::254/128'),
  // Teredo (2001::/32) tunnels to hidden hosts.
  'ipv6-transition': cidrs6('2001::/32'),
  'unique-local': cidrs6('fc00::/7'),
  'link-local': cidrs6('fe80::/10'),
  private: cidrs6('fec0::/10'), // deprecated site-local
  multicast: cidrs6('ff00::/8'),
  documentation: cidrs6('2001:db8::/32'),
  reserved: cidrs6('100::/64'), // discard
};

/** The four bytes of an IPv4 address in any form `inet_aton` takes (dotted, decimal, octal, hex, 1–4 parts), else `undefined`. */
export function parseIPv4(text: string): number[] | undefined {
  return ipaddr.IPv4.isValid(text) ? ipaddr.IPv4.parse(text).octets : undefined;
}

/** The eight 16-bit groups of an IPv6 address (brackets and a zone id allowed), else `undefined`. */
export function parseIPv6(text: string): number[] | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // A dotted IPv4 tail is written as two hex groups first: `ipaddr.js` reads `::a.b.c.d` (IPv4-compatible) as `::ffff:a.b.c.d` (mapped).
  const s = bare.replace(/(?<=:)(\d+\.\d+\.\d+\.\d+)(?=(%.*)?$)/, (tail) => {
    const b = ipaddr.IPv4.isValidFourPartDecimal(tail) ? ipaddr.IPv4.parse(tail).octets : undefined;
    return b ? `${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}` : tail;
  });
  return ipaddr.IPv6.isValid(s) ? ipaddr.IPv6.parse(s).parts : undefined;
}

const reason = (match: string): BlockedRange | undefined => (match === 'public' ? undefined : (match as BlockedRange));

/** Why an IPv4 address is refused, or `undefined` when it is public. */
export function blockedIPv4(bytes: readonly number[]): BlockedRange | undefined {
  return reason(ipaddr.subnetMatch(new ipaddr.IPv4([...bytes]), BLOCKED_V4, 'public'));
}

/** Why an IPv6 address is refused (embedded IPv4 addresses are judged as IPv4), or `undefined`. */
export function blockedIPv6(groups: readonly number[]): BlockedRange | undefined {
  const address = new ipaddr.IPv6([...groups]);
  const g = address.parts;
  const v4At = (i: number) => [g[i]! >> 8, g[i]! & 255, g[i + 1]! >> 8, g[i + 1]! & 255];
  const embedded = ipaddr.subnetMatch(address, EMBEDS_V4_LOW, 'none');
  // `::` and `::1` lie inside `::/96` but are their own ranges.
  if (embedded !== 'none' && !address.match(ipaddr.IPv6.parseCIDR('::/127'))) return blockedIPv4(v4At(6)) ?? reason(embedded);
  // 6to4 (2002::/16) embeds an IPv4 address in its second and third groups.
  if (address.range() === '6to4') return blockedIPv4(v4At(1)) ?? 'ipv6-transition';
  return reason(ipaddr.subnetMatch(address, BLOCKED_V6, 'public'));
}

/** An address literal (v4 or v6) as `{ family, blocked }`, or `undefined` when `text` is not an address. */
export function classifyAddress(text: string): { family: 4 | 6; blocked: BlockedRange | undefined } | undefined {
  const v6 = parseIPv6(text);
  if (v6) return { family: 6, blocked: blockedIPv6(v6) };
  const v4 = parseIPv4(text);
  if (v4) return { family: 4, blocked: blockedIPv4(v4) };
  return undefined;
}

/** Whether a refused range is a cloud metadata address (never opened by `allowPrivate`). */
export function isMetadata(range: BlockedRange | undefined): boolean {
  return range === 'cloud-metadata';
}
