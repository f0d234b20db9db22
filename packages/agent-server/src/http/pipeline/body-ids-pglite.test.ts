import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentServer } from '../../server.js';
import { pgliteStore } from '../../store/pglite-store.js';
import type { ConversationStore } from '../../store/types.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { recordingLogger } from '../../test-utils/model-parts.js';

describe('ids inside bodies never reach the PGlite store unchecked', () => {
  let store: ConversationStore;
  beforeAll(async () => {
    store = pgliteStore({ dataDir: 'memory://' });
    await (store as Partial<{ ready(): Promise<void> }>).ready?.();
  }, 90_000);
  afterAll(async () => {
    await store?.close?.();
  });

  it.each([
    ['mcp-apps/resource', { server: 'apps', uri: 'ui://apps/app.html' }],
    ['mcp-apps/call', { server: 'apps', name: 'tool' }],
  ])('%s with a NUL in conversationId → 400 invalid_id (once 503 store_unavailable, the store marked down)', async (route, body) => {
    const logger = recordingLogger();
    const server = createAgentServer({ agents: { assistant: { model: mockModel(textParts('never')) } }, logger, store });
    const response = await server.fetch(
      new Request(`http://localhost/api/agent/assistant/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, conversationId: 'c\u0000' }),
      }),
    );
    const answer = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
    expect([response.status, answer.error.code, answer.error.issues.map((i) => i.path)]).toEqual([400, 'invalid_id', ['conversationId']]);
    expect(logger.messages()).not.toContain('store unavailable');
  });
});
