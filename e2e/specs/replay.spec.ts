import { expect, test } from '@playwright/test';
import { createAgentServer } from '@x/agent-server';
import { memoryStore } from '@x/agent-server/store';
import { demoSessionConfig, demoSessionTools, DEMO_SESSION_PROMPTS, replayModel, replayTools, routeHandler } from '@x/mock-server';
import { startMockServer } from '@x/mock-server/node';
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

test('the recorded session replays at a recorded pace over a real HTTP server', async ({ page, baseURL }) => {
  // `routeHandler` fulfils whole responses (instant); for a pace the page must see a real stream:
  // the replay runs behind a loopback HTTP server and the page's API requests are sent to it.
  const SLOW = 0.1; // ten times slower than recorded, so the pace is visible
  const model = replayModel(fixture, { source: 'weather-delete-research.json', ignoreTools: ['update-page-state'], speed: SLOW });
  // The page's origin (the playground) is not this server's: a browser's POST from it is cross-site
  // for the server's state-changing routes unless the origin is allowed, as a deployment would.
  const server = createAgentServer({
    ...demoSessionConfig({ assistant: model, researcher: model }),
    tools: replayTools(fixture, demoSessionTools()),
    store: memoryStore(),
    allowedOrigins: [new URL(baseURL!).origin],
  });
  const running = await startMockServer({ server });
  try {
    await page.route('**/api/agent/**', (route) => {
      const url = new URL(route.request().url());
      return route.continue({ url: `${running.url}${url.pathname}${url.search}` });
    });
    await openPlayground(page);
    const chat = chatOf(page);
    const reply = recordedTexts[1]!; // "It is 3°C and overcast in Oslo right now."
    await page.evaluate((finalText) => {
      const seen: { at: number; text: string }[] = [];
      (window as unknown as { __replaySeen: typeof seen }).__replaySeen = seen;
      new MutationObserver(() => {
        const message = [...document.querySelectorAll('[data-xagent-message="assistant"]')].find((m) => m.textContent?.includes('It '));
        const text = message?.textContent ?? '';
        if (text && seen.at(-1)?.text !== text) seen.push({ at: performance.now(), text: text.includes(finalText) ? finalText : text });
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, reply);
    await chat.send(DEMO_SESSION_PROMPTS[0]);
    await chat.waitReady();
    await expect(chat.log.getByText(reply, { exact: true })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { __replaySeen: { at: number; text: string }[] }).__replaySeen);
    const first = seen.find((s) => s.text !== reply);
    const last = seen.find((s) => s.text === reply);
    expect(first, 'a partial reply was on screen').toBeDefined();
    expect(last, 'the whole reply arrived').toBeDefined();
    const parts = fixture.calls[1]!.parts;
    const from = parts.findIndex((p) => p.part.type === 'text-delta');
    const to = parts.findLastIndex((p) => p.part.type === 'text-delta');
    const recordedMs = parts.slice(from + 1, to + 1).reduce((sum, p) => sum + p.ms, 0);
    expect(last!.at - first!.at).toBeGreaterThanOrEqual((recordedMs / SLOW) * 0.5);
    expect(model.mismatches.map((e) => e.message)).toEqual([]);
  } finally {
    await running.close();
  }
});
