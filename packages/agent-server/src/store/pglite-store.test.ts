import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeConversationStore } from '../testing/conversation-store-suite.js';
import { pgliteStore } from './pglite-store.js';

describeConversationStore('pgliteStore (in memory)', () => pgliteStore({ dataDir: 'memory://' }), { close: (store) => store.close?.() });

describe('pgliteStore in a data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xkit-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps conversations across a reopen, and migrating again is a no-op', async () => {
    const first = pgliteStore({ dataDir: dir });
    const now = new Date();
    await first.beginTurn({ userId: 'u', conversationId: 'c1', agentId: 'a', expectedVersion: null, messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }], run: { id: 'r1' }, now });
    await first.close?.();
    const second = pgliteStore({ dataDir: dir });
    expect((await second.loadThread('u', 'c1'))!.map((m) => m.id)).toEqual(['m1']);
    expect(await second.getConversation('u', 'c1')).toMatchObject({ agentId: 'a', activeRunId: 'r1' });
    await second.close?.();
  }, 60_000);
});
