import { expect, test } from '@playwright/test';
import { LOST_RUN_GRACE_MS } from '../../packages/agent-server/src/runs/stale-run.ts';
import { chatOf } from '../support/chat.ts';
import { ownPlayground } from '../support/own-playground.ts';

// Issue 24: the server running a reply dies mid-reply (killed, nothing saved). The tab keeps trying
// to re-attach; once a server is back (a restart: its run log no longer holds the run — "not yet"
// until the run started more than LOST_RUN_GRACE_MS ago), the reply is saved as interrupted and the
// chat shows "Interrupted — Retry" instead of losing the reply; Retry answers anew. The spec runs a
// playground of its own (its API server is killed), not the shared one.

test('the server running a reply dies: "Interrupted" with a working Retry, in Chromium', async ({ page }) => {
  test.setTimeout(120_000);
  const own = await ownPlayground();
  try {
    await page.goto(own.url);
    const chat = chatOf(page);
    await expect(chat.composer).toBeVisible();
    await expect(page.getByText('Say hello').first()).toBeVisible();
    const sentAt = Date.now();
    await chat.send('Write five numbered paragraphs');
    const reply = chat.messages('assistant').last();
    await expect(reply).toContainText('Paragraph 1 (amber)', { timeout: 30_000 });
    await expect(reply).not.toContainText('Paragraph 5');

    own.killApi();
    // No server: the chat is still waiting for the reply (re-attaching), nothing says it is over.
    await page.waitForTimeout(3_000);
    await expect(page.locator('[data-xagent-reply-end="interrupted"]')).toHaveCount(0);
    // Back as a restarted server (its memory run log is empty). Within the grace a run gets to reach
    // a shared log (LOST_RUN_GRACE_MS after its start) it answers the re-attach "not yet" (503
    // run_not_ready) and the tab keeps re-attaching; after it, the next re-attach finds the run lost
    // — not after the 60 s heartbeat limit. However slow the machine, the reply is never dropped.
    await own.startApi();
    const restartedAfterMs = Date.now() - sentAt;

    const mark = page.locator('[data-xagent-reply-end="interrupted"]');
    // The re-attach backoff is at most 8 s apart.
    await expect(mark).toContainText('Interrupted', { timeout: 30_000 + Math.max(0, LOST_RUN_GRACE_MS - restartedAfterMs) });
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
