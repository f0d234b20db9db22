import type { Meta, StoryObj } from '@storybook/react-vite';
import { createAgentServer, type AgentServer } from '@x/agent-server';
import { AgentChat } from '@x/agent-ui';
import { demoSessionConfig, demoSessionTools, DEMO_SESSION_PROMPTS, replayModel, replayTools, type ReplayModel } from '@x/mock-server';
import fixture from '@x/mock-server/fixtures/weather-delete-research.json' with { type: 'json' };
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { idle, send, TIMEOUT } from './support/chat-actions.js';

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
