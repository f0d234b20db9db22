import { expect, test } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

test('suggestions from the agent are offered after a reply and send on click', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Say hello');
  await chat.waitReady();
  const suggestions = page.getByRole('list', { name: 'Suggestions' }).or(page.locator('[aria-label="Suggestions"]')).first();
  await expect(suggestions).toBeVisible();
  const first = suggestions.getByRole('button').first();
  const text = (await first.innerText()).trim();
  await first.click();
  await expect(chat.messages('user').last()).toContainText(text);
  await chat.waitReady();
});

test('attachments: an accepted file is sent with the message, a refused one is reported', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  const input = page.locator('[data-xagent-composer] input[type="file"]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello file') });
  await expect(page.locator('[data-xagent-composer]')).toContainText('notes.txt');
  await input.setInputFiles({ name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(3 * 1024 * 1024, 97) });
  await expect(page.locator('[data-xagent-refused]')).toContainText('huge.txt');
  await input.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.locator('[data-xagent-refused]')).toContainText('tool.exe');
  await chat.send('Say hello');
  await chat.waitReady();
  await expect(chat.messages('user').last()).toContainText('notes.txt');
});

test('attachments upload to the blob store with a progress bar, and the image still shows after a reload', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  // A real 64×48 PNG: after the reload it must decode from the signed download URL.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAY0lEQVR4nO3PQQkAMAzAwEqqfxWTNBF7HINABFzm7H7dcEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAWPXcEEQNOI9mojAAAAAElFTkSuQmCC', 'base64');
  await page.locator('[data-xagent-composer] input[type="file"]').setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: png });
  const progress = page.getByRole('progressbar', { name: 'Uploading “red.png”' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('value', '100');
  await chat.send('Say hello');
  await chat.waitReady();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // The conversation is in the URL (?c=…): the reload opens it from the server.
  await expect.poll(() => new URL(page.url()).searchParams.get('c')).not.toBeNull();

  await page.reload();
  const image = chat.messages('user').last().locator('img');
  await expect(image).toHaveAttribute('src', /\/api\/agent\/[^/]+\/files\/file-[^?]+\?exp=\d+&sig=/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
});
