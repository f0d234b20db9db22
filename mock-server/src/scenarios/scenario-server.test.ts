import { describe, expect, it } from 'vitest';
import type { UIMessageChunk } from 'ai';
import { createScenarioServer, scenarioFor } from './scenario-server.js';
import { keywordTitle } from './keyword-title.js';
import { scenarios, deletedRecords } from './index.js';

const all = Object.values(scenarios);
const silent = { warn: () => {}, error: () => {} };
const server = createScenarioServer({ scenarios: all, config: { logger: silent } });

async function turn(agentId: string, messages: unknown[], extra: Record<string, unknown> = {}): Promise<UIMessageChunk[]> {
  const response = await server.fetch(
    new Request(`http://localhost/api/agent/${agentId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages, ...extra }),
    }),
  );
  expect(response.status).toBe(200);
  const chunks: UIMessageChunk[] = [];
  for (const line of (await response.text()).split('\n')) {
    if (line.startsWith('data: ') && line !== 'data: [DONE]') chunks.push(JSON.parse(line.slice(6)) as UIMessageChunk);
  }
  return chunks;
}
const user = (text: string) => ({ id: `u-${text.length}-${Math.random()}`, role: 'user', parts: [{ type: 'text', text }] });
const text = (chunks: UIMessageChunk[]) => chunks.map((c) => (c.type === 'text-delta' ? c.delta : '')).join('');

describe('scenarios through the real server', () => {
  it('each prompt picks its own scenario in the smart agent', () => {
    for (const s of all) expect(scenarioFor(all, s.prompt)?.id, s.prompt).toBe(s.id);
  });

  it('tool call: runs the server tool and answers from its result', async () => {
    const chunks = await turn('tool-call', [user('What is the weather in Oslo?')]);
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'tool-input-available', toolName: 'getWeather', input: { city: 'Oslo' } }));
    expect(text(chunks)).toContain('3°C');
  });

  it('approval: waits for the user and runs nothing before', async () => {
    const before = deletedRecords.length;
    const chunks = await turn('approval', [user('Delete record 7')]);
    expect(chunks.some((c) => c.type === 'tool-approval-request')).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ type: 'finish' });
    expect(deletedRecords.length).toBe(before);
  });

  it('shared state: proposes a write including a key the page did not expose, only when state is shared', async () => {
    const withState = await turn('shared-state', [user('Fill the form')], { sharedState: { name: '', email: '', company: '' } });
    const call = withState.find((c) => c.type === 'tool-input-available');
    expect(call).toMatchObject({ toolName: 'update-page-state', input: { updates: expect.objectContaining({ isAdmin: true, name: 'Ada Lovelace' }) } });
    const without = await turn('shared-state', [user('Fill the form')]);
    expect(text(without)).toContain('shares no state');
  });

  it('sub-agent: the parent sees the researcher’s final text', async () => {
    const chunks = await turn('sub-agent', [user('Research the history of the teapot')]);
    expect(text(chunks)).toMatch(/The researcher says: Three facts about the teapot: it is old/);
  });

  it('agentic turn: 20 tool calls, then a summary', async () => {
    const chunks = await turn('agentic-20', [user('Check the status of all 20 open orders')]);
    expect(chunks.filter((c) => c.type === 'tool-output-available')).toHaveLength(20);
    expect(text(chunks)).toBe('I checked 20 orders: 14 shipped, 6 delayed.');
  });

  it('title + suggestions: a data-chat-title on the first turn and data-suggestions from onFinish', async () => {
    const chunks = await turn('title-suggestions', [user('Plan a weekend trip to Lisbon')]);
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'data-chat-title', data: { title: 'Weekend in Lisbon' } }));
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'data-suggestions', data: { items: expect.arrayContaining(['Find a place to eat']) } }));
  });

  it('error mid-stream: partial text, then an error part with a safe message', async () => {
    const chunks = await turn('error', [user('Trigger an error')]);
    expect(text(chunks)).toContain('Let me look that up');
    expect(chunks.find((c) => c.type === 'error')).toMatchObject({ errorText: expect.not.stringContaining('Upstream') });
  });

  it('flaky: fails the first time a message is asked, answers on the retry', async () => {
    const message = user('Try a flaky request (test)');
    const first = await turn('flaky', [message]);
    expect(first.some((c) => c.type === 'error')).toBe(true);
    const retry = await turn('flaky', [message]);
    expect(retry.some((c) => c.type === 'error')).toBe(false);
    expect(text(retry)).toContain('Second time lucky');
  });

  it('smart agent: lists the scenarios when nothing matches, and suggests follow-ups', async () => {
    const chunks = await turn('assistant', [user('What can you do?')]);
    for (const s of all) expect(text(chunks)).toContain(s.prompt);
    expect(chunks.some((c) => c.type === 'data-suggestions')).toBe(true);
  });

  it('smart agent: runs the matching scenario with its tools', async () => {
    const chunks = await turn('assistant', [user('What is the weather in Tokyo?')]);
    expect(text(chunks)).toContain('18°C');
  });

  it('smart agent: the title + suggestions scenario offers its own follow-ups and a summarising title', async () => {
    const chunks = await turn('assistant', [user('Plan a weekend trip to Lisbon')]);
    expect(chunks).toContainEqual(expect.objectContaining({ type: 'data-chat-title', data: { title: 'Weekend in Lisbon' } }));
    expect(chunks).toContainEqual(
      expect.objectContaining({ type: 'data-suggestions', data: { items: ['Add a day in Sintra', 'Find a place to eat', 'What is the weather in Lisbon?'] } }),
    );
  });

  it('smart agent: follow-ups never repeat the question just asked', async () => {
    for (const question of ['Say hello', 'What is the weather in Oslo?', 'Delete record 7', 'Fill the form for Ada Lovelace', 'What can you do?']) {
      const chunks = await turn('assistant', [user(question)]);
      const part = chunks.find((c) => c.type === 'data-suggestions') as { data: { items: string[] } } | undefined;
      expect(part, question).toBeDefined();
      expect(part!.data.items.length, question).toBeGreaterThan(0);
      expect(part!.data.items.map((i) => i.toLowerCase()), question).not.toContain(question.toLowerCase());
    }
  });

  it('a scenario’s own suggestions leave out the question just asked', async () => {
    const chunks = await turn('title-suggestions', [user('What is the weather in Lisbon?')]);
    const part = chunks.find((c) => c.type === 'data-suggestions') as { data: { items: string[] } };
    expect(part.data.items).toEqual(['Add a day in Sintra', 'Find a place to eat']);
  });

  it('smart agent: a message that is no scenario prompt gets a short keyword title, not its first six words', async () => {
    const chunks = await turn('assistant', [user('Hey, can you tell me what is the weather in Tokyo right now please?')]);
    const title = chunks.find((c) => c.type === 'data-chat-title') as { data: { title: string } };
    expect(title.data.title).toBe('Weather in Tokyo right now');
  });
});

describe('keywordTitle', () => {
  it.each([
    ['What is the weather in Tokyo?', 'Weather in Tokyo'],
    ['Research the history of the teapot', 'Research history of teapot'],
    ['please help me with my tax return for 2025 and the year before', 'Tax return for 2025'],
    ['Say hello', 'Say hello'],
    ['???', 'New conversation'],
  ])('%s → %s', (message, title) => {
    expect(keywordTitle(message)).toBe(title);
  });
});
