/**
 * IP address parsing and classification for the SSRF guard. Web-standard (no Node API): the guard
 * that resolves names lives in `ssrf-guard.ts`. Hosts are taken as the WHATWG URL parser leaves
 * them, which already turns the encoded IPv4 forms (`2130706433`, `0177.0.0.1`, `0x7f.1`) into
 * dotted quads; `parseIPv4` accepts those forms too, for addresses that come from elsewhere.
 */

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

/** Addresses of cloud metadata services (AWS/GCP/Azure, AWS IPv6, Alibaba), refused even with `allowPrivate`. */
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200']);

/** The four bytes of an IPv4 address in any form `inet_aton` takes (dotted, decimal, octal, hex, 1–4 parts), else `undefined`. */
export function parseIPv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4 || parts.some((p) => p === '')) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = parseInt(part, 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) value = parseInt(part, 10);
    else return undefined;
    if (!Number.isFinite(value)) return undefined;
    values.push(value);
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255) || last >= 256 ** (4 - values.length)) return undefined;
  const bytes = [...values];
  for (let i = 3 - values.length; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes;
}

/** The eight 16-bit groups of an IPv6 address (brackets and a zone id allowed), else `undefined`. */
export function parseIPv6(text: string): number[] | undefined {
  let s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  s = s.replace(/%.*$/, '');
  if (!s.includes(':')) return undefined;
  // A trailing dotted IPv4 part (`::ffff:127.0.0.1`) stands for two groups.
  const tail = /(^|:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  let tailGroups: number[] = [];
  if (tail) {
    const v4 = parseIPv4(tail[2]!);
    if (!v4 || tail[2]!.split('.').length !== 4) return undefined;
    tailGroups = [v4[0]! * 256 + v4[1]!, v4[2]! * 256 + v4[3]!];
    s = s.slice(0, s.length - tail[2]!.length);
    if (s.endsWith(':') && !s.endsWith('::')) s = s.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const read = (half: string) => (half === '' ? [] : half.split(':'));
  const head = read(halves[0]!);
  const rest = halves.length === 2 ? read(halves[1]!) : [];
  for (const g of [...head, ...rest]) if (!/^[0-9a-f]{1,4}$/i.test(g)) return undefined;
  const given = head.length + rest.length + tailGroups.length;
  if (halves.length === 1 ? given !== 8 : given > 7) return undefined;
  const groups = head.map((g) => parseInt(g, 16));
  for (let i = 0; i < 8 - given; i++) groups.push(0);
  groups.push(...rest.map((g) => parseInt(g, 16)), ...tailGroups);
  return groups;
}

/** Why an IPv4 address is refused, or `undefined` when it is public. */
export function blockedIPv4(bytes: readonly number[]): BlockedRange | undefined {
  const [a, b, c] = bytes as [number, number, number, number];
  if (METADATA_V4.has(bytes.join('.'))) return 'cloud-metadata';
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 100 && b >= 64 && b <= 127) return 'shared-address (CGNAT)';
  if (a === 192 && b === 0 && c === 0) return 'reserved';
  if ((a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return 'documentation';
  if (a === 198 && (b === 18 || b === 19)) return 'benchmarking';
  if (a === 192 && b === 88 && c === 99) return 'ipv6-transition';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  return undefined;
}

/** Why an IPv6 address is refused (embedded IPv4 addresses are judged as IPv4), or `undefined`. */
export function blockedIPv6(groups: readonly number[]): BlockedRange | undefined {
  const g = groups;
  const v4At = (i: number) => [g[i]! >> 8, g[i]! & 255, g[i + 1]! >> 8, g[i + 1]! & 255];
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (g.every((x) => x === 0)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and IPv4-compatible (::a.b.c.d).
  if (zeroUpTo(5) && g[5] === 0xffff) return blockedIPv4(v4At(6)) ?? undefined;
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return blockedIPv4(v4At(6)) ?? 'ipv6-transition';
  if (zeroUpTo(6)) return blockedIPv4(v4At(6)) ?? 'ipv6-transition';
  // NAT64 (64:ff9b::/96 and 64:ff9b:1::/48) carries an IPv4 address the gateway connects to.
  if (g[0] === 0x64 && g[1] === 0xff9b) return blockedIPv4(v4At(6)) ?? (g[2] === 1 ? 'ipv6-transition' : undefined);
  // 6to4 (2002::/16) embeds an IPv4 address; Teredo (2001::/32) tunnels to hidden hosts.
  if (g[0] === 0x2002) return blockedIPv4(v4At(1)) ?? 'ipv6-transition';
  if (g[0] === 0x2001 && g[1] === 0) return 'ipv6-transition';
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254) return 'cloud-metadata';
  if ((g[0]! & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentation';
  if (g[0] === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return 'reserved'; // 100::/64 discard
  return undefined;
}

/** An address literal (v4 or v6) as `{ family, blocked }`, or `undefined` when `text` is not an address. */
export function classifyAddress(text: string): { family: 4 | 6; blocked: BlockedRange | undefined } | undefined {
  const v6 = parseIPv6(text);
  if (v6) return { family: 6, blocked: blockedIPv6(v6) };
  const v4 = /^[0-9a-fx.]+$/i.test(text) ? parseIPv4(text) : undefined;
  if (v4) return { family: 4, blocked: blockedIPv4(v4) };
  return undefined;
}

/** Whether a refused range is a cloud metadata address (never opened by `allowPrivate`). */
export function isMetadata(range: BlockedRange | undefined): boolean {
  return range === 'cloud-metadata';
}
