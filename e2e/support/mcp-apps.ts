import { expect, type Frame, type Page } from '@playwright/test';

/** The prompt of the playground's MCP Apps scenario (both servers' tools in one step). */
export const MCP_APPS_PROMPT = 'Show me the MCP Apps: the server time and the budget';

/** The sandbox proxy's frame and the app's own frame (the inner `srcdoc` iframe the proxy made) of the app under a tool's card. */
export async function appFrames(page: Page, tool: string): Promise<{ proxy: Frame; app: Frame }> {
  const element = await page.locator(`[data-xagent-mcp-app-tool="${tool}"] iframe`).elementHandle({ timeout: 20_000 });
  const proxy = (await element!.contentFrame())!;
  await expect.poll(() => proxy.childFrames().length, { timeout: 20_000 }).toBe(1);
  return { proxy, app: proxy.childFrames()[0]! };
}
