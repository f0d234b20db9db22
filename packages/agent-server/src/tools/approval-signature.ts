/**
 * The AI SDK's tool approval signature (`experimental_toolApprovalSecret`), which `ai` does not
 * export: HMAC-SHA256 over `["ai-sdk-tool-approval-v1", approvalId, toolCallId, toolName,
 * base64url(SHA-256(canonical JSON of the input))]`, base64url. Kept byte-compatible (a test has the
 * AI SDK verify what this signs) so the server can check an approval against the proposed input
 * and sign an approver's edited input.
 */

const encoder = new TextEncoder();

/** JSON with object keys sorted (what an input hash is taken of). */
export function canonicalJSON(value: unknown): string {
  if (value === null || value === undefined || typeof value !== 'object') return JSON.stringify(value) as string;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJSON(v))).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJSON(record[k])}`)
    .join(',')}}`;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/g, '');
}

async function payload(approvalId: string, toolCallId: string, toolName: string, input: unknown): Promise<Uint8Array<ArrayBuffer>> {
  const digest = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(canonicalJSON(input)))));
  return encoder.encode(JSON.stringify(['ai-sdk-tool-approval-v1', approvalId, toolCallId, toolName, digest]));
}

async function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** An approval's call as it is signed. */
export interface SignedCall {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** Signs an approval request for `input`. */
export async function signApproval(secret: string, call: SignedCall): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await key(secret), await payload(call.approvalId, call.toolCallId, call.toolName, call.input));
  return base64url(new Uint8Array(signature));
}

/** Whether `signature` is the server's signature of the call (constant time). */
export async function verifyApproval(secret: string, signature: string, call: SignedCall): Promise<boolean> {
  const expected = await signApproval(secret, call);
  if (expected.length !== signature.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return diff === 0;
}
