import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import type { AgentRequestOptions } from './endpoints.js';
import { LazyAgentTransport } from './lazy-transport.js';
import type { RunCursor } from './run-cursor.js';

type SendOptions = Parameters<ChatTransport<UIMessage>['sendMessages']>[0];

const sendOptions = { trigger: 'submit-message', chatId: 'c1', messageId: undefined, messages: [], abortSignal: undefined } as unknown as SendOptions;

/** A loader whose first `failures` loads fail; records what the transport was created with. */
function loader(failures: number) {
  const created: { read: () => AgentRequestOptions; run: RunCursor | undefined }[] = [];
  let loads = 0;
  const load = async () => {
    loads++;
    if (failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
    return {
      createAgentTransport: ((read: () => AgentRequestOptions, _onRequest: unknown, run?: RunCursor) => {
        created.push({ read, run });
        const transport: ChatTransport<UIMessage> = {
          sendMessages: async () => new ReadableStream<UIMessageChunk>({ start: (c) => c.close() }),
          reconnectToStream: async () => null,
        };
        return transport;
      }) as never,
    };
  };
  return { load, created, loads: () => loads };
}

describe('LazyAgentTransport', () => {
  it('loads the transport once, on first use, with its own run cursor and options', async () => {
    const { load, created, loads } = loader(0);
    const read = () => ({ agentId: 'a' });
    const transport = new LazyAgentTransport<UIMessage>(read, undefined, load);
    expect(loads()).toBe(0);
    await transport.sendMessages(sendOptions);
    expect(await transport.reconnectToStream({ chatId: 'c1' } as never)).toBeNull();
    await transport.preload();
    expect(loads()).toBe(1);
    expect(created).toHaveLength(1);
    expect(created[0]!.run).toBe(transport.run);
    expect(created[0]!.read).toBe(read);
    expect(transport.resumeStreamIsReplay).toBe(false);
  });

  it('a failed load fails that request only: the next one loads again', async () => {
    const { load, created, loads } = loader(1);
    const transport = new LazyAgentTransport<UIMessage>(() => ({ agentId: 'a' }), undefined, load);
    await expect(transport.sendMessages(sendOptions)).rejects.toThrow(/dynamically imported module/);
    await expect(transport.sendMessages(sendOptions)).resolves.toBeInstanceOf(ReadableStream);
    expect(loads()).toBe(2);
    expect(created).toHaveLength(1);
  });
});
