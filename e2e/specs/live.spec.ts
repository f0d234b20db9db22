import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

// Live on every tab and device (issue 34), on the playground (real server with a store, real
// Chromium): two browser contexts of one user are two devices; a context of another user sees
// nothing of theirs. The playground's user is its `playground-user` cookie (no sign-in there); each
// test has users of its own, so the shared server's other conversations are not in their lists.

const listOf = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });

/** A browser context (a device) signed in as `user`. */
async function device(browser: Browser, baseURL: string, user: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'playground-user', value: user, url: baseURL }]);
  return context;
}

/** How many times the slow story's sentence is in a reply (six when it ran to its end). */
const sentences = async (page: Page) => ((await chatOf(page).messages('assistant').last().textContent()) ?? '').split('clockmaker').length - 1;

test('a reply started on one device streams on the other, Stop there stops it, a rename shows; another user sees none of it', async ({ browser, baseURL }, info) => {
  const user = `ann-${info.workerIndex}-${Date.now()}`;
  const [one, two, other] = await Promise.all([device(browser, baseURL!, user), device(browser, baseURL!, user), device(browser, baseURL!, `bob-${Date.now()}`)]);
  try {
    const a = await one.newPage();
    await openPlayground(a);
    const chatA = chatOf(a);
    await chatA.send('Say hello');
    await chatA.waitReady();
    await expect.poll(() => new URL(a.url()).searchParams.get('c')).not.toBeNull();
    const id = new URL(a.url()).searchParams.get('c')!;

    const b = await two.newPage();
    await b.goto(`/?c=${id}`);
    const chatB = chatOf(b);
    await expect(chatB.messages('user').first()).toContainText('Say hello');
    await chatB.waitReady();
    const bob = await other.newPage();
    await openPlayground(bob);

    // A starts a reply: B shows A's message and the reply streaming.
    await chatA.send('Tell me a slow story');
    await expect(chatB.messages('user').last()).toContainText('Tell me a slow story');
    await expect(chatB.messages('assistant').last()).toContainText('clockmaker');
    await expect(b.locator('[data-status="streaming"]').first()).toBeVisible();

    // Stop on B stops the run for both.
    await b.getByRole('button', { name: 'Stop' }).click();
    await expect(chatA.messages('assistant').last().locator('[data-xagent-reply-end="stopped"]')).toHaveText('Stopped');
    await expect(chatB.messages('assistant').last().locator('[data-xagent-reply-end="stopped"]')).toHaveText('Stopped');
    await chatA.waitReady();
    expect(await sentences(a)).toBeLessThan(6);

    // A renames the conversation: B's list shows the new title.
    const rowA = listOf(a).locator(`[data-xagent-conversation="${id}"]`);
    await rowA.hover();
    await listOf(a).locator(`[data-xagent-conversation-menu="${id}"]`).click();
    await a.getByRole('menuitem', { name: /Rename/ }).click();
    const title = a.getByRole('textbox', { name: /New title for/ });
    await title.fill('Renamed on device one');
    await title.press('Enter');
    await expect(listOf(b).locator(`[data-xagent-conversation="${id}"]`)).toContainText('Renamed on device one');

    // Another user: nothing of it in their list, and the conversation is not theirs to open.
    await expect(listOf(bob).locator('[data-xagent-conversation]')).toHaveCount(0);
    await bob.goto(`/?c=${id}`);
    await expect(chatOf(bob).composer).toBeVisible();
    await expect(chatOf(bob).messages('user')).toHaveCount(0);
    await expect(listOf(bob).locator('[data-xagent-conversation]')).toHaveCount(0);
  } finally {
    await Promise.all([one.close(), two.close(), other.close()]);
  }
});
