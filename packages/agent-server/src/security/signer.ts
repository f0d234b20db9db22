import { timingSafeEqual } from './timing-safe-equal.js';

/**
 * A signing secret, or several for key rotation: the first signs, every one verifies. To roll a
 * key across instances without breaking links, cursors or pending approvals: deploy `[new, old]`
 * everywhere, then (once what the old key signed has expired or been answered) `new` alone.
 */
export type SigningSecret = string | readonly string[];

/**
 * What a signature is for. Each purpose signs under a key of its own (the secret prefixed with the
 * purpose's tag), or — for the two formats a party outside this server checks with the bare secret
 * (the AI SDK's tool approvals, an HTTP tool's caller context) — with a payload that must begin
 * with the purpose's own tag. Either way a signature made for one purpose never verifies as another.
 */
export type SigningPurpose = 'cursor' | 'file-url' | 'app-call' | 'tool-approval' | 'caller-context';

interface PurposeRule {
  /** Put before the secret's bytes to make the purpose's key ('' for the bare secret). */
  keyTag: string;
  /** With the bare secret: what every payload of the purpose starts with (checked on sign and verify). */
  payloadTag?: string;
}

/** The key tags are the ones each use had before the signer existed: what they signed still verifies. */
const PURPOSES: Record<SigningPurpose, PurposeRule> = {
  cursor: { keyTag: 'cursor:' },
  'file-url': { keyTag: 'files:' },
  'app-call': { keyTag: 'mcp-app-call:' },
  // The AI SDK signs and checks approvals itself, with the bare `experimental_toolApprovalSecret`.
  'tool-approval': { keyTag: '', payloadTag: '["ai-sdk-tool-approval-v1",' },
  // The tool's server checks the bare shared secret (`verifyCallerContext`, or its own code).
  'caller-context': { keyTag: '', payloadTag: 'v1\n' },
};

/** HMAC-SHA-256 signatures with key rotation and one key per purpose (see {@link createSigner}). */
export interface Signer {
  /** How many keys verify (1 without rotation). */
  readonly keyCount: number;
  /** The HMAC-SHA-256 of `payload` for `purpose`, under the first (current) key. */
  sign(purpose: SigningPurpose, payload: string | Uint8Array): Promise<Uint8Array>;
  /** Whether `signature` is the HMAC of `payload` for `purpose` under any of the keys. */
  verify(purpose: SigningPurpose, payload: string | Uint8Array, signature: Uint8Array): Promise<boolean>;
  /** The index of the key that made `signature` (0: the current one), or -1 for none. */
  keyIndexOf(purpose: SigningPurpose, payload: string | Uint8Array, signature: Uint8Array): Promise<number>;
}

const encoder = new TextEncoder();

/** The secrets of a {@link SigningSecret}, first (signing) one first. */
export function signingSecrets(secret: SigningSecret): readonly string[] {
  return typeof secret === 'string' ? [secret] : secret;
}

/**
 * What is wrong with `value` as a {@link SigningSecret} at config path `path` (a string, or a
 * non-empty array of strings, each of at least `minLength` characters): one issue per problem, with
 * the path of the element at fault (`path[1]`); `[]` when it is usable.
 */
export function signingSecretIssues(value: unknown, path: string, minLength: number): { path: string; message: string }[] {
  const long = `a string of at least ${minLength} characters`;
  if (typeof value === 'string') return value.length >= minLength ? [] : [{ path, message: `must be ${long}, or a non-empty array of them` }];
  if (!Array.isArray(value)) return [{ path, message: `must be ${long}, or a non-empty array of them (the first signs, every one verifies)` }];
  if (value.length === 0) return [{ path, message: 'must not be an empty array (the first secret signs, every one verifies)' }];
  return value.flatMap((item, i) => (typeof item === 'string' && item.length >= minLength ? [] : [{ path: `${path}[${i}]`, message: `must be ${long}` }]));
}

/** The first secret (the one that signs), or undefined. */
export function currentSecret(secret: SigningSecret | undefined): string | undefined {
  return secret === undefined ? undefined : signingSecrets(secret)[0];
}

function bytesOf(payload: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return (typeof payload === 'string' ? encoder.encode(payload) : payload) as Uint8Array<ArrayBuffer>;
}

function checkTag(purpose: SigningPurpose, payload: Uint8Array): boolean {
  const tag = PURPOSES[purpose].payloadTag;
  if (tag === undefined) return true;
  const head = encoder.encode(tag);
  return payload.length >= head.length && timingSafeEqual(payload.subarray(0, head.length), head);
}

/**
 * The one signer of the server's HMAC uses (conversation cursors, file URLs, tool approvals, MCP
 * app-call tokens, HTTP tools' caller context): HMAC-SHA-256 over Web Crypto, compared with
 * {@link timingSafeEqual}. `secret` is a secret or a list of them (rotation: the first signs, every
 * one verifies); without one, a random key of this signer (what it signs then does not survive a
 * restart or verify on another instance).
 */
export function createSigner(secret: SigningSecret | undefined): Signer {
  const secrets: Uint8Array[] = secret === undefined ? [crypto.getRandomValues(new Uint8Array(32))] : signingSecrets(secret).map((s) => encoder.encode(s));
  if (secrets.length === 0) throw new TypeError('A signer needs at least one secret.');
  const keys = new Map<SigningPurpose, Promise<CryptoKey>[]>();
  const keysOf = (purpose: SigningPurpose): Promise<CryptoKey>[] => {
    let found = keys.get(purpose);
    if (!found) {
      const tag = encoder.encode(PURPOSES[purpose].keyTag);
      found = secrets.map((bytes) => {
        const material = new Uint8Array(tag.length + bytes.length);
        material.set(tag);
        material.set(bytes, tag.length);
        return crypto.subtle.importKey('raw', material, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      });
      keys.set(purpose, found);
    }
    return found;
  };
  const mac = async (key: Promise<CryptoKey>, payload: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.sign('HMAC', await key, payload));
  const keyIndexOf = async (purpose: SigningPurpose, payload: string | Uint8Array, signature: Uint8Array): Promise<number> => {
    const bytes = bytesOf(payload);
    if (!checkTag(purpose, bytes)) return -1;
    const candidates = keysOf(purpose);
    for (let i = 0; i < candidates.length; i++) if (timingSafeEqual(await mac(candidates[i]!, bytes), signature)) return i;
    return -1;
  };
  return {
    keyCount: secrets.length,
    async sign(purpose, payload) {
      const bytes = bytesOf(payload);
      if (!checkTag(purpose, bytes)) throw new TypeError(`A ${purpose} payload must start with its tag.`);
      return mac(keysOf(purpose)[0]!, bytes);
    },
    async verify(purpose, payload, signature) {
      return (await keyIndexOf(purpose, payload, signature)) !== -1;
    },
    keyIndexOf,
  };
}
