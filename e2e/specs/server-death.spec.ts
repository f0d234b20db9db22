import { expect, test } from '@playwright/test';
import { STALE_RUN_MS } from '../../packages/agent-server/src/store/types.ts';
import { chatOf } from '../support/chat.ts';
import { ownPlayground } from '../support/own-playground.ts';

// Issue 24: the server running a reply dies mid-reply (killed, nothing saved). The tab keeps trying
// to re-attach; once a server is back and the run's heartbeat is stale, the reply is saved as
// interrupted and the chat shows "Interrupted — Retry" instead of losing the reply; Retry answers
// anew. The spec runs a playground of its own (its API server is killed), not the shared one.

test('the server running a reply dies: "Interrupted" with a working Retry, in Chromium', async ({ page }) => {
  test.setTimeout(STALE_RUN_MS + 120_000);
  const own = await ownPlayground();
  try {
    await page.goto(own.url);
    const chat = chatOf(page);
    await expect(chat.composer).toBeVisible();
    await expect(page.getByText('Say hello').first()).toBeVisible();
    await chat.send('Write five numbered paragraphs');
    const reply = chat.messages('assistant').last();
    await expect(reply).toContainText('Paragraph 1 (amber)', { timeout: 30_000 });
    await expect(reply).not.toContainText('Paragraph 5');

    own.killApi();
    const killedAt = Date.now();
    // No server: the chat is still waiting for the reply (re-attaching), nothing says it is over.
    await page.waitForTimeout(3_000);
    await expect(page.locator('[data-xagent-reply-end="interrupted"]')).toHaveCount(0);
    // Back after the run's last sign of life is stale: the next re-attach finds it dead.
    await page.waitForTimeout(Math.max(0, STALE_RUN_MS + 2_000 - (Date.now() - killedAt)));
    await own.startApi();

    const mark = page.locator('[data-xagent-reply-end="interrupted"]');
    // The re-attach backoff is at most 8 s apart.
    await expect(mark).toContainText('Interrupted', { timeout: 30_000 });
    await chat.waitReady();
    const retry = mark.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await retry.click();
    await expect(chat.messages('assistant').last()).toContainText('the ember tide comes in', { timeout: 60_000 });
    await chat.waitReady();
    await expect(mark).toHaveCount(0);
    await expect(chat.messages('user')).toHaveCount(1);
  } finally {
    await own.close();
  }
});
