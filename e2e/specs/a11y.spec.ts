import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

test('axe finds no violations on the playground, empty and after a tool turn', async ({ page }) => {
  await openPlayground(page);
  const empty = await new AxeBuilder({ page }).analyze();
  expect(empty.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const chat = chatOf(page);
  await chat.send('What is the weather in Oslo?');
  await chat.waitReady();
  const after = await new AxeBuilder({ page }).analyze();
  expect(after.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
