import type { Meta, StoryObj } from '@storybook/react-vite';
import { createAgentServer, type AgentServer } from '@x/agent-server';
import { AgentChat } from '@x/agent-ui';
import { demoSessionConfig, demoSessionTools, DEMO_SESSION_PROMPTS, replayModel, replayTools, type ReplayModel } from '@x/mock-server';
import fixture from '@x/mock-server/fixtures/weather-delete-research.json' with { type: 'json' };
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { chatMounted, idle, send, TIMEOUT } from './support/chat-actions.js';

// A recorded session (issue 25), replayed through the real @x/agent-server inside msw: the
// fixture was recorded against a loopback fake of OpenAI's API with the real provider package —
// tool calls, an approval and a sub-agent nobody scripted. Each story run gets a fresh replay.

const API = '/api/replay-story';
let model: ReplayModel;
let server: AgentServer;

function freshReplay(speed?: number) {
  model = replayModel(fixture, { source: 'weather-delete-research.json', ...(speed ? { speed } : {}) });
  server = createAgentServer({
    ...demoSessionConfig({ assistant: model, researcher: model }),
    tools: replayTools(fixture, demoSessionTools()),
    basePath: API,
  });
}

const meta = {
  title: 'AgentChat/Replay',
  component: AgentChat,
  args: { agentId: 'assistant', api: API, height: 640 },
  parameters: { msw: { handlers: [http.all(`${API}/*`, ({ request }) => server.fetch(request))] } },
  beforeEach: () => freshReplay(),
} satisfies Meta<typeof AgentChat>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The assistant's texts and tool cards the recording holds (its `meta.transcript`). */
const recordedTexts = fixture.meta.transcript.filter((line) => line.startsWith('assistant: ') && line.length > 'assistant: '.length).map((line) => line.slice('assistant: '.length));

/** The three recorded turns replayed: the same transcript, tool cards and final text. */
export const RecordedSession: Story = {
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const log = within(await within(canvasElement).findByRole('log', { name: 'Conversation' }, TIMEOUT));
    for (const prompt of DEMO_SESSION_PROMPTS) {
      await send(canvasElement, prompt);
      if (prompt.startsWith('Delete')) {
        const card = await log.findByRole('region', { name: 'Allow deleteRecord to run?' }, TIMEOUT);
        await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
      }
      await idle(canvasElement);
    }
    for (const text of recordedTexts) await expect(await log.findByText(text, {}, TIMEOUT)).toBeVisible();
    for (const tool of ['getWeather', 'deleteRecord', 'researcher']) {
      await waitFor(() => expect(canvasElement.querySelector(`[data-xagent-tool="${tool}"]`)).not.toBeNull(), TIMEOUT);
    }
    const replies = canvasElement.querySelectorAll('[data-xagent-message="assistant"]');
    await expect(replies[replies.length - 1]).toHaveTextContent(recordedTexts.at(-1)!);
    await expect(model.mismatches).toEqual([]);
    await expect(model.remaining).toBe(0);
  },
};

/** How long the recorded reply took from its first to its last word (the second call: the weather answer). */
const weatherReply = fixture.calls[1]!.parts;
const firstDelta = weatherReply.findIndex((p) => p.part.type === 'text-delta');
const lastDelta = weatherReply.findLastIndex((p) => p.part.type === 'text-delta');
const recordedWordsMs = weatherReply.slice(firstDelta + 1, lastDelta + 1).reduce((sum, p) => sum + p.ms, 0);
const SLOW = 0.1;

/**
 * The same fixture at a recorded pace (`speed: 0.1`, ten times slower than recorded so the pace is
 * visible): the reply's words arrive over the recorded time, not at once.
 */
export const RecordedPace: Story = {
  beforeEach: () => freshReplay(SLOW),
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const finalText = recordedTexts[1]!;
    const seen: { at: number; text: string }[] = [];
    const observer = new MutationObserver(() => {
      const reply = [...canvasElement.querySelectorAll('[data-xagent-message="assistant"]')].find((m) => m.textContent?.includes('It '));
      const text = reply?.textContent ?? '';
      if (text && seen.at(-1)?.text !== text) seen.push({ at: performance.now(), text });
    });
    observer.observe(canvasElement, { subtree: true, childList: true, characterData: true });
    await send(canvasElement, DEMO_SESSION_PROMPTS[0]);
    await idle(canvasElement);
    observer.disconnect();
    const first = seen.find((s) => !s.text.includes(finalText));
    const last = seen.find((s) => s.text.includes(finalText));
    await expect(first, 'a partial reply was on screen').toBeDefined();
    await expect(last, 'the whole reply arrived').toBeDefined();
    // Instant replay shows the words within a frame or two; at the recorded pace they take the recorded time / speed.
    await expect(last!.at - first!.at).toBeGreaterThanOrEqual((recordedWordsMs / SLOW) * 0.5);
    await expect(model.mismatches).toEqual([]);
  },
};
