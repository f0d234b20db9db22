import { expect, test, type Page } from '@playwright/test';
import { chatOf, openPlayground, askToDeleteRecord } from '../support/chat.ts';

// Resumable runs (issue 12) in the playground: the real server with a store (memory in this run),
// through a real Chromium. The paragraphs scenario streams five numbered paragraphs, each with a word
// of its own, so a duplicated or lost chunk shows as a paragraph seen twice or never. In this run it
// holds after the second paragraph until the spec opens its gate (the playground's test gates):
// mid-reply for sure, however fast or slow the machine.

const PROMPT = 'Write five numbered paragraphs';
const WORDS = ['amber', 'birch', 'cobalt', 'dune', 'ember'];
const conversationParam = (page: Page) => new URL(page.url()).searchParams.get('c');

/** Lets the held paragraphs reply go on (the playground's `POST /api/test/gates/paragraphs`). */
async function openGate(page: Page) {
  expect((await page.request.post('/api/test/gates/paragraphs')).status()).toBe(204);
}

/** How many times each paragraph's heading is in the last reply. */
async function paragraphCounts(page: Page): Promise<number[]> {
  const text = (await chatOf(page).messages('assistant').last().textContent()) ?? '';
  return WORDS.map((word, i) => text.split(`Paragraph ${i + 1} (${word})`).length - 1);
}

/**
 * The vertical gaps between the last reply's paragraphs, in px. The held reply is stored as two
 * text parts (the gate splits it after the second paragraph), each its own markdown block.
 */
async function paragraphGaps(page: Page): Promise<number[]> {
  return chatOf(page)
    .messages('assistant')
    .last()
    .locator('p')
    .evaluateAll((ps) => ps.slice(1).map((p, i) => Math.round(p.getBoundingClientRect().top - ps[i]!.getBoundingClientRect().bottom)));
}

/** Starts the paragraphs reply and waits until it is partly there (the first paragraph, not the last). */
async function startParagraphs(page: Page) {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send(PROMPT);
  await expect(chat.messages('assistant').last()).toContainText('Paragraph 1 (amber)');
  await expect.poll(() => conversationParam(page)).not.toBeNull();
  await expect(chat.messages('assistant').last()).not.toContainText('Paragraph 5');
  return chat;
}

/** Records, from each document's start, every text the kit's live region is given (read with {@link saidSoFar}). */
async function recordAnnouncements(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { __said: string[] }).__said = said;
    let last = '';
    new MutationObserver(() => {
      const text = document.querySelector('[data-xagent-announcer]')?.textContent?.replace(/\u200b/g, '') ?? '';
      if (text && text !== last) said.push(text);
      last = text;
    }).observe(document, { childList: true, characterData: true, subtree: true });
  });
}
const saidSoFar = (page: Page) => page.evaluate(() => (window as unknown as { __said: string[] }).__said.join(' | '));

test('reload mid-reply: the same reply continues to the end, each paragraph exactly once', async ({ page }) => {
  const chat = await startParagraphs(page);
  await recordAnnouncements(page);
  await page.reload();
  await expect(chat.messages('user').first()).toContainText(PROMPT);
  // Re-attached: still streaming after the reload, then it ends with the whole reply.
  await expect(chat.messages('assistant').last()).toContainText('Paragraph 1 (amber)');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await openGate(page);
  await expect(chat.messages('assistant').last()).toContainText('the ember tide comes in', { timeout: 30_000 });
  await chat.waitReady();
  await expect(chat.messages('assistant')).toHaveCount(1);
  expect(await paragraphCounts(page)).toEqual([1, 1, 1, 1, 1]);
  // A screen reader hears the reply the reloaded page shows, from its first word: each paragraph
  // once, in order.
  await expect.poll(() => saidSoFar(page)).toMatch(/ember tide comes in/);
  const said = await saidSoFar(page);
  expect(WORDS.map((word) => said.split(`(${word})`).length - 1)).toEqual([1, 1, 1, 1, 1]);
  expect(said).toMatch(/amber.*birch.*cobalt.*dune.*ember/);
  // And it was saved whole: another reload shows it from the store.
  await page.reload();
  await expect(chat.messages('assistant').last()).toContainText('the ember tide comes in');
  expect(await paragraphCounts(page)).toEqual([1, 1, 1, 1, 1]);
  // Its two text parts read as one reply: every paragraph a paragraph's gap from the one before.
  const gaps = await paragraphGaps(page);
  expect(gaps).toHaveLength(4);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(8);
});

test('reload while an approval is pending: the card is back and Approve runs the tool', async ({ page }) => {
  const { chat, card } = await askToDeleteRecord(page, 12);
  await expect.poll(() => conversationParam(page)).not.toBeNull();
  await page.reload();
  await expect(card).toContainText('Allow deleteRecord to run?');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(chat.messages('assistant').last()).toContainText('Record 12 is deleted.');
  await chat.waitReady();
  await page.reload();
  await expect(chat.messages('assistant').last()).toContainText('Record 12 is deleted.');
});

test('Stop after a reload stops the resumed reply; it is stored as stopped', async ({ page }) => {
  const chat = await startParagraphs(page);
  await page.reload();
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeEnabled();
  await expect(chat.messages('assistant').last()).toContainText('Paragraph 1 (amber)');
  await stop.click();
  await chat.waitReady();
  const reply = chat.messages('assistant').last();
  await expect(reply.locator('[data-xagent-reply-end="stopped"]')).toHaveText('Stopped');
  const stoppedText = await reply.textContent();
  expect(stoppedText).not.toContain('the ember tide comes in');
  await page.reload();
  await expect(chat.messages('assistant').last().locator('[data-xagent-reply-end="stopped"]')).toHaveText('Stopped');
  await expect(chat.messages('assistant').last()).not.toContainText('the ember tide comes in');
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
});

test('offline mid-reply, then online: "Reconnecting…" shows and the reply completes', async ({ page, context }) => {
  const chat = await startParagraphs(page);
  await context.setOffline(true);
  const notice = page.locator('[data-xagent-connection]').first();
  await expect(notice).toHaveText('Reconnecting…');
  await expect(notice).toHaveAttribute('role', 'status');
  await context.setOffline(false);
  await openGate(page);
  await expect(chat.messages('assistant').last()).toContainText('the ember tide comes in', { timeout: 30_000 });
  await chat.waitReady();
  await expect(notice).toHaveText('');
  await expect(chat.messages('assistant')).toHaveCount(1);
  expect(await paragraphCounts(page)).toEqual([1, 1, 1, 1, 1]);
});

test('switching to another conversation mid-reply and back: the reply went on and continues', async ({ page }) => {
  const chat = await startParagraphs(page);
  const first = conversationParam(page)!;
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await sidebar.getByRole('button', { name: 'New chat' }).click();
  await expect.poll(() => conversationParam(page)).not.toBe(first);
  // The reply goes on while this tab shows another conversation.
  await openGate(page);
  await sidebar.locator(`[data-xagent-conversation="${first}"]`).click();
  await expect(chat.messages('user').first()).toContainText(PROMPT);
  await expect(chat.messages('assistant').last()).toContainText('the ember tide comes in', { timeout: 30_000 });
  await chat.waitReady();
  await expect(chat.messages('assistant')).toHaveCount(1);
  expect(await paragraphCounts(page)).toEqual([1, 1, 1, 1, 1]);
});
