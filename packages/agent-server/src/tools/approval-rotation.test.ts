import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import type { SigningSecret } from '../security/signer.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, userMessage } from '../test-utils/sse.js';
import { messageFromChunks } from '../test-utils/ui-message.js';

const OLD = 'the-old-approval-secret-of-32-characters+';
const NEW = 'the-new-approval-secret-of-32-characters+';
const silent = { warn: () => {}, error: () => {} };

/** A server with `secret` whose model asks to delete /x (approval needed), then says Done. */
function serverWith(secret: SigningSecret, deleted: string[]) {
  const model = mockModel(toolCallParts({ toolName: 'deleteFile', input: { path: '/x' } }), textParts('Done.'));
  return createAgentServer({
    approvalSecret: secret,
    tools: {
      deleteFile: { description: 'Delete', inputSchema: z.object({ path: z.string() }), execute: ({ path }: { path: string }) => deleted.push(path), confirm: true },
    },
    agents: { assistant: { model, tools: ['deleteFile'] } },
    logger: silent,
  });
}

/** The approval request a server under `secret` hands out, approved by the user. */
async function approvedUnder(secret: SigningSecret): Promise<{ user: UIMessage; answered: UIMessage }> {
  const user = userMessage('Delete /x');
  const assistant = await messageFromChunks(await readChunks(await serverWith(secret, []).fetch(chatRequest({ messages: [user] }))));
  const answered = {
    ...assistant,
    parts: assistant.parts.map((p) => (p.type === 'tool-deleteFile' ? { ...p, state: 'approval-responded', approval: { ...p.approval, approved: true } } : p)),
  } as UIMessage;
  return { user, answered };
}

describe('approvalSecret rotation: a pending approval survives a key roll', () => {
  it('runs an approval signed under the old secret while it is second in the list (re-signed for the AI SDK under the new one)', async () => {
    const { user, answered } = await approvedUnder(OLD);
    const deleted: string[] = [];
    await readChunks(await serverWith([NEW, OLD], deleted).fetch(chatRequest({ messages: [user, answered] })));
    expect(deleted).toEqual(['/x']);
  });

  it('does not run it once the old secret is removed', async () => {
    const { user, answered } = await approvedUnder(OLD);
    const deleted: string[] = [];
    await (await serverWith(NEW, deleted).fetch(chatRequest({ messages: [user, answered] }))).text();
    expect(deleted).toEqual([]);
  });

  it('signs new approvals with the first secret of the list', async () => {
    const { user, answered } = await approvedUnder([NEW, OLD]);
    const deleted: string[] = [];
    await readChunks(await serverWith(NEW, deleted).fetch(chatRequest({ messages: [user, answered] })));
    expect(deleted).toEqual(['/x']);
  });
});
