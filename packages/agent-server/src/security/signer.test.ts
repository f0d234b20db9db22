import { describe, expect, it } from 'vitest';
import { cursorCodec } from '../http/conversation-cursor.js';
import { fileSigner } from '../files/file-signing.js';
import { appCallApprovals, type AppCallBinding } from '../mcp-apps/app-call-approval.js';
import { signApproval, verifyApproval } from '../tools/approval-signature.js';
import { signCallerContext, verifyCallerContext } from '../tools/http/caller-context.js';
import { createSigner, signingSecretIssues, type SigningPurpose } from './signer.js';
import { timingSafeEqual } from './timing-safe-equal.js';

const OLD = 'the-old-secret-of-at-least-32-characters';
const NEW = 'the-new-secret-of-at-least-32-characters';
const PURPOSES: SigningPurpose[] = ['cursor', 'file-url', 'app-call', 'tool-approval', 'caller-context'];
/** A payload each purpose accepts (the bare-secret ones must start with their tag). */
const payloadFor = (purpose: SigningPurpose) =>
  purpose === 'tool-approval' ? '["ai-sdk-tool-approval-v1","a","c","t","d"]' : purpose === 'caller-context' ? 'v1\n1\nGET\nhttps://x.test/\n' : `{"k":"${purpose}"}`;

describe('timingSafeEqual', () => {
  it('answers equal, different and different lengths', () => {
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(timingSafeEqual(new Uint8Array(), new Uint8Array())).toBe(true);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([0, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1]), new Uint8Array())).toBe(false);
  });
});

describe('createSigner', () => {
  it('rotates keys: what the old key signed verifies while it is second in the list, and not once it is removed', async () => {
    for (const purpose of PURPOSES) {
      const signature = await createSigner(OLD).sign(purpose, payloadFor(purpose));
      const rolled = createSigner([NEW, OLD]);
      expect(await rolled.verify(purpose, payloadFor(purpose), signature), purpose).toBe(true);
      expect(await rolled.keyIndexOf(purpose, payloadFor(purpose), signature)).toBe(1);
      expect(await createSigner(NEW).verify(purpose, payloadFor(purpose), signature), purpose).toBe(false);
      // The first of the list signs.
      expect(await rolled.sign(purpose, payloadFor(purpose))).toEqual(await createSigner(NEW).sign(purpose, payloadFor(purpose)));
      expect(await rolled.keyIndexOf(purpose, payloadFor(purpose), await rolled.sign(purpose, payloadFor(purpose)))).toBe(0);
    }
  });

  it('separates the purposes: a signature made for one never verifies as another, even over the same bytes', async () => {
    const signer = createSigner(NEW);
    for (const from of PURPOSES) {
      const payload = payloadFor(from);
      const signature = await signer.sign(from, payload);
      for (const to of PURPOSES) {
        if (to === from) continue;
        expect(await signer.verify(to, payload, signature), `${from} → ${to}`).toBe(false);
      }
    }
    // The bare-secret purposes refuse a payload without their tag (nothing else can be made to sign as them).
    await expect(signer.sign('tool-approval', '{"k":"cursor"}')).rejects.toThrow(TypeError);
    await expect(signer.sign('caller-context', 'v2\n')).rejects.toThrow(TypeError);
    expect(await signer.verify('tool-approval', '{"k":"cursor"}', await signer.sign('cursor', '{"k":"cursor"}'))).toBe(false);
  });

  it('refuses tampered payloads and signatures', async () => {
    const signer = createSigner([NEW, OLD]);
    const signature = await signer.sign('cursor', '{"k":"page","at":1}');
    expect(await signer.verify('cursor', '{"k":"page","at":1}', signature)).toBe(true);
    expect(await signer.verify('cursor', '{"k":"page","at":2}', signature)).toBe(false);
    const flipped = signature.slice();
    flipped[5]! ^= 1;
    expect(await signer.verify('cursor', '{"k":"page","at":1}', flipped)).toBe(false);
    expect(await signer.verify('cursor', '{"k":"page","at":1}', signature.subarray(0, 31))).toBe(false);
    expect(await signer.verify('cursor', '{"k":"page","at":1}', new Uint8Array())).toBe(false);
  });

  it('keeps every wire format: each purpose signs as its use did before the signer (what was handed out still verifies)', async () => {
    const hmac = async (key: string, payload: string) => {
      const k = await crypto.subtle.importKey('raw', new TextEncoder().encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      return new Uint8Array(await crypto.subtle.sign('HMAC', k, new TextEncoder().encode(payload)));
    };
    const before: Record<SigningPurpose, string> = { cursor: `cursor:${NEW}`, 'file-url': `files:${NEW}`, 'app-call': `mcp-app-call:${NEW}`, 'tool-approval': NEW, 'caller-context': NEW };
    for (const purpose of PURPOSES) {
      expect(await createSigner(NEW).sign(purpose, payloadFor(purpose)), purpose).toEqual(await hmac(before[purpose], payloadFor(purpose)));
    }
  });

  it('without a secret, signs with a random key of its own (another signer does not verify it)', async () => {
    const signature = await createSigner(undefined).sign('cursor', 'x');
    expect(await createSigner(undefined).verify('cursor', 'x', signature)).toBe(false);
  });

  it('validates a secret or a list of them, with the path of the element at fault', () => {
    expect(signingSecretIssues(NEW, 'approvalSecret', 32)).toEqual([]);
    expect(signingSecretIssues([NEW, OLD], 'approvalSecret', 32)).toEqual([]);
    expect(signingSecretIssues('short', 'approvalSecret', 32)).toEqual([{ path: 'approvalSecret', message: expect.stringContaining('at least 32') }]);
    expect(signingSecretIssues([], 'approvalSecret', 32)).toEqual([{ path: 'approvalSecret', message: expect.stringContaining('empty') }]);
    expect(signingSecretIssues([NEW, 'short', 7], 'approvalSecret', 32).map((i) => i.path)).toEqual(['approvalSecret[1]', 'approvalSecret[2]']);
    expect(signingSecretIssues({ secret: NEW }, 'approvalSecret', 32)).toHaveLength(1);
  });
});

describe('the five uses rotate', () => {
  it('conversation cursors', async () => {
    const cursor = await cursorCodec(OLD).encode('conversations', { at: 3 });
    expect(await cursorCodec([NEW, OLD]).decode('conversations', cursor)).toMatchObject({ at: 3 });
    await expect(cursorCodec(NEW).decode('conversations', cursor)).rejects.toMatchObject({ code: 'invalid_cursor' });
  });

  it('file URLs', async () => {
    const sig = await fileSigner(OLD).sign('file-1', 'alice', 99);
    expect(await fileSigner([NEW, OLD]).verify('file-1', 'alice', 99, sig)).toBe(true);
    expect(await fileSigner(NEW).verify('file-1', 'alice', 99, sig)).toBe(false);
    expect(await fileSigner([NEW, OLD]).verify('file-1', 'bob', 99, sig)).toBe(false);
  });

  it('tool approvals', async () => {
    const call = { approvalId: 'a1', toolCallId: 'c1', toolName: 'wipe', input: { all: true } };
    const signature = await signApproval(OLD, call);
    expect(await verifyApproval([NEW, OLD], signature, call)).toBe(true);
    expect(await verifyApproval(NEW, signature, call)).toBe(false);
    expect(await verifyApproval([NEW, OLD], signature, { ...call, input: { all: false } })).toBe(false);
  });

  it('MCP app-call tokens', async () => {
    const binding: AppCallBinding = { agentId: 'a', userId: 'u', conversationId: 'c', server: 's', tool: 't', input: { x: 1 } };
    const { token } = await appCallApprovals(OLD).issue(binding);
    await expect(appCallApprovals(NEW).redeem(token, binding)).rejects.toMatchObject({ code: 'approval_not_pending' });
    await expect(appCallApprovals([NEW, OLD]).redeem(token, binding)).resolves.toBeUndefined();
  });

  it('caller context (verifyCallerContext takes the list while the tool server rolls its key)', async () => {
    const request = { method: 'POST', url: 'https://tools.test/run?x=1', body: '{"a":1}' };
    const headers = await signCallerContext([NEW, OLD], request, { agentId: 'assistant', userId: 'u1' });
    expect(await verifyCallerContext({ secret: [OLD, NEW], ...request, headers })).toMatchObject({ ok: true, context: { agentId: 'assistant', userId: 'u1' } });
    expect(await verifyCallerContext({ secret: OLD, ...request, headers })).toEqual({ ok: false, reason: 'bad signature' });
    const tampered = { ...headers, 'x-agent-user-id': 'u2' };
    expect(await verifyCallerContext({ secret: NEW, ...request, headers: tampered })).toEqual({ ok: false, reason: 'bad signature' });
  });
});
