import { describe, expect, it } from 'vitest';
import { checkTarget, SsrfError, type HostResolver } from './ssrf-guard.js';
import { blockedIPv6, parseIPv4, parseIPv6 } from './ip-address.js';

/** A resolver with fixed answers; an unknown name fails like NXDOMAIN. */
function fixedResolver(answers: Record<string, string[]>): HostResolver {
  return async (hostname) => {
    const list = answers[hostname];
    if (!list) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const resolve = fixedResolver({
  'public.example': ['93.184.216.34'],
  'internal.example': ['10.1.2.3'],
  'loop.example': ['127.0.0.1'],
  'mixed.example': ['93.184.216.34', '192.168.1.10'],
  'v6loop.example': ['::1'],
  'v6ula.example': ['fd12:3456:789a::1'],
  'v6mapped.example': ['::ffff:169.254.169.254'],
  'metadata-alias.example': ['169.254.169.254'],
  'cgnat.example': ['100.64.0.1'],
  'zero.example': ['0.0.0.0'],
});

const hostile = [
  'http://127.0.0.1/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://0x7f.0x0.0x0.0x1/',
  'http://017700000001/',
  'http://0.0.0.0/',
  'http://0/',
  'http://localhost:8080/',
  'http://api.localhost/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://169.254.0.1/',
  'http://100.64.0.1/',
  'http://100.100.100.200/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://[::1]/',
  'http://[::]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[0:0:0:0:0:ffff:10.0.0.1]/',
  'http://[::127.0.0.1]/',
  'http://[fc00::1]/',
  'http://[fd00:ec2::254]/',
  'http://[fe80::1]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[2002:7f00:1::]/',
  'http://[ff02::1]/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://internal.example/',
  'http://loop.example/',
  'http://mixed.example/',
  'http://v6loop.example/',
  'http://v6ula.example/',
  'http://v6mapped.example/',
  'http://metadata-alias.example/',
  'http://cgnat.example/',
  'http://zero.example/',
  'http://nxdomain.example/',
  'file:///etc/passwd',
  'ftp://public.example/',
  'gopher://127.0.0.1:6379/_FLUSHALL',
];

describe('SSRF guard', () => {
  it.each(hostile)('refuses %s', async (raw) => {
    await expect(checkTarget(new URL(raw), { resolve })).rejects.toBeInstanceOf(SsrfError);
  });

  it('has a table of at least 30 hostile URLs', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
  });

  it('lets a public name through and pins the address it checked', async () => {
    await expect(checkTarget(new URL('https://public.example/x'), { resolve })).resolves.toMatchObject({ address: '93.184.216.34', family: 4 });
    await expect(checkTarget(new URL('http://93.184.216.34/'), { resolve })).resolves.toMatchObject({ address: '93.184.216.34' });
  });

  it('resolves once per check: a rebinding resolver cannot change the address after the check', async () => {
    let calls = 0;
    const rebinding: HostResolver = async () => (calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    const target = await checkTarget(new URL('http://rebind.example/'), { resolve: rebinding });
    expect(target.address).toBe('93.184.216.34');
    expect(calls).toBe(1);
    // The next check (a redirect's, or the next call) sees the rebound answer and refuses it.
    await expect(checkTarget(new URL('http://rebind.example/'), { resolve: rebinding })).rejects.toThrow(/resolves to 127\.0\.0\.1/);
  });

  it('refuses a rebinding resolver that answers a public and a private address at once', async () => {
    const both: HostResolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(checkTarget(new URL('http://rebind.example/'), { resolve: both })).rejects.toThrow(/loopback/);
  });

  it('allowPrivate opens loopback and private ranges but never cloud metadata', async () => {
    await expect(checkTarget(new URL('http://127.0.0.1:3000/'), { resolve, allowPrivate: true })).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(checkTarget(new URL('http://internal.example/'), { resolve, allowPrivate: true })).resolves.toMatchObject({ address: '10.1.2.3' });
    await expect(checkTarget(new URL('http://169.254.169.254/'), { resolve, allowPrivate: true })).rejects.toThrow(/cloud-metadata/);
    await expect(checkTarget(new URL('http://[fd00:ec2::254]/'), { resolve, allowPrivate: true })).rejects.toThrow(/cloud-metadata/);
  });

  it('allowHosts opens exactly the named hosts', async () => {
    await expect(checkTarget(new URL('http://internal.example/'), { resolve, allowHosts: ['internal.example'] })).resolves.toMatchObject({ address: '10.1.2.3' });
    await expect(checkTarget(new URL('http://internal.example/'), { resolve, allowHosts: ['*.example'] })).resolves.toMatchObject({ address: '10.1.2.3' });
    await expect(checkTarget(new URL('http://loop.example/'), { resolve, allowHosts: ['internal.example'] })).rejects.toThrow(/loopback/);
  });
});

describe('address parsing', () => {
  it('reads the inet_aton forms of IPv4', () => {
    expect(parseIPv4('2130706433')).toEqual([127, 0, 0, 1]);
    expect(parseIPv4('0x7f.1')).toEqual([127, 0, 0, 1]);
    expect(parseIPv4('0177.0.0.01')).toEqual([127, 0, 0, 1]);
    expect(parseIPv4('10.1')).toEqual([10, 0, 0, 1]);
    expect(parseIPv4('256.0.0.1')).toBeUndefined();
    expect(parseIPv4('1.2.3.4.5')).toBeUndefined();
  });

  it('reads IPv6 with :: and a dotted tail, and judges the embedded IPv4', () => {
    expect(parseIPv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIPv6('[fe80::1%eth0]')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('1::2::3')).toBeUndefined();
    expect(blockedIPv6(parseIPv6('::ffff:8.8.8.8')!)).toBeUndefined();
    expect(blockedIPv6(parseIPv6('2606:4700::1111')!)).toBeUndefined();
    expect(blockedIPv6(parseIPv6('::ffff:192.168.0.1')!)).toBe('private');
  });
});
