/**
 * The AI SDK's tool approval signature (`experimental_toolApprovalSecret`), which `ai` does not
 * export: HMAC-SHA256 over `["ai-sdk-tool-approval-v1", approvalId, toolCallId, toolName,
 * base64url(SHA-256(canonical JSON of the input))]`, base64url. Kept byte-compatible (a test has the
 * AI SDK verify what this signs) so the server can check an approval against the proposed input,
 * sign an approver's edited input, and re-sign an approval made under a rotated-out key (the AI SDK
 * checks with one secret: the current one). Signed and checked by the server's one signer.
 */
import { fromBase64Url, toBase64Url } from '../security/encoding.js';
import { createSigner, type Signer, type SigningSecret } from '../security/signer.js';

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

async function payload(call: SignedCall): Promise<string> {
  const digest = toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(canonicalJSON(call.input)))));
  return JSON.stringify(['ai-sdk-tool-approval-v1', call.approvalId, call.toolCallId, call.toolName, digest]);
}

/** An approval's call as it is signed. */
export interface SignedCall {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
}

// One signer per secret value (a config keeps its secret for its life): keys are imported once.
const signers = new Map<string, Signer>();
function signerOf(secret: SigningSecret): Signer {
  const id = JSON.stringify(secret);
  let signer = signers.get(id);
  if (!signer) {
    if (signers.size >= 64) signers.clear();
    signers.set(id, (signer = createSigner(secret)));
  }
  return signer;
}

/** Signs an approval request for `input` (with the first secret of a list). */
export async function signApproval(secret: SigningSecret, call: SignedCall): Promise<string> {
  return toBase64Url(await signerOf(secret).sign('tool-approval', await payload(call)));
}

/**
 * Which secret of `secret` made `signature` for the call: 0 the current one, a higher index an
 * older one (rotation), -1 none (constant-time compare).
 */
export async function approvalKeyIndex(secret: SigningSecret, signature: string, call: SignedCall): Promise<number> {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64Url(signature);
  } catch {
    return -1;
  }
  return signerOf(secret).keyIndexOf('tool-approval', await payload(call), bytes);
}

/** Whether `signature` is the server's signature of the call under any of its secrets (constant time). */
export async function verifyApproval(secret: SigningSecret, signature: string, call: SignedCall): Promise<boolean> {
  return (await approvalKeyIndex(secret, signature, call)) !== -1;
}
