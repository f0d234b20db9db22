'use client';
import { KIT_STYLE_SHEET, useKitStylesHandled } from '../styles/kit-styles.js';

/**
 * The Stop button's icon while a reply streams: Ant Design X's (a square in a ring), still. Ant Design X
 * turns an arc round it; any animation running while a reply streams — even one the compositor runs on
 * its own, as a CSS transform — makes Chromium's compositor draw frames without waiting for the main
 * thread's, so the frame showing a keystroke typed meanwhile is drawn a frame or more late, and frames
 * are dropped (S5, `node bench/render/probe-s5.ts ours 0`: keystroke to paint 48 and 24 ms median,
 * 31–43 frames dropped with the arc turning; 16 ms, 7–9 dropped without). The reply's own text shows
 * that the chat is busy; Stop says what it does. Outside the kit's providers (a bare `AgentComposer`)
 * it brings the kit's stylesheet itself.
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
    </span>
  );
}
