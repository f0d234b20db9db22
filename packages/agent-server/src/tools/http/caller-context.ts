/**
 * Signed caller context headers of HTTP tools (Web Crypto only, so a receiver can verify them on
 * any runtime with `verifyCallerContext`).
 *
 * Headers sent: `x-agent-id`, `x-agent-conversation-id`, `x-agent-user-id`, `x-agent-turn-id`,
 * `x-agent-tool-call-id` (empty values left out), `x-agent-timestamp` (Unix seconds) and
 * `x-agent-signature: v1=<hex>`, the HMAC-SHA256 with the shared secret of the lines
 * `v1`, timestamp, method, URL, the five ids (empty when absent) and the hex SHA-256 of the body,
 * joined by `\n`. Binding method, URL and body stops a signed request from being replayed
 * elsewhere; the timestamp bounds its age.
 */

import { toHex } from '../../security/encoding.js';
import { createSigner, type SigningSecret } from '../../security/signer.js';

/** Who a tool call is made for. */
export interface CallerContext {
  agentId: string;
  conversationId?: string | undefined;
  userId?: string | undefined;
  turnId?: string | undefined;
  toolCallId?: string | undefined;
}

const FIELDS = [
  ['agentId', 'x-agent-id'],
  ['conversationId', 'x-agent-conversation-id'],
  ['userId', 'x-agent-user-id'],
  ['turnId', 'x-agent-turn-id'],
  ['toolCallId', 'x-agent-tool-call-id'],
] as const;

/** The names of the caller headers (dropped on a redirect to another origin). */
export const CALLER_CONTEXT_HEADERS: readonly string[] = [...FIELDS.map(([, header]) => header), 'x-agent-timestamp', 'x-agent-signature'];

const encoder = new TextEncoder();

const sha256Hex = async (bytes: Uint8Array): Promise<string> => toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)));

async function payloadOf(timestamp: string, method: string, url: string, context: CallerContext, body: string | Uint8Array | undefined): Promise<string> {
  const bodyHash = await sha256Hex(typeof body === 'string' ? encoder.encode(body) : (body ?? new Uint8Array()));
  return ['v1', timestamp, method.toUpperCase(), url, ...FIELDS.map(([field]) => context[field] ?? ''), bodyHash].join('\n');
}

/** `v1=<hex>` → the signature's bytes (undefined when malformed). */
function signatureBytes(header: string): Uint8Array | undefined {
  const match = /^v1=((?:[0-9a-f]{2})+)$/.exec(header);
  if (!match) return undefined;
  return Uint8Array.from(match[1]!.match(/../g)!, (pair) => parseInt(pair, 16));
}

/** The caller headers of one request, signed. */
export async function signCallerContext(
  secret: SigningSecret,
  request: { method: string; url: string; body?: string | Uint8Array | undefined },
  context: CallerContext,
  now: number = Date.now(),
): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(now / 1000));
  const headers: Record<string, string> = {};
  for (const [field, header] of FIELDS) if (context[field]) headers[header] = context[field];
  headers['x-agent-timestamp'] = timestamp;
  const signature = await createSigner(secret).sign('caller-context', await payloadOf(timestamp, request.method, request.url, context, request.body));
  headers['x-agent-signature'] = `v1=${toHex(signature)}`;
  return headers;
}

/** What `verifyCallerContext` answers. */
export type CallerContextVerification = { ok: true; context: CallerContext } | { ok: false; reason: string };

/**
 * Verifies the caller headers of a request an HTTP tool sent (for the receiving service): the
 * signature over method, URL, ids and body, and an age of at most `maxAgeSeconds` (default 300).
 * `secret` may be a list while a key rotates (any one of them verifies; constant-time compare).
 * Pass the URL as the request reached you from the tool (the full URL, query included) and the
 * raw body bytes or text.
 */
export async function verifyCallerContext(options: {
  secret: SigningSecret;
  method: string;
  url: string;
  headers: Headers | Record<string, string | undefined>;
  body?: string | Uint8Array | undefined;
  maxAgeSeconds?: number;
  now?: number;
}): Promise<CallerContextVerification> {
  const get = (name: string): string | undefined =>
    options.headers instanceof Headers ? (options.headers.get(name) ?? undefined) : (options.headers[name] ?? undefined);
  const signature = get('x-agent-signature');
  const timestamp = get('x-agent-timestamp');
  const agentId = get('x-agent-id');
  if (!signature || !timestamp || !agentId) return { ok: false, reason: 'missing caller context headers' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'malformed timestamp' };
  const age = Math.floor((options.now ?? Date.now()) / 1000) - Number(timestamp);
  if (Math.abs(age) > (options.maxAgeSeconds ?? 300)) return { ok: false, reason: 'expired' };
  const context: CallerContext = { agentId };
  for (const [field, header] of FIELDS) {
    const value = get(header);
    if (value && field !== 'agentId') context[field] = value;
  }
  const bytes = signatureBytes(signature);
  const payload = await payloadOf(timestamp, options.method, options.url, context, options.body);
  if (!bytes || !(await createSigner(options.secret).verify('caller-context', payload, bytes))) return { ok: false, reason: 'bad signature' };
  return { ok: true, context };
}
