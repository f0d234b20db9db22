import { fromBase64Url, toBase64Url } from '../security/encoding.js';
import { createSigner, type SigningSecret } from '../security/signer.js';
import { HttpError } from '../http/error-response.js';
import { canonicalJSON } from '../tools/approval-signature.js';

/** How long the user has to approve a call of an app (the token expires then). */
export const APP_CALL_APPROVAL_TTL_MS = 5 * 60_000;

/** What an approval token of an app's call is bound to: who asked, where, which tool, with which input. */
export interface AppCallBinding {
  agentId: string;
  /** The user's id in the store (`storeUserId`), the same for every request of that user. */
  userId: string;
  conversationId: string | undefined;
  /** The MCP source's name in the agent's config. */
  server: string;
  /** The tool's name on its MCP server. */
  tool: string;
  /** The input the tool runs with (checked against its schema). */
  input: unknown;
}

/** Issues and redeems the server's approval tokens of calls made from inside MCP Apps. */
export interface AppCallApprovals {
  /** A signed token for the call, valid until `expiresAt`. */
  issue(binding: AppCallBinding): Promise<{ token: string; expiresAt: number }>;
  /** Accepts the token once, for exactly this call; else a 409 `approval_not_pending`. */
  redeem(token: string, binding: AppCallBinding): Promise<void>;
}

interface TokenPayload {
  k: 'mcp-app-call';
  /** Nonce: what makes the token single-use. */
  n: string;
  /** Expiry, ms since epoch. */
  e: number;
  /** Base64url SHA-256 of the binding (canonical JSON, the input as its own hash). */
  b: string;
}

const encoder = new TextEncoder();

async function sha256(text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

async function bindingHash(binding: AppCallBinding): Promise<string> {
  const input = await sha256(canonicalJSON(binding.input ?? null));
  return sha256(canonicalJSON([binding.agentId, binding.userId, binding.conversationId ?? null, binding.server, binding.tool, input]));
}

/**
 * Approval tokens for app calls: `base64url(payload).base64url(HMAC-SHA-256)`, keyed by `secret` (the
 * config's `approvalSecret` when set, so every instance agrees — a list rotates: the first signs,
 * every one verifies; else a random key of this process). A
 * token is bound to the agent, user, conversation, server, tool and input hash of the call it was
 * issued for, expires after {@link APP_CALL_APPROVAL_TTL_MS}, and is accepted once: its nonce is
 * remembered until it expires. The memory is this process's, so behind a load balancer a token is
 * single-use per instance (the expiry bounds a replay on another one).
 */
export function appCallApprovals(secret: SigningSecret | undefined, now: () => number = Date.now): AppCallApprovals {
  const signer = createSigner(secret);
  const used = new Map<string, number>();
  const refused = () => new HttpError('approval_not_pending', 'The approval is not one this server gave for this call, has expired or was used.');
  const forget = (at: number) => {
    for (const [nonce, expiresAt] of used) if (expiresAt <= at) used.delete(nonce);
  };
  return {
    async issue(binding) {
      const expiresAt = now() + APP_CALL_APPROVAL_TTL_MS;
      const payload: TokenPayload = { k: 'mcp-app-call', n: crypto.randomUUID(), e: expiresAt, b: await bindingHash(binding) };
      const bytes = encoder.encode(JSON.stringify(payload));
      const signature = await signer.sign('app-call', bytes);
      return { token: `${toBase64Url(bytes)}.${toBase64Url(signature)}`, expiresAt };
    },
    async redeem(token, binding) {
      const [payloadText, signatureText, extra] = token.split('.');
      if (!payloadText || !signatureText || extra !== undefined) throw refused();
      let payload: TokenPayload;
      try {
        const bytes = fromBase64Url(payloadText);
        const signature = fromBase64Url(signatureText);
        if (!(await signer.verify('app-call', bytes, signature))) throw refused();
        payload = JSON.parse(new TextDecoder().decode(bytes)) as TokenPayload;
      } catch {
        throw refused();
      }
      const at = now();
      if (payload.k !== 'mcp-app-call' || typeof payload.n !== 'string' || typeof payload.e !== 'number' || payload.e <= at) throw refused();
      if (payload.b !== (await bindingHash(binding))) throw refused();
      // No await from here on: of two concurrent requests with one token, only the first gets it.
      forget(at);
      if (used.has(payload.n)) throw refused();
      used.set(payload.n, payload.e);
    },
  };
}

// One set of tokens per server config (one per `createAgentServer`), like the app resource cache.
const perConfig = new WeakMap<object, AppCallApprovals>();

/** The approval tokens of the server made from `config` (keyed by its `approvalSecret`). */
export function appCallApprovalsOf(config: { approvalSecret?: SigningSecret | undefined }): AppCallApprovals {
  let approvals = perConfig.get(config);
  if (!approvals) perConfig.set(config, (approvals = appCallApprovals(config.approvalSecret)));
  return approvals;
}
