import { ClientFactory } from '@a2a-js/sdk/client';
import { afterEach, describe, expect, it } from 'vitest';
import { messageRequest as send } from '../remote/remote-task.js';
import { startA2aTestAgent } from './a2a-test-agent.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('the loopback A2A test agent (the SDK client against the SDK server)', () => {
  it('streams a task with status, an artifact and COMPLETED, and continues an input-required task', async () => {
    const agent = await startA2aTestAgent();
    closers.push(agent.close);
    const client = await new ClientFactory().createFromUrl(agent.base);
    const kinds: string[] = [];
    for await (const event of client.sendMessageStream(send('invoice 42'))) kinds.push(event.payload?.$case ?? '?');
    expect(kinds).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'statusUpdate']);
    const asked = await client.sendMessage(send('ask me'));
    expect('id' in asked && asked.status?.message?.parts[0]?.content).toEqual({ $case: 'text', value: 'Which invoice number?' });
    const done = await client.sendMessage(send('7', 'id' in asked ? asked.id : ''));
    expect('artifacts' in done && done.artifacts[0]?.parts[0]?.content).toEqual({ $case: 'text', value: 'Invoice 7 is paid.' });
    expect(agent.log.methods).toEqual(['SendStreamingMessage', 'SendMessage', 'SendMessage']);
  });
});
