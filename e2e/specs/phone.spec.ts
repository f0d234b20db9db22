import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { chatOf, openPlayground } from '../support/chat.ts';

/** The page never scrolls sideways: its scroll width fits the viewport. */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.describe('the playground on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the chat takes the width, streams a reply, and never scrolls sideways', async ({ page }) => {
    await openPlayground(page);
    await expectNoHorizontalScroll(page);
    const chat = chatOf(page);
    const box = (await chat.log.boundingBox())!;
    expect(box.width).toBeGreaterThan(340);

    await chat.send('Show me some markdown with a table and code');
    await chat.waitReady();
    const reply = chat.messages('assistant').last();
    await expect(reply.getByRole('table')).toBeVisible();
    await expect(reply.locator('pre').first()).toBeVisible();
    await expectNoHorizontalScroll(page);

    await chat.send('Check the status of all 20 open orders');
    await chat.waitReady();
    await expectNoHorizontalScroll(page);
  });

  test('the conversations and the shared form open as drawers, and closing one gives the focus back', async ({ page }) => {
    await openPlayground(page);
    // No sidebar nor form on the page itself.
    await expect(page.getByRole('complementary', { name: 'Conversation list' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Shared form' })).toHaveCount(0);

    const conversationsButton = page.getByRole('button', { name: 'Conversations', exact: true });
    await conversationsButton.click();
    const conversations = page.getByRole('dialog', { name: 'Conversations' });
    await expect(conversations.getByRole('button', { name: /new chat/i })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(conversations).toBeHidden();
    await expect(conversationsButton).toBeFocused();

    const settingsButton = page.getByRole('button', { name: 'Settings and shared form', exact: true });
    await settingsButton.click();
    const settings = page.getByRole('dialog', { name: 'Settings and shared form' });
    await expect(settings.getByLabel('Name')).toBeVisible();
    await expect(settings.getByRole('radiogroup', { name: 'Theme' }).or(settings.getByLabel('Theme'))).toBeVisible();
    await settings.getByRole('button', { name: 'Close settings and shared form' }).click();
    await expect(settings).toBeHidden();
    await expect(settingsButton).toBeFocused();
    await expectNoHorizontalScroll(page);

    // Picking a conversation ("New chat" here) closes the drawer on the chat.
    await chatOf(page).send('Say hello');
    await conversationsButton.click();
    await conversations.getByRole('button', { name: /new chat/i }).click();
    await expect(conversations).toBeHidden();
    await expect(chatOf(page).messages('user')).toHaveCount(0);
  });

  test('the chat in its drawer fills the phone; axe finds no violations on the phone layout', async ({ page }) => {
    await openPlayground(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Settings and shared form', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings and shared form' });
    await expect(settings.getByLabel('Name')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await settings.getByRole('radiogroup', { name: 'Display' }).getByText('Drawer', { exact: true }).click();
    await settings.getByRole('button', { name: 'Close settings and shared form' }).click();
    await expect(settings).toBeHidden();

    await page.getByRole('button', { name: 'Open chat' }).click();
    const drawer = page.getByRole('dialog', { name: 'Assistant' });
    await chatOf(page).send('Say hello');
    await chatOf(page).waitReady();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBeLessThanOrEqual(390);
    await expectNoHorizontalScroll(page);
  });
});

test.describe('AgentChat at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test('the composer, the messages, tool cards and code blocks fit; wide content scrolls inside its box', async ({ page }) => {
    await openPlayground(page);
    await expectNoHorizontalScroll(page);
    const chat = chatOf(page);
    await chat.send('Show me some markdown with a table and code');
    await chat.waitReady();
    await chat.send('What is the weather in Oslo?');
    await chat.waitReady();
    await chat.send('Delete record 7');
    await expect(page.getByRole('region', { name: /Allow deleteRecord to run\?/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    // Every part of the chat stays inside the chat's width.
    const overflow = await page.evaluate(() => {
      const root = document.querySelector('[data-xagent-chat]')!;
      const right = root.getBoundingClientRect().right + 0.5;
      return [...root.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > right && !el.closest('pre, table, [data-scroll-x]') && getComputedStyle(el).position !== 'fixed')
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
    });
    expect(overflow).toEqual([]);
    // Table cells wrap between words only: no number is cut in two.
    const brokenWords = await chat.log.locator('table').first().evaluate((table) =>
      [...table.querySelectorAll('th, td')]
        .filter((cell) => !/\s/.test(cell.textContent!.trim()))
        .filter((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        })
        .map((cell) => cell.textContent),
    );
    expect(brokenWords).toEqual([]);
    // A long code line scrolls inside its block rather than wrapping or widening the chat.
    // (Scrolled to first: the transcript skips the layout of rows out of view — content-visibility —
    // and the reply with the code is above the later turns.)
    const pre = chat.log.locator('[data-xagent-code-block] pre').first();
    await pre.scrollIntoViewIfNeeded();
    await expect.poll(() => pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const composer = (await chat.composer.boundingBox())!;
    expect(composer.x + composer.width).toBeLessThanOrEqual(320);
  });
});
