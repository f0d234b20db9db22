import { expect, test } from '@playwright/test';
import { createAgentServer, memoryStore } from '@x/agent-server';
import { demoSessionConfig, demoSessionTools, DEMO_SESSION_PROMPTS, replayModel, replayTools, routeHandler } from '@x/mock-server';
import fixture from '@x/mock-server/fixtures/weather-delete-research.json' with { type: 'json' };
import { chatOf, openPlayground } from '../support/chat.ts';

// Issue 25: the recorded demo session (real provider package against a loopback fake of OpenAI's
// API) replayed in the playground: the page's agent backend is the real server in this process,
// answering from the fixture, so the same transcript, tool cards and final text come back.

const recordedTexts = fixture.meta.transcript
  .filter((line) => line.startsWith('assistant: ') && line.length > 'assistant: '.length)
  .map((line) => line.slice('assistant: '.length));

test('the recorded session replays in the playground: transcript, tool cards, approval, sub-agent', async ({ page }) => {
  // The playground shares page state: its update-page-state tool was not in the recorded app.
  const model = replayModel(fixture, { source: 'weather-delete-research.json', ignoreTools: ['update-page-state'] });
  const server = createAgentServer({
    ...demoSessionConfig({ assistant: model, researcher: model }),
    tools: replayTools(fixture, demoSessionTools()),
    store: memoryStore(),
    logger: { warn: () => {}, error: (message, meta) => console.error(message, meta) },
  });
  await page.route('**/api/agent/**', routeHandler(server));
  await openPlayground(page);
  const chat = chatOf(page);
  for (const prompt of DEMO_SESSION_PROMPTS) {
    await chat.send(prompt);
    if (prompt.startsWith('Delete')) {
      const card = chat.log.locator('[data-xagent-approval="deleteRecord"]');
      await card.getByRole('button', { name: 'Approve' }).click();
    }
    await chat.waitReady();
  }
  for (const text of recordedTexts) await expect(chat.log.getByText(text, { exact: true })).toBeVisible();
  for (const tool of ['getWeather', 'deleteRecord', 'researcher']) await expect(chat.log.locator(`[data-xagent-tool="${tool}"]`)).toHaveCount(1);
  await expect(chat.messages('assistant').last()).toContainText(recordedTexts.at(-1)!);
  expect(model.mismatches.map((e) => e.message)).toEqual([]);
  expect(model.remaining).toBe(0);
});
