import type { Page } from '@playwright/test';

/**
 * Resolves once the page is still: web fonts loaded and no finite CSS animation or transition running
 * (a drawer sliding in, a theme switch, a card fading in), checked again after a frame so an animation
 * that one ending starts is waited for too. Infinite ones (spinners, a blinking caret) are ignored.
 * An animation cancelled meanwhile rejects its `finished` with an AbortError: it is over too.
 * Gives up after `timeoutMs` rather than hang a test on an animation that never ends.
 */
export async function settled(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.evaluate(async (limit) => {
    const deadline = performance.now() + limit;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const running = () =>
      document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
    await document.fonts.ready;
    for (;;) {
      const now = running();
      if (now.length === 0) {
        await frame();
        if (running().length === 0) return;
        continue;
      }
      if (performance.now() > deadline) return;
      await Promise.race([Promise.all(now.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())))]);
    }
  }, timeoutMs);
}
