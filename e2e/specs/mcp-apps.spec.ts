import { expect, test } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';
import { axeViolations } from '../support/axe.ts';
import { appFrames, MCP_APPS_PROMPT } from '../support/mcp-apps.ts';

test.describe('MCP Apps (server-basic-react and server-budget-allocator over stdio)', () => {
  test('the apps render sandboxed, call tools through the agent server, are refused what the agent refuses, and cannot read the host page', async ({ page }) => {
    // Two MCP server processes start and two apps load in their sandboxes.
    test.setTimeout(120_000);
    await openPlayground(page);
    // What the app must not see: the host's cookie and storage.
    await page.evaluate(() => {
      document.cookie = 'host_secret=s3cret; path=/';
      localStorage.setItem('host-secret', 's3cret');
    });
    const chat = chatOf(page);
    await chat.send(MCP_APPS_PROMPT);
    await chat.waitReady();

    // basic-react: renders in the sandbox and gets the tool's result.
    await expect(page.locator('[data-xagent-mcp-app-tool="get-time"]')).toHaveAttribute('data-xagent-mcp-app', 'ready');
    const time = await appFrames(page, 'get-time');
    expect(new URL(time.proxy.url()).origin).not.toBe(new URL(page.url()).origin);
    expect(await page.locator('[data-xagent-mcp-app-tool="get-time"] iframe').getAttribute('sandbox')).not.toBeNull();
    const getTime = time.app.getByRole('button', { name: 'Get Server Time' });
    await expect(getTime).toBeVisible({ timeout: 20_000 });
    await expect(time.app.getByText('Server Time:')).toBeVisible();
    // The app reported its size: the frame took its height (the stand-in is 120 px). The app measures
    // in a requestAnimationFrame, and Chromium runs none in a cross-origin frame that is off screen (the
    // transcript may have scrolled on to the second app): the frame is scrolled into view first.
    await page.locator('[data-xagent-mcp-app-tool="get-time"] iframe').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('[data-xagent-mcp-app-tool="get-time"] iframe').evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(200);
    // The kit's part of the page (the frames' content is the third-party app's) has no axe violations.
    expect(await axeViolations(page, [], ['[data-xagent-mcp-app] iframe'])).toEqual([]);

    // A button in the app calls its tool through the agent server's route. The playground's policy
    // wants the user's approval for the app's get-time: the server answers 403 with a token, the chat
    // asks (a dialog named after the tool, Reject focused); rejected, nothing runs.
    const asked = page.waitForResponse((r) => r.url().includes('/mcp-apps/call') && r.request().method() === 'POST');
    await getTime.click();
    const askedResponse = await asked;
    expect(askedResponse.status()).toBe(403);
    expect(await askedResponse.json()).toMatchObject({ error: { code: 'approval_required' }, approval: { name: 'get-time' } });
    const approval = page.getByRole('dialog', { name: 'The app wants to run get-time' });
    await expect(approval).toBeVisible();
    await expect(approval.getByRole('button', { name: 'Reject' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(approval).toBeHidden();
    // Approved from the keyboard (Tab to Approve): the same call again with the token, run once.
    const called = page.waitForResponse((r) => r.url().includes('/mcp-apps/call') && r.request().postDataJSON()?.approval !== undefined);
    await getTime.click();
    await expect(approval).toBeVisible();
    await expect(approval.getByRole('button', { name: 'Reject' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(approval.getByRole('button', { name: 'Approve' })).toBeFocused();
    await page.keyboard.press('Enter');
    const response = await called;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ server: 'time', name: 'get-time' });
    expect(JSON.stringify(await response.json())).toMatch(/\d{4}-\d\d-\d\dT/);

    // Isolation: a script in the app cannot reach the host page, its cookies or storage.
    const probe = await time.app.evaluate(() => {
      const attempt = (read: () => unknown) => {
        try {
          return `read: ${String(read())}`;
        } catch (error) {
          return `threw ${(error as Error).name}`;
        }
      };
      return {
        parentDocument: attempt(() => window.parent.document.title),
        topDocument: attempt(() => window.top!.document.title),
        cookie: attempt(() => document.cookie),
        storage: attempt(() => localStorage.getItem('host-secret')),
        origin: location.origin,
      };
    });
    expect(probe.parentDocument).toMatch(/^threw/);
    expect(probe.topDocument).toMatch(/^threw/);
    expect(probe.cookie).not.toContain('s3cret');
    expect(probe.storage).not.toContain('s3cret');
    expect(probe.origin).toBe('null');
    // The app's frame is sandboxed without allow-same-origin.
    const innerSandbox = await time.proxy.evaluate(() => document.querySelector('iframe')!.getAttribute('sandbox'));
    expect(innerSandbox).toContain('allow-scripts');
    expect(innerSandbox).not.toContain('allow-same-origin');

    // budget-allocator: renders; a tools/call of get-budget-data from inside it is refused (the
    // playground's policy keeps that tool for the model).
    const budget = await appFrames(page, 'get-budget-data');
    await expect(budget.app.getByText('Budget Allocator').first()).toBeVisible({ timeout: 20_000 });
    const refused = page.waitForResponse((r) => r.url().includes('/mcp-apps/call') && r.request().postDataJSON()?.name === 'get-budget-data');
    const reply = await budget.app.evaluate(
      () =>
        new Promise<{ error?: { message?: string } }>((resolve) => {
          const id = 'probe-4242';
          window.addEventListener('message', (event) => {
            if ((event.data as { id?: unknown })?.id === id) resolve(event.data as { error?: { message?: string } });
          });
          window.parent.postMessage({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get-budget-data', arguments: {} } }, '*');
        }),
    );
    const refusal = await refused;
    expect(refusal.status()).toBe(403);
    expect(await refusal.json()).toMatchObject({ error: { code: 'tool_denied' } });
    expect(reply.error?.message).toContain('for the model only');

    // ui/message: a user turn only after the user confirms.
    const users = chat.messages('user');
    const before = await users.count();
    await time.app.getByRole('button', { name: 'Send Message' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('The app wants to send this message for you');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(await users.count()).toBe(before);
    await time.app.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await expect(users).toHaveCount(before + 1);

    // Links open only after confirmation.
    await time.app.getByRole('button', { name: 'Open Link' }).click();
    const linkDialog = page.getByRole('dialog');
    await expect(linkDialog).toContainText('The app wants to open this link');
    await linkDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(linkDialog).toBeHidden();
  });
});
