'use client';
import { KIT_STYLE_SHEET, useKitStylesHandled } from '../styles/kit-styles.js';

/**
 * The Stop button's icon while a reply streams: Ant Design X's (a square in a ring, an arc turning
 * round it), with the arc turned by a CSS animation of its box's `transform` (the kit's stylesheet,
 * `.x-agent-stop-arc`), which the compositor runs, instead of SVG's `<animateTransform>`, which runs
 * on the main thread: that one repainted the button in every frame and put each keystroke typed while
 * a reply streamed a frame or two behind (S5: keystroke to paint 32 ms median, 48 p90 → 16–24 and
 * 32–48, `JITTER=8.3 node bench/render/probe-s5.ts ours 0`). The arc holds still for reduced motion.
 * Outside the kit's providers (a bare `AgentComposer`) it brings the kit's stylesheet itself.
 */
export function StopIcon() {
  const handled = useKitStylesHandled();
  return (
    <span className="x-agent-stop-icon" aria-hidden="true">
      {handled ? null : KIT_STYLE_SHEET}
      <svg viewBox="0 0 1000 1000" color="currentColor">
        <rect fill="currentColor" height="250" rx="24" ry="24" width="250" x="375" y="375" />
        <circle cx="500" cy="500" fill="none" r="450" stroke="currentColor" strokeWidth="100" opacity="0.45" />
      </svg>
      <span className="x-agent-stop-arc">
        <svg viewBox="0 0 1000 1000" color="currentColor">
          <circle cx="500" cy="500" fill="none" r="450" stroke="currentColor" strokeWidth="100" strokeDasharray="600 9999999" />
        </svg>
      </span>
    </span>
  );
}
