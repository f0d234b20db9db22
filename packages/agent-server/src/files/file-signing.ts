import { fromBase64Url, toBase64Url } from '../security/encoding.js';
import { createSigner, type SigningSecret } from '../security/signer.js';

/** Signs and checks download URLs: HMAC-SHA-256 over the file id, its owner and the expiry. */
export interface FileSigner {
  sign(fileId: string, ownerId: string, expiresAt: number): Promise<string>;
  verify(fileId: string, ownerId: string, expiresAt: number, signature: string): Promise<boolean>;
}

const payloadOf = (fileId: string, ownerId: string, expiresAt: number) => `${fileId}\n${ownerId}\n${expiresAt}`;

/**
 * A signer keyed by `secret` (the config's `approvalSecret` when set, so every instance agrees — a
 * list rotates: the first signs, every one verifies; else a random key of this process: URLs then do
 * not survive a restart, history loads sign them anew).
 */
export function fileSigner(secret: SigningSecret | undefined): FileSigner {
  const signer = createSigner(secret);
  return {
    sign: async (fileId, ownerId, expiresAt) => toBase64Url(await signer.sign('file-url', payloadOf(fileId, ownerId, expiresAt))),
    async verify(fileId, ownerId, expiresAt, signature) {
      let bytes: Uint8Array;
      try {
        bytes = fromBase64Url(signature);
      } catch {
        return false;
      }
      // Only the canonical text of the bytes (base64 has other spellings of the same bytes).
      if (toBase64Url(bytes) !== signature) return false;
      return signer.verify('file-url', payloadOf(fileId, ownerId, expiresAt), bytes);
    },
  };
}
