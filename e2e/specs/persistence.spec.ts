import { expect, test, type Page } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

// The playground on the kit's store (memory in this run: PLAYGROUND_DATA=memory), through a real
// Chromium. Each test starts its own conversations; the server keeps them for the whole run.

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
const conversationParam = (page: Page) => new URL(page.url()).searchParams.get('c');

/** Sends a message in a new conversation and waits for the reply and its generated title. */
async function startConversation(page: Page, text: string): Promise<string> {
  await sidebar(page).getByRole('button', { name: 'New chat' }).click();
  const chat = chatOf(page);
  await chat.send(text);
  await chat.waitReady();
  await expect.poll(() => conversationParam(page)).not.toBeNull();
  return conversationParam(page)!;
}

test('a reload (or the shared link) opens the same conversation with its messages', async ({ page, context }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Plan a weekend trip to Lisbon');
  await chat.waitReady();
  await expect(chat.messages('assistant').first()).toContainText('Alfama');
  await expect.poll(() => conversationParam(page)).not.toBeNull();
  const link = page.url();

  await page.reload();
  await expect(chat.messages('user').first()).toContainText('Plan a weekend trip to Lisbon');
  await expect(chat.messages('assistant').first()).toContainText('Alfama');
  await expect(sidebar(page).locator('[aria-current="true"]')).toContainText('Lisbon');

  const other = await context.newPage();
  await other.goto(link);
  await expect(chatOf(other).messages('assistant').first()).toContainText('Alfama');
  await other.close();
});

test('a new conversation is in the sidebar while its first reply streams', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Tell me a slow story');
  await expect(chat.messages('assistant').last()).toContainText('clockmaker');
  await expect(page.locator('[data-status="streaming"]').first()).toBeVisible();
  // Listed (and in the URL) from the first message on, before the reply ends.
  await expect.poll(() => conversationParam(page)).not.toBeNull();
  await expect(sidebar(page).locator(`[data-xagent-conversation="${conversationParam(page)}"]`)).toContainText(/story/i);
  await expect(page.locator('[data-status="streaming"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await chat.waitReady();
});

test('rename and delete survive a reload; Undo brings a deleted conversation back', async ({ page }) => {
  await openPlayground(page);
  const hello = await startConversation(page, 'Say hello');
  const weather = await startConversation(page, 'What is the weather in Paris?');
  await page.reload();
  const byId = (id: string) => sidebar(page).locator(`[data-xagent-conversation="${id}"]`);
  /** The conversation's row (label button and menu trigger). */
  const item = (id: string) => sidebar(page).locator('li', { has: page.locator(`[data-xagent-conversation="${id}"]`) }).last();
  const openMenu = (id: string) => item(id).getByRole('button', { name: /^Actions for / }).click();
  await expect(byId(hello)).toBeVisible();

  // Rename inline.
  await openMenu(hello);
  await page.getByRole('menuitem', { name: /Rename/ }).last().click();
  const input = sidebar(page).getByRole('textbox', { name: /^New title for / });
  await input.fill('Greetings, renamed');
  await input.press('Enter');
  await expect(byId(hello)).toContainText('Greetings, renamed');

  // Delete, undo, delete again.
  await openMenu(weather);
  await page.getByRole('menuitem', { name: /Delete/ }).last().click();
  await expect(byId(weather)).toHaveCount(0);
  await sidebar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(byId(weather)).toBeVisible();
  await openMenu(weather);
  await page.getByRole('menuitem', { name: /Delete/ }).last().click();
  await expect(sidebar(page).getByRole('status')).toContainText('Deleted “');
  await expect(byId(weather)).toHaveCount(0);

  // Leaving the page ends the undo window: the DELETE goes out with the page.
  await page.reload();
  await expect(byId(hello)).toContainText('Greetings, renamed');
  await expect(byId(weather)).toHaveCount(0);
});

test('feedback survives a reload', async ({ page }) => {
  await openPlayground(page);
  await startConversation(page, 'Say hello');
  const reply = chatOf(page).messages('assistant').last();
  await reply.hover();
  await reply.getByRole('button', { name: 'Helpful', exact: true }).click();
  await expect(reply.getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  const reloaded = chatOf(page).messages('assistant').last();
  await reloaded.hover();
  await expect(reloaded.getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('a deleted message stays deleted after switching away and back, and after a reload', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  const first = await startConversation(page, 'Plan a weekend trip to Lisbon');
  await chat.send('Say hello');
  await chat.waitReady();
  await expect(chat.messages('assistant')).toHaveCount(2);
  // The last reply (a message goes with what follows it: deleting an earlier one takes the rest too).
  const reply = chat.messages('assistant').last();
  await reply.hover();
  await reply.getByRole('button', { name: 'Delete' }).click();
  await expect(chat.messages('assistant')).toHaveCount(1);

  await startConversation(page, 'Tell me a joke');
  await sidebar(page).locator(`[data-xagent-conversation="${first}"]`).click();
  await expect(chat.messages('user')).toHaveCount(2);
  await expect(chat.messages('assistant')).toHaveCount(1);
  await expect(chat.messages('assistant').first()).toContainText('Alfama');

  await page.reload();
  await expect(chat.messages('user')).toHaveCount(2);
  await expect(chat.messages('assistant')).toHaveCount(1);
  await expect(chat.messages('assistant').first()).toContainText('Alfama');
});
