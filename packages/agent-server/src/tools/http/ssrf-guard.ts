import { classifyAddress, isMetadata, type BlockedRange } from './ip-address.js';

/** One address a name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the default asks the OS resolver, `node:dns`). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** What the guard lets through beyond public addresses. */
export interface SsrfOptions {
  /**
   * Let the request reach loopback, private, link-local, unique-local and CGNAT addresses (never
   * cloud metadata). For tests and trusted internal services only.
   */
  allowPrivate?: boolean;
  /** Host names (`api.internal`, or `*.internal` for sub-domains) reachable whatever they resolve to. */
  allowHosts?: readonly string[];
  /** The resolver (tests pass their own; default `node:dns` lookup, every address). */
  resolve?: HostResolver;
}

/** A URL the guard accepted, with the address the connection must use (pinned: no second lookup). */
export interface CheckedTarget {
  url: URL;
  hostname: string;
  address: string;
  family: 4 | 6;
}

/** A refused destination; the model sees the message as the tool error. */
export class SsrfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SsrfError';
  }
}

/** Names of cloud metadata services, refused by name (they resolve to metadata addresses anyway). */
const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** Whether `hostname` is named by an `allowHosts` entry (exact, or `*.suffix` for sub-domains). */
export function isAllowedHost(hostname: string, allowHosts: readonly string[] | undefined): boolean {
  const host = hostname.toLowerCase();
  return (allowHosts ?? []).some((entry) => {
    const rule = entry.toLowerCase();
    return rule.startsWith('*.') ? host.endsWith(rule.slice(1)) : host === rule;
  });
}

/**
 * Checks one destination (the first URL or a redirect's) and picks the address to connect to.
 * The host is resolved once; every address it has must be public (one private answer refuses the
 * whole name, so a resolver mixing answers cannot slip one through), unless `allowHosts` names it
 * or `allowPrivate` opens the private ranges. The returned address is the one the connection
 * must use, so a DNS rebind after the check cannot redirect it.
 */
export async function checkTarget(url: URL, options: SsrfOptions): Promise<CheckedTarget> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SsrfError(`Refused ${url.protocol} URL: only http and https are allowed.`);
  const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const named = isAllowedHost(bare, options.allowHosts);
  const refuse = (what: string, range: BlockedRange): never => {
    throw new SsrfError(`Refused ${url.host}: ${what} is a ${range} address (set allowHosts or allowPrivate to reach it).`);
  };
  const judge = (address: string, range: BlockedRange | undefined) => {
    if (range === undefined || named) return;
    if (options.allowPrivate && !isMetadata(range)) return;
    refuse(address === bare ? 'it' : `it resolves to ${address}, which`, range);
  };

  const literal = classifyAddress(bare);
  if (literal) {
    judge(bare, literal.blocked);
    return { url, hostname: bare, address: bare, family: literal.family };
  }
  if (!named && METADATA_HOSTS.has(hostname)) refuse('it', 'cloud-metadata');
  if (!named && !options.allowPrivate && (hostname === 'localhost' || hostname.endsWith('.localhost'))) refuse('it', 'loopback');

  const resolve = options.resolve ?? defaultResolver;
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    throw new SsrfError(`Could not resolve ${hostname}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (addresses.length === 0) throw new SsrfError(`Could not resolve ${hostname}: no address.`);
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (!kind) throw new SsrfError(`Refused ${url.host}: the resolver answered "${address}", which is not an address.`);
    judge(address, kind.blocked);
  }
  const pinned = addresses[0]!;
  return { url, hostname, address: pinned.address, family: pinned.family };
}

async function defaultResolver(hostname: string): Promise<ResolvedAddress[]> {
  const { lookup } = await import('node:dns/promises');
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}
