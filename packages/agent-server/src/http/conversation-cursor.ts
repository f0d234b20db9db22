import { fromBase64Url, toBase64Url } from '../security/encoding.js';
import { createSigner, type SigningSecret } from '../security/signer.js';
import { HttpError } from './error-response.js';

export { fromBase64Url, toBase64Url } from '../security/encoding.js';

const encoder = new TextEncoder();

/** Signs and checks opaque paging cursors (HMAC-SHA-256 over the JSON position: the server's one signer). */
export interface CursorCodec {
  encode(kind: string, value: Record<string, unknown>): Promise<string>;
  /** The position, or a 400 `invalid_cursor` for a cursor this server did not sign (or for another kind). */
  decode(kind: string, cursor: string): Promise<Record<string, unknown>>;
}

/**
 * A cursor codec keyed by `secret` (the config's `approvalSecret` when set, so every instance agrees
 * — a list of secrets rotates: the first signs, every one verifies; else a random key of this
 * process: cursors then do not survive a restart). Format: `base64url(JSON).base64url(HMAC)`.
 */
export function cursorCodec(secret: SigningSecret | undefined): CursorCodec {
  const signer = createSigner(secret);
  const invalid = () => new HttpError('invalid_cursor', 'The cursor is not one this server gave out.');
  return {
    async encode(kind, value) {
      const payload = encoder.encode(JSON.stringify({ k: kind, ...value }));
      return `${toBase64Url(payload)}.${toBase64Url(await signer.sign('cursor', payload))}`;
    },
    async decode(kind, cursor) {
      const [payloadText, signatureText, extra] = cursor.split('.');
      if (!payloadText || !signatureText || extra !== undefined || cursor.length > 2_000) throw invalid();
      let payload: Uint8Array;
      let signature: Uint8Array;
      try {
        payload = fromBase64Url(payloadText);
        signature = fromBase64Url(signatureText);
      } catch {
        throw invalid();
      }
      if (!(await signer.verify('cursor', payload, signature))) throw invalid();
      let value: Record<string, unknown>;
      try {
        value = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
      } catch {
        throw invalid();
      }
      if (typeof value !== 'object' || value === null || value.k !== kind) throw invalid();
      return value;
    },
  };
}
