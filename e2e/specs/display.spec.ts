import { expect, test } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

test('drawer mode: open the chat, talk, close it — the conversation carries over from inline', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('What is the weather in Paris?');
  await chat.waitReady();
  await page.getByText('Drawer', { exact: true }).click();
  await page.getByRole('button', { name: 'Open chat' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  // Switching the display does not lose the transcript.
  await expect(chat.messages('user').first()).toContainText('What is the weather in Paris?');
  await chat.send('Say hello');
  await chat.waitReady();
  await expect(chat.messages('assistant')).toHaveCount(2);
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(drawer).toBeHidden();
});

test('theme switch: dark and custom tokens change the chat colors', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Say hello');
  await chat.waitReady();
  // The bubble: the nearest painted box around the user's text.
  const bubble = chat.messages('user').last().getByText('Say hello', { exact: true });
  const colorOf = () => bubble.evaluate((el) => {
    let node: Element | null = el;
    while (node) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg && bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
      node = node.parentElement;
    }
    return '';
  });
  const light = await colorOf();
  await page.getByText('Dark', { exact: true }).click();
  await expect.poll(colorOf).not.toBe(light);
  // The theme changed, the conversation did not: no remount, no lost transcript.
  await expect(chat.messages('user').last()).toContainText('Say hello');
  await expect(chat.messages('assistant').last()).toContainText('streams on its own');
  const dark = await colorOf();
  await page.getByText('Custom tokens', { exact: true }).click();
  await expect.poll(colorOf).toBe('rgb(237, 233, 254)');
  expect(dark).not.toBe('rgb(237, 233, 254)');
});

test("the build: React DOM arrives in a chunk of its own that starts with V8's compile hint; the app's code does not", async ({ page }) => {
  // examples/playground/vite.config.ts builds with compileHints() (@x/agent-ui/vite).
  const scripts: Array<{ url: string; body: string }> = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) scripts.push({ url: response.url(), body: await response.text() });
  });
  await openPlayground(page);
  await expect.poll(() => scripts.filter((script) => /\/react-dom-[\w-]+\.js$/.test(script.url)).length).toBe(1);
  const reactDom = scripts.find((script) => /\/react-dom-[\w-]+\.js$/.test(script.url))!;
  expect(reactDom.body.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
  // React DOM's code is there (its root's container key), and only there; nothing else is hinted.
  expect(reactDom.body).toContain('__reactContainer$');
  const others = scripts.filter((script) => script !== reactDom);
  expect(others.length).toBeGreaterThan(0);
  expect(others.filter((script) => script.body.includes('allFunctionsCalledOnLoad') || script.body.includes('__reactContainer$')).map((s) => s.url)).toEqual([]);
  // The chat works from that build.
  const chat = chatOf(page);
  await chat.send('Say hello');
  await chat.waitReady();
  await expect(chat.messages('assistant')).toHaveCount(1);
});

test('static styles: antd finds its icon rules in antd.css (the record in the file) and registers none; icons are styled', async ({ page }) => {
  // The playground imports @x/agent-ui/antd.css. antd's ConfigProvider registers its icon rules even
  // in zero-runtime mode, unless @ant-design/cssinjs's record says a stylesheet holds them.
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('What is the weather in Paris?');
  await chat.waitReady();
  const iconRulesRegistered = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLStyleElement>('style[data-css-hash]')].flatMap((style) =>
      [...(style.sheet?.cssRules ?? [])].filter((rule) => rule instanceof CSSStyleRule && /^\.anticon(?:[\s{:[>]|$)/.test(rule.selectorText)).map((rule) => (rule as CSSStyleRule).selectorText),
    ),
  );
  expect(iconRulesRegistered).toEqual([]);
  // antd.css's icon rules apply: the header's settings icon and the tool card's.
  const icons = page.locator('.anticon');
  expect(await icons.count()).toBeGreaterThan(0);
  // (Not `display`: an icon in a flex container is blockified, `inline-flex` → `flex`.)
  await expect(icons.first()).toHaveCSS('line-height', '0px');
  await expect(icons.first()).toHaveCSS('text-rendering', 'optimizelegibility');
});
