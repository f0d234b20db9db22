import { expect, test, type Locator, type Page } from '@playwright/test';
import { chatOf } from '../support/chat.ts';

// Issue 35: what a new user tripped over in the playground (the examples' share: defects-examples.spec.ts).

/** True when `target` is the element the browser hits at its own centre (nothing lies on top of it). */
async function hitAtCentre(page: Page, target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  const handle = await target.elementHandle();
  return page.evaluate(
    ([x, y, element]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === element || element!.contains(hit));
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle] as const,
  );
}

test.describe('the playground with its developer tools on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test('nothing floats over the composer: Attach and Dictate are what a tap hits; the tools are in the settings', async ({ page }) => {
    await page.goto('/?inspector');
    const chat = chatOf(page);
    await expect(chat.composer).toBeVisible();
    const composer = page.locator('[data-xagent-composer]');
    const attach = composer.getByRole('button', { name: 'Attach files' });
    const dictate = composer.getByRole('button', { name: 'Dictate' });
    await expect(attach).toBeVisible();
    // The inspector loads on demand (it put its buttons on the composer before): once its tools show
    // in the settings drawer it is loaded. (Not "network idle": the live event stream stays open.)
    const settings = page.getByRole('button', { name: 'Settings and shared form' });
    const tools = page.getByRole('region', { name: 'Developer tools' });
    await settings.click();
    await expect(tools.getByRole('button', { name: 'Open inspector' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tools).toBeHidden();
    expect(await hitAtCentre(page, attach)).toBe(true);
    expect(await hitAtCentre(page, dictate)).toBe(true);
    // No fixed element of the page lies over the composer's box.
    const overlaps = await composer.evaluate((root) => {
      const box = root.getBoundingClientRect();
      return [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((element) => getComputedStyle(element).position === 'fixed' && !root.contains(element) && element.offsetParent !== null)
        .filter((element) => {
          const other = element.getBoundingClientRect();
          return other.width > 0 && other.height > 0 && other.left < box.right && other.right > box.left && other.top < box.bottom && other.bottom > box.top;
        })
        .map((element) => element.textContent?.trim() || element.tagName);
    });
    expect(overlaps).toEqual([]);

    // The tools are in the settings drawer.
    await settings.click();
    await expect(tools.getByRole('button', { name: 'Save this conversation as a fixture' })).toBeVisible();
    await expect(tools.getByRole('button', { name: 'Open inspector' })).toBeVisible();
  });
});

test('an unknown ?c= id says the conversation was not found, and "New chat" starts one', async ({ page }) => {
  await page.goto('/?c=no-such-conversation');
  const notice = page.getByRole('alert').filter({ hasText: 'This conversation no longer exists.' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'New chat' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]c=no-such-conversation/);
});

test('the shared form and its write log belong to the conversation: a new chat starts empty', async ({ page }) => {
  await page.goto('/');
  const chat = chatOf(page);
  await expect(chat.composer).toBeVisible();
  const company = page.getByRole('textbox', { name: 'Company' });
  const log = page.getByRole('list', { name: 'Write log' }).or(page.locator('[aria-label="Write log"]'));
  await company.fill('Before Inc');
  await expect(log).toContainText('company');
  await chat.send('Say hello');
  await chat.waitReady();
  // This conversation's id (other specs on this server also said hello: its row is found by id).
  await expect(page).toHaveURL(/[?&]c=/);
  const first = new URL(page.url()).searchParams.get('c')!;
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(company).toHaveValue('');
  await expect(log).toContainText('No writes yet');
  // Back in the first conversation, its form and log are as they were.
  await page.getByRole('navigation', { name: 'Conversations' }).locator(`[data-xagent-conversation="${first}"]`).click();
  await expect(company).toHaveValue('Before Inc');
  await expect(log).toContainText('company');
});

test('the playground answers /favicon.ico', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/image\//);
});
