import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { DEFAULT_BASE_PATH } from '@x/agent-protocol';
import type { AgentServer } from '@x/agent-server';
import { sortKeys } from './fixture.js';

/**
 * Sends `prompts` to `agentId` one turn at a time like a chat client (the whole history each time),
 * answering every approval request (`approve`, default true). Resolves with the messages.
 */
export async function driveSession(
  server: AgentServer,
  agentId: string,
  prompts: readonly string[],
  options: { approve?: boolean } = {},
): Promise<UIMessage[]> {
  const approved = options.approve ?? true;
  const messages: UIMessage[] = [];
  for (const [n, text] of prompts.entries()) {
    messages.push({ id: `u${n + 1}`, role: 'user', parts: [{ type: 'text', text }] });
    let reply = await send(server, agentId, messages);
    messages.push(reply);
    for (;;) {
      const pending = reply.parts.find((p) => 'state' in p && p.state === 'approval-requested');
      if (!pending) break;
      messages[messages.length - 1] = {
        ...reply,
        parts: reply.parts.map((p) =>
          p === pending && 'approval' in p && p.approval ? ({ ...p, state: 'approval-responded', approval: { id: p.approval.id, approved } } as UIMessage['parts'][number]) : p,
        ),
      };
      reply = await send(server, agentId, messages, messages.at(-1));
      messages[messages.length - 1] = reply;
    }
  }
  return messages;
}

async function send(server: AgentServer, agentId: string, messages: UIMessage[], continuing?: UIMessage): Promise<UIMessage> {
  const basePath = (server.config.basePath ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
  const response = await server.fetch(
    new Request(`http://localhost${basePath}/${agentId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages }) }),
  );
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const chunks: UIMessageChunk[] = [];
  for (const line of (await response.text()).split('\n')) {
    if (line.startsWith('data: ') && line !== 'data: [DONE]') chunks.push(JSON.parse(line.slice(6)) as UIMessageChunk);
  }
  const errors = chunks.filter((c) => c.type === 'error');
  if (errors.length) throw new Error(errors.map((e) => (e.type === 'error' ? e.errorText : '')).join('\n'));
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const m of readUIMessageStream({ stream, ...(continuing ? { message: continuing } : {}) })) last = m;
  if (!last) throw new Error('the stream built no message');
  return structuredClone(last);
}

/** A transcript for comparing runs: per message, its role and its text and tool parts (ids left out, keys sorted). */
export function transcriptOf(messages: UIMessage[]): string[] {
  return messages.flatMap((m) =>
    m.parts.flatMap((p) => {
      if (p.type === 'text') return [`${m.role}: ${p.text}`];
      if ((p.type.startsWith('tool-') || p.type === 'dynamic-tool') && 'state' in p) {
        const output = 'output' in p ? JSON.stringify(sortKeys(p.output)) : '';
        const type = p.type === 'dynamic-tool' && 'toolName' in p ? `dynamic-tool:${p.toolName}` : p.type;
        return [`${m.role} ${type} ${p.state} ${JSON.stringify(sortKeys('input' in p ? p.input : undefined))} → ${output}`];
      }
      return [];
    }),
  );
}
