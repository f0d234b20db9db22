import { toBase64Url } from '../http/conversation-cursor.js';

const encoder = new TextEncoder();

/** Signs and checks download URLs: HMAC-SHA-256 over the file id, its owner and the expiry. */
export interface FileSigner {
  sign(fileId: string, ownerId: string, expiresAt: number): Promise<string>;
  verify(fileId: string, ownerId: string, expiresAt: number, signature: string): Promise<boolean>;
}

/**
 * A signer keyed by `secret` (the config's `approvalSecret` when set, so every instance agrees; else
 * a random key of this process: URLs then do not survive a restart, history loads sign them anew).
 */
export function fileSigner(secret: string | undefined): FileSigner {
  const keyBytes = secret ? encoder.encode(`files:${secret}`) : crypto.getRandomValues(new Uint8Array(32));
  const key = crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = async (fileId: string, ownerId: string, expiresAt: number) =>
    toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(`${fileId}\n${ownerId}\n${expiresAt}`))));
  return {
    sign: mac,
    async verify(fileId, ownerId, expiresAt, signature) {
      const expected = await mac(fileId, ownerId, expiresAt);
      // Constant-time compare of two short strings of the same alphabet.
      if (expected.length !== signature.length) return false;
      let diff = 0;
      for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
      return diff === 0;
    },
  };
}
