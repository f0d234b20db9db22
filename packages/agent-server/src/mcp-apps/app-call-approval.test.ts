import { describe, expect, it } from 'vitest';
import { APP_CALL_APPROVAL_TTL_MS, appCallApprovals, appCallApprovalsOf, type AppCallBinding } from './app-call-approval.js';

const binding: AppCallBinding = { agentId: 'assistant', userId: 'alice', conversationId: 'c1', server: 'shop', tool: 'buy', input: { item: 'book', qty: 1 } };
const secret = 'a-test-secret-of-at-least-32-characters!';

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: unknown) => (error as { code?: string }).code,
  );
}

describe('appCallApprovals', () => {
  it('accepts a token once, for the call it was issued for (the key order of the input does not matter)', async () => {
    const approvals = appCallApprovals(secret);
    const { token } = await approvals.issue(binding);
    await approvals.redeem(token, { ...binding, input: { qty: 1, item: 'book' } });
    expect(await refusal(approvals.redeem(token, binding))).toBe('approval_not_pending');
  });

  it('refuses a token for another user, conversation, agent, server, tool or input', async () => {
    const approvals = appCallApprovals(secret);
    const { token } = await approvals.issue(binding);
    for (const other of [
      { userId: 'mallory' },
      { conversationId: 'c2' },
      { conversationId: undefined },
      { agentId: 'other' },
      { server: 'bank' },
      { tool: 'sell' },
      { input: { item: 'book', qty: 100 } },
    ]) {
      expect(await refusal(approvals.redeem(token, { ...binding, ...other }))).toBe('approval_not_pending');
    }
    // None of those used it up.
    await approvals.redeem(token, binding);
  });

  it('refuses a forged, tampered, malformed or foreign token', async () => {
    const approvals = appCallApprovals(secret);
    const { token } = await approvals.issue(binding);
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const other = await appCallApprovals('another-secret-of-at-least-32-characters').issue(binding);
    const unsigned = await appCallApprovals(undefined).issue(binding);
    for (const bad of [flipped, `${payload}.`, payload, `${token}.x`, 'not a token', '%%%.%%%', other.token, unsigned.token]) {
      expect(await refusal(approvals.redeem(bad, binding))).toBe('approval_not_pending');
    }
    await approvals.redeem(token, binding);
  });

  it('refuses an expired token', async () => {
    let now = 1_000_000;
    const approvals = appCallApprovals(secret, () => now);
    const { token, expiresAt } = await approvals.issue(binding);
    expect(expiresAt).toBe(1_000_000 + APP_CALL_APPROVAL_TTL_MS);
    now = expiresAt;
    expect(await refusal(approvals.redeem(token, binding))).toBe('approval_not_pending');
  });

  it('two concurrent redeems of one token: exactly one wins', async () => {
    const approvals = appCallApprovals(secret);
    const { token } = await approvals.issue(binding);
    const results = await Promise.all([refusal(approvals.redeem(token, binding)), refusal(approvals.redeem(token, binding))]);
    expect(results.sort()).toEqual(['approval_not_pending', undefined]);
  });

  it('is one set of tokens per server config; the same approvalSecret verifies on another instance', async () => {
    const config = { approvalSecret: secret };
    expect(appCallApprovalsOf(config)).toBe(appCallApprovalsOf(config));
    const { token } = await appCallApprovalsOf(config).issue(binding);
    await appCallApprovalsOf({ approvalSecret: secret }).redeem(token, binding);
  });
});
