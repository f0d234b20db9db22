import { HttpError } from './error-response.js';

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Signs and checks opaque paging cursors (HMAC-SHA-256 over the JSON position, Web Crypto). */
export interface CursorCodec {
  encode(kind: string, value: Record<string, unknown>): Promise<string>;
  /** The position, or a 400 `invalid_cursor` for a cursor this server did not sign (or for another kind). */
  decode(kind: string, cursor: string): Promise<Record<string, unknown>>;
}

/**
 * A cursor codec keyed by `secret` (the config's `approvalSecret` when set, so every instance agrees;
 * else a random key of this process: cursors then do not survive a restart).
 */
export function cursorCodec(secret: string | undefined): CursorCodec {
  const keyBytes = secret ? encoder.encode(`cursor:${secret}`) : crypto.getRandomValues(new Uint8Array(32));
  const key = crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const invalid = () => new HttpError('invalid_cursor', 'The cursor is not one this server gave out.');
  return {
    async encode(kind, value) {
      const payload = encoder.encode(JSON.stringify({ k: kind, ...value }));
      const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await key, payload));
      return `${toBase64Url(payload)}.${toBase64Url(signature)}`;
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
      const ok = await crypto.subtle.verify('HMAC', await key, signature as Uint8Array<ArrayBuffer>, payload as Uint8Array<ArrayBuffer>);
      if (!ok) throw invalid();
      const value = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
      if (value.k !== kind) throw invalid();
      return value;
    },
  };
}
