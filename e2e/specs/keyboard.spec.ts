import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';
import { docsScreenshot } from '../support/docs-screenshot.ts';

/**
 * The whole playground flow with the keyboard only: every step is a key press, and after each one
 * the focus is somewhere (never <body>) and visibly so (a ring of at least 2px: an outline, or a
 * box-shadow on the control or the box drawn around it).
 */

interface FocusInfo {
  tag: string;
  name: string;
  conversation: string | null;
  ring: boolean;
  detail: string;
}

async function focusInfo(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return { tag: 'BODY', name: '', conversation: null, ring: false, detail: 'focus on body' };
    const name = (active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 60);
    const ringOf = (element: Element) => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      const shadow = style.boxShadow !== 'none' && /\b[2-9]px|\b\d{2}px/.test(style.boxShadow);
      return { ok: outline || shadow, detail: `${element.tagName} outline ${style.outlineStyle} ${style.outlineWidth}, shadow ${style.boxShadow}` };
    };
    // The control itself, or the box drawn around it (the composer's box, a switch's label).
    const candidates = [active, active.closest('.ant-sender'), active.closest('label'), active.closest('.ant-segmented-item')].filter((e): e is Element => !!e);
    const results = candidates.map(ringOf);
    return { tag: active.tagName, name, conversation: active.getAttribute('data-xagent-conversation'), ring: results.some((r) => r.ok), detail: results.map((r) => r.detail).join(' | ') };
  });
}

async function expectVisibleFocus(page: Page, step: string) {
  const info = await focusInfo(page);
  expect(info.tag, `${step}: the focus is lost to <body>`).not.toBe('BODY');
  expect(info.ring, `${step}: no visible focus ring on ${info.tag} "${info.name}" (${info.detail})`).toBe(true);
}

/**
 * The focused element draws the kit's own ring: a 2px outline in the `--xagent-focus-ring` of the
 * conversation list (not Ant Design's pale one). For popups outside the kit roots (the actions menu).
 */
async function expectKitRing(page: Page, step: string) {
  const { outline, ring, width } = await page.evaluate(() => {
    const active = document.activeElement as HTMLElement;
    const style = getComputedStyle(active);
    const hex = getComputedStyle(document.querySelector('[data-xagent-conversations]')!).getPropertyValue('--xagent-focus-ring').trim();
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return { outline: `${style.outlineStyle} ${style.outlineColor}`, ring: `solid rgb(${r}, ${g}, ${b})`, width: parseFloat(style.outlineWidth) };
  });
  expect(outline, `${step}: not the kit's ring`).toBe(ring);
  expect(width, `${step}: ring width`).toBeGreaterThanOrEqual(2);
}

/** Presses `key` and checks the focus. */
async function press(page: Page, key: string, step = key) {
  await page.keyboard.press(key);
  await expectVisibleFocus(page, step);
}

/** Tabs (forward, or backward) until the focused element matches, checking every stop on the way. */
async function tabTo(page: Page, matches: (info: FocusInfo) => boolean, what: string, backward = false, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(backward ? 'Shift+Tab' : 'Tab');
    let info = await focusInfo(page);
    if (info.tag === 'BODY') {
      // Past the page's last (or first) stop the focus leaves for the browser's own UI: one more
      // Tab wraps around to the page.
      await page.keyboard.press(backward ? 'Shift+Tab' : 'Tab');
      info = await focusInfo(page);
    }
    expect(info.tag, `Tab towards ${what}: the focus is on <body>`).not.toBe('BODY');
    expect(info.ring, `Tab towards ${what}: no visible focus ring on ${info.tag} "${info.name}" (${info.detail})`).toBe(true);
    if (matches(info)) return info;
  }
  throw new Error(`${what} not reached with ${limit} Tabs`);
}

const named = (name: string | RegExp) => (info: FocusInfo) => (typeof name === 'string' ? info.name === name : name.test(info.name));
const conversationParam = (page: Page) => new URL(page.url()).searchParams.get('c');

async function sendFromComposer(page: Page, text: string) {
  const chat = chatOf(page);
  await expect(chat.composer).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(chat.log.getByText(text, { exact: true }).first()).toBeVisible();
  await chat.waitReady();
  await expectVisibleFocus(page, `after sending "${text}"`);
}

test('the whole playground flow with the keyboard only: focus always visible, never on <body>', async ({ page }) => {
  // About 60 s on a quiet machine; 190 s was seen with the machine's two cores fully loaded.
  test.setTimeout(300_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPlayground(page);
  const chat = chatOf(page);
  await expectVisibleFocus(page, 'on load (composer)');

  // The welcome prompts are one Tab stop, arrows inside; each is named by the prompt it sends.
  await tabTo(page, (info) => info.tag === 'BUTTON' && /: /.test(info.name), 'a welcome prompt', true);
  const firstPrompt = await focusInfo(page);
  await press(page, 'ArrowRight', 'next welcome prompt');
  expect((await focusInfo(page)).name).not.toBe(firstPrompt.name);
  await press(page, 'Home', 'first welcome prompt');
  expect((await focusInfo(page)).name).toBe(firstPrompt.name);

  // A first conversation: a tool call, approved from the keyboard.
  await tabTo(page, named('Message'), 'the composer');
  await page.keyboard.type('Delete record 7');
  await page.keyboard.press('Enter');
  const card = chat.log.locator('[data-xagent-approval="deleteRecord"]');
  await expect(card.getByText('Waiting for your approval')).toBeVisible();
  await chat.waitReady();
  await expect.poll(() => conversationParam(page)).toBeTruthy();
  const waiting = conversationParam(page)!;
  // Its conversation carries the badge in the sidebar until it is answered: the server says so, so a
  // reload (or another tab) shows it too.
  // (Inside the row's own button: `li:has(…)` would also match the date group's <li>, and with it the
  // badges of other specs' conversations on the shared server.)
  const badge = page.locator(`[data-xagent-conversations] [data-xagent-conversation="${waiting}"] [data-xagent-awaiting-approval]`);
  await expect(badge).toHaveCount(1);
  await expect(badge).toHaveText('Waiting for your approval');
  await page.reload();
  await expect(card.getByText('Waiting for your approval')).toBeVisible();
  await expect(badge).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Waiting for your approval/ }).and(page.locator(`[data-xagent-conversation="${waiting}"]`))).toHaveCount(1);
  await expectVisibleFocus(page, 'after the reload');
  await tabTo(page, named('Approve'), 'Approve', true);
  await press(page, 'Enter', 'Approve');
  // (The reply was loaded from the server: once answered, its call shows as a finished tool card.)
  await expect(chat.messages('assistant').last()).toContainText('Approved');
  await expect(chat.messages('assistant').last()).toContainText('Record 7 is deleted.');
  await chat.waitReady();
  await expect(badge).toHaveCount(0);
  await expectVisibleFocus(page, 'after the approved run');

  const first = conversationParam(page);
  expect(first).toBeTruthy();

  // A message to edit (the nearest "Edit message" going back from the composer).
  await tabTo(page, named('Message'), 'the composer');
  await sendFromComposer(page, 'Hello there');

  // Edit the message (Enter saves and resends).
  await tabTo(page, named('Message'), 'the composer');
  await tabTo(page, named('Edit message'), 'Edit message', true, 80);
  await press(page, 'Enter', 'Edit message');
  await expect(chat.log.getByRole('textbox', { name: 'Edit message' })).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' again');
  await press(page, 'Enter', 'save the edit');
  await expect(chat.log.getByText('Hello there again', { exact: true })).toBeVisible();
  await chat.waitReady();
  await expectVisibleFocus(page, 'after the edited message was answered');

  // Regenerate the reply: the focus moves on (to the composer), not to <body>.
  await tabTo(page, named('Message'), 'the composer');
  await tabTo(page, named('Regenerate'), 'Regenerate', true);
  await press(page, 'Enter', 'Regenerate');
  await chat.waitReady();
  await expectVisibleFocus(page, 'after Regenerate');

  // A second conversation: "New chat", then send.
  await tabTo(page, named('New chat'), 'New chat', true, 80);
  await press(page, 'Enter', 'New chat');
  await tabTo(page, named('Message'), 'the composer');
  await sendFromComposer(page, 'Second conversation');
  const second = conversationParam(page);
  expect(second).not.toBe(first);

  // The conversation list is one Tab stop: reach it, arrow to the other conversation, open it. The
  // playground's server is shared by every spec, so the list may hold other specs' conversations
  // below these two (newest first: the second, then the first).
  const rows = page.locator('[data-xagent-conversation]');
  await expect(rows.nth(0)).toHaveAttribute('data-xagent-conversation', second!);
  await expect(rows.nth(1)).toHaveAttribute('data-xagent-conversation', first!);
  await tabTo(page, (info) => info.conversation !== null, 'the conversation list', true, 80);
  await press(page, 'End', 'last conversation');
  await press(page, 'Home', 'first conversation');
  expect((await focusInfo(page)).conversation).toBe(second);
  await press(page, 'ArrowDown', 'the conversation below it');
  expect((await focusInfo(page)).conversation).toBe(first);
  await press(page, 'Enter', 'open the other conversation');
  await expect.poll(() => conversationParam(page)).toBe(first);
  await expect(chat.log.getByText('Hello there again', { exact: true })).toBeVisible();

  // Rename the other (not open) conversation from the keyboard: the open chat stays.
  await tabTo(page, named('Message'), 'the composer');
  await tabTo(page, (info) => info.conversation !== null, 'the conversation list', true, 80);
  await press(page, 'Home', 'first conversation');
  expect((await focusInfo(page)).conversation).toBe(second);
  await press(page, 'ArrowRight', 'the row\u2019s actions button');
  await press(page, 'Enter', 'open the actions menu');
  await expect(page.getByRole('menuitem', { name: /Rename/ })).toBeFocused();
  // The menu is a portal on <body>, outside the kit's roots: it still draws the kit's ring.
  await expectKitRing(page, 'Rename in the actions menu, light');
  await press(page, 'ArrowDown', 'ArrowDown in the actions menu');
  await expect(page.getByRole('menuitem', { name: /Delete/ })).toBeFocused();
  await expectKitRing(page, 'Delete in the actions menu, light');
  await press(page, 'ArrowUp', 'ArrowUp in the actions menu');
  await press(page, 'Enter', 'Rename');
  await expect(page.getByRole('textbox', { name: /New title for/ })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Renamed by keyboard');
  await press(page, 'Enter', 'save the new title');
  await expect(page.locator(`[data-xagent-conversation="${second}"]`)).toContainText('Renamed by keyboard');
  await expect(page.locator(`[data-xagent-conversation="${second}"]`)).toBeFocused();
  expect(conversationParam(page)).toBe(first);

  // Delete it from the keyboard: the open chat stays; Undo brings it back.
  await press(page, 'ArrowRight', 'the row\u2019s actions button');
  await press(page, 'Enter', 'open the actions menu');
  await press(page, 'ArrowDown', 'to Delete');
  await expect(page.getByRole('menuitem', { name: /Delete/ })).toBeFocused();
  await press(page, 'Enter', 'Delete');
  await expect(page.locator(`[data-xagent-conversation="${second}"]`)).toHaveCount(0);
  expect(conversationParam(page)).toBe(first);
  await expect(chat.log.getByText('Hello there again', { exact: true })).toBeVisible();
  await tabTo(page, named(/^Undo/), 'Undo', true, 20).catch(() => tabTo(page, named(/^Undo/), 'Undo', false, 20));
  await press(page, 'Enter', 'Undo');
  await expect(page.locator(`[data-xagent-conversation="${second}"]`)).toHaveCount(1);
  expect(conversationParam(page)).toBe(first);

  await tabTo(page, (info) => info.conversation !== null, 'the conversation list', true, 20).catch(() => tabTo(page, (info) => info.conversation !== null, 'the conversation list', false, 40));
  await docsScreenshot(page, 'keyboard-focus-light');

  // Activity: open the drawer, close it with Escape (the focus goes back to its button).
  await tabTo(page, named('Activity'), 'Activity', true, 80);
  await press(page, 'Enter', 'open Activity');
  await expect(page.getByRole('dialog', { name: 'Activity of the last run' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Activity of the last run' })).toBeHidden();
  // The drawer hands the focus back to its button once it has closed.
  await expect(page.getByRole('button', { name: 'Activity' })).toBeFocused();
  await expectVisibleFocus(page, 'close Activity');

  // Dark theme, then the drawer display: both switches with arrow keys.
  // The theme switch follows the Activity button.
  await tabTo(page, (info) => info.tag === 'INPUT', 'the theme switch', false, 10);
  await press(page, 'ArrowRight', 'Dark theme');
  await expect(page.locator('[data-xagent-chat]')).toHaveCSS('color-scheme', 'dark');
  await tabTo(page, (info) => info.conversation !== null, 'the conversation list, dark', false, 20);
  await docsScreenshot(page, 'keyboard-focus-dark');
  // The actions menu in the dark theme: the dark ring colour reaches the portal too.
  await press(page, 'ArrowRight', 'the row\u2019s actions button, dark');
  await press(page, 'Enter', 'open the actions menu, dark');
  await expect(page.getByRole('menuitem', { name: /Rename/ })).toBeFocused();
  await expectKitRing(page, 'Rename in the actions menu, dark');
  await press(page, 'Escape', 'close the actions menu, dark');
  await expect(page.getByRole('menuitem', { name: /Rename/ })).toBeHidden();
  await tabTo(page, named(/Message/), 'the composer');
  await expectVisibleFocus(page, 'composer, dark');
  const axe = await new AxeBuilder({ page }).include('[data-xagent-chat]').include('[data-xagent-conversations]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The display switch follows the theme switch.
  await tabTo(page, named('Message'), 'the composer');
  await tabTo(page, (info) => info.tag === 'INPUT' && info.detail.length > 0 && info.name === '' , 'the display switch', true, 80);
  await press(page, 'ArrowRight', 'Drawer display');
  const open = page.getByRole('button', { name: 'Open chat' });
  await expect(open).toBeVisible();
  // The drawer's code arrives on demand once the display is "drawer" (a look-alike button stands in
  // meanwhile): on a loaded machine that can take a while, so wait for antd's floating button — the
  // drawer is in the page then — before tabbing to it.
  await expect(page.locator('.ant-float-btn[aria-label="Open chat"]')).toBeVisible();
  await tabTo(page, named('Open chat'), 'Open chat', false, 80);
  // The floating button leaves as the drawer opens, and the drawer focuses its panel once it is open
  // (its focus lock brings the focus back if it missed): wait for that state — the open drawer
  // holding the focus — however many frames it takes, then check the ring.
  await page.keyboard.press('Enter');
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer.getByRole('dialog')).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-drawer-open')), { message: 'the focus moves into the open drawer' }).toBe(true);
  await expectVisibleFocus(page, 'open the chat drawer');
  await page.keyboard.press('Escape');
  // Closed (the drawer leaves its open state), then the focus is back on the floating button.
  await expect(drawer).toHaveCount(0);
  await expect(open).toBeFocused();
  await expectVisibleFocus(page, 'close the chat drawer');
});
