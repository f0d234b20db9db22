import { expect, test, type Locator, type Page } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

// Conversations as a tree (issue 22), on the playground's store (memory in this run:
// PLAYGROUND_DATA=memory): an edit and a regenerate add versions, ‹ 1 / 3 › switches between them,
// and a reload shows every version still there.

const versionsOf = (message: Locator) => message.getByRole('group', { name: 'Versions' });
const conversationParam = (page: Page) => new URL(page.url()).searchParams.get('c');

test('edit an earlier message, regenerate twice, switch versions, reload: every version is still there', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('What is the weather in Paris?');
  await chat.waitReady();
  await chat.send('Say hello');
  await chat.waitReady();
  await expect.poll(() => conversationParam(page)).not.toBeNull();

  // Edit the first message: a new version beside it; the old one and what followed stay.
  const firstUser = chat.messages('user').first();
  await firstUser.hover();
  await firstUser.getByRole('button', { name: 'Edit' }).click();
  await chat.log.getByRole('textbox').first().fill('What is the weather in Tokyo?');
  await chat.log.getByRole('button', { name: 'Save and resend' }).click();
  await chat.waitReady();
  await expect(chat.messages('user')).toHaveCount(1);
  await expect(chat.messages('assistant').first()).toContainText('18°C');
  await expect(versionsOf(chat.messages('user').first())).toContainText('Version 2 of 2');

  // Regenerate the reply twice: three versions of it.
  for (let i = 0; i < 2; i++) {
    const reply = chat.messages('assistant').last();
    await reply.hover();
    await reply.getByRole('button', { name: 'Regenerate' }).click();
    await chat.waitReady();
  }
  const replyVersions = versionsOf(chat.messages('assistant').last());
  await expect(replyVersions).toContainText('Version 3 of 3');
  const ids = new Set<string | null>([await chat.messages('assistant').last().getAttribute('data-message-id')]);

  // Switch with the keyboard: ‹ to 2 / 3, then to 1 / 3.
  await replyVersions.getByRole('button', { name: 'Previous version' }).focus();
  await page.keyboard.press('Enter');
  await expect(versionsOf(chat.messages('assistant').last())).toContainText('Version 2 of 3');
  ids.add(await chat.messages('assistant').last().getAttribute('data-message-id'));
  await expect(versionsOf(chat.messages('assistant').last()).getByRole('button', { name: 'Previous version' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(versionsOf(chat.messages('assistant').last())).toContainText('Version 1 of 3');
  ids.add(await chat.messages('assistant').last().getAttribute('data-message-id'));
  expect(ids.size).toBe(3);

  // A reload shows the chosen version, and every version is still there.
  await page.reload();
  await expect(versionsOf(chat.messages('assistant').last())).toContainText('Version 1 of 3');
  await expect(versionsOf(chat.messages('user').first())).toContainText('Version 2 of 2');
  await versionsOf(chat.messages('assistant').last()).getByRole('button', { name: 'Next version' }).click();
  await expect(versionsOf(chat.messages('assistant').last())).toContainText('Version 2 of 3');
  await versionsOf(chat.messages('assistant').last()).getByRole('button', { name: 'Next version' }).click();
  await expect(versionsOf(chat.messages('assistant').last())).toContainText('Version 3 of 3');

  // The first version of the edited message brings back its whole path.
  await versionsOf(chat.messages('user').first()).getByRole('button', { name: 'Previous version' }).click();
  await expect(chat.messages('user')).toHaveCount(2);
  await expect(chat.messages('user').first()).toContainText('Paris');
  await expect(chat.messages('user').last()).toContainText('Say hello');
  await expect(versionsOf(chat.messages('user').first())).toContainText('Version 1 of 2');
});
