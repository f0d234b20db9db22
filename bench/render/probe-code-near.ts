/**
 * Diagnostic probe (not a benchmark): whether code blocks are highlighted before they scroll into
 * the transcript's view. Mounts the contender's chat with N turns of the medium fixture (as S8),
 * then scrolls the transcript up a third of its height at a time; after each step
 * counts (at the next animation frame: what that frame paints) the code blocks inside the visible part of the transcript that still show plain code.
 * `node bench/render/probe-code-near.ts [contender] [turns]`.
 */
import { withProbePage } from './probe-page.ts';

const contender = process.argv[2] ?? 'ours';
const turns = Number(process.argv[3] ?? 5);

await withProbePage(contender, async ({ page, session }) => {
  await session(turns, false);
  await page.waitForTimeout(500);
  const steps = await page.evaluate(async () => {
    const scroller = document.querySelector('[data-xagent-transcript]') as HTMLElement;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const out: Array<{ top: number; visible: number; plain: number }> = [];
    while (true) {
      const box = scroller.getBoundingClientRect();
      const blocks = [...scroller.querySelectorAll('.x-agent-md pre')].filter((pre) => {
        const r = pre.getBoundingClientRect();
        return r.bottom > box.top && r.top < box.bottom;
      });
      const plain = blocks.filter((pre) => !pre.querySelector('code span')).length;
      out.push({ top: Math.round(scroller.scrollTop), visible: blocks.length, plain });
      if (scroller.scrollTop <= 0) break;
      scroller.scrollTop -= scroller.clientHeight / 3;
      await frame();
    }
    return out;
  });
  const plain = steps.reduce((s, x) => s + x.plain, 0);
  const visible = steps.reduce((s, x) => s + x.visible, 0);
  console.log(`${contender}: ${steps.length} scroll steps, ${visible} visible code blocks counted, ${plain} of them plain: ${steps.map((s) => `${s.plain}/${s.visible}`).join(' ')}`);
});
