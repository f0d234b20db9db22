import { expect, type Locator, type Page } from '@playwright/test';

/** The playground's chat, found by the accessible names the kit gives its parts. */
export function chatOf(page: Page) {
  const log = page.getByRole('log', { name: 'Conversation' });
  const composer = page.getByRole('textbox', { name: 'Message' });
  return {
    log,
    composer,
    /** The chat root carries `data-status` = the AI SDK chat status. */
    root: page.locator('[data-status]').first(),
    async send(text: string) {
      await composer.fill(text);
      await composer.press('Enter');
      await expect(log.getByText(text, { exact: true }).first()).toBeVisible();
    },
    async waitReady() {
      await expect(page.locator('[data-status="ready"]').first()).toBeVisible({ timeout: 20_000 });
    },
    /** Messages of the transcript by author. */
    messages(role: 'user' | 'assistant'): Locator {
      return log.locator(`[data-xagent-message="${role}"]`);
    },
  };
}

/**
 * Records the distinct lengths the last assistant message's text goes through until the chat is
 * ready again — in the page (a MutationObserver), so no paint is missed.
 */
export async function recordReplyGrowth(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const lengths: number[] = [];
        const root = document.querySelector('[data-status]')!;
        const sample = () => {
          const replies = document.querySelectorAll('[data-xagent-message="assistant"]');
          const length = replies[replies.length - 1]?.textContent?.length ?? 0;
          if (lengths.at(-1) !== length) lengths.push(length);
        };
        const observer = new MutationObserver(() => {
          sample();
          if (root.getAttribute('data-status') === 'ready' && lengths.length > 1) {
            observer.disconnect();
            resolve(lengths);
          }
        });
        observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(lengths);
        }, 30_000);
      }),
  );
}

/** Opens a fresh playground with a new conversation. */
export async function openPlayground(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  // The scenario prompts arrive from the server: wait for the welcome prompts.
  await expect(page.getByText('Say hello').first()).toBeVisible();
}

/**
 * Opens the playground and asks the agent to delete `record`: resolves with the chat and the
 * approval card the reply waits on, once the reply has stopped for it.
 */
export async function askToDeleteRecord(page: Page, record: number) {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send(`Delete record ${record}`);
  const card = chat.log.locator('[data-xagent-approval="deleteRecord"]');
  await expect(card).toContainText('Allow deleteRecord to run?');
  await chat.waitReady();
  return { chat, card };
}
