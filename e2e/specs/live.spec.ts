import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startPostgres } from '../../packages/agent-server/src/test-utils/postgres-server.ts';
import { startRedis } from '../../packages/agent-server/src/test-utils/redis-server.ts';
import { chatOf, openPlayground } from '../support/chat.ts';
import { ownPlayground } from '../support/own-playground.ts';

// Live on every tab and device (issue 34), on the playground (real server with a store, real
// Chromium): two browser contexts of one user are two devices; a context of another user sees
// nothing of theirs. The playground's user is its `playground-user` cookie (no sign-in there); each
// test has users of its own, so the shared server's other conversations are not in their lists.
// Then the same on two server instances sharing PostgreSQL (the store) and Redis (the run log that
// carries the events between them), each device on its own instance.

const listOf = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });

/** A browser context (a device) signed in as `user`. */
async function device(browser: Browser, baseURL: string, user: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'playground-user', value: user, url: baseURL }]);
  return context;
}

/** How many times the slow story's sentence is in a reply (six when it ran to its end). */
const sentences = async (page: Page) => ((await chatOf(page).messages('assistant').last().textContent()) ?? '').split('clockmaker').length - 1;

/**
 * Device one starts a reply; device two streams it, stops it; device one renames the conversation
 * and device two's list shows it; `stranger` (another user) sees none of it.
 */
async function followsAcrossDevices(one: BrowserContext, two: BrowserContext, stranger: BrowserContext) {
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
  const bob = await stranger.newPage();
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
  await listOf(a).locator(`[data-xagent-conversation="${id}"]`).hover();
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
}

test('a reply started on one device streams on the other, Stop there stops it, a rename shows; another user sees none of it', async ({ browser, baseURL }, info) => {
  const user = `ann-${info.workerIndex}-${Date.now()}`;
  const [one, two, other] = await Promise.all([device(browser, baseURL!, user), device(browser, baseURL!, user), device(browser, baseURL!, `bob-${Date.now()}`)]);
  try {
    await followsAcrossDevices(one, two, other);
  } finally {
    await Promise.all([one.close(), two.close(), other.close()]);
  }
});

test('the same on two server instances sharing PostgreSQL and Redis, each device on its own instance', async ({ browser }) => {
  test.setTimeout(150_000);
  const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  const env = { PLAYGROUND_DATA: pg.connectionString, PLAYGROUND_REDIS: redis.url };
  const instances: Awaited<ReturnType<typeof ownPlayground>>[] = [];
  const contexts: BrowserContext[] = [];
  try {
    // One after the other: the first creates the store's tables.
    instances.push(await ownPlayground({ env }));
    instances.push(await ownPlayground({ env }));
    const [first, second] = instances as [(typeof instances)[0], (typeof instances)[0]];
    contexts.push(await device(browser, first.url, 'ann'), await device(browser, second.url, 'ann'), await device(browser, second.url, 'bob'));
    await followsAcrossDevices(contexts[0]!, contexts[1]!, contexts[2]!);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await Promise.all(instances.map((instance) => instance.close()));
    redis.destroy();
    pg.destroy();
  }
});
