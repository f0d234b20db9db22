/**
 * Whether the user pressed a key or a pointer recently: streaming updates then render in a
 * transition (interruptible, so the next keystroke is not kept waiting), and otherwise synchronously
 * in the frame they were published in (no added display lag).
 */
let lastInput = Number.NEGATIVE_INFINITY;
let watching = false;

const onInput = () => {
  lastInput = performance.now();
};

/** Starts watching key and pointer presses (capture phase, passive; once per page). */
export function watchUserInput(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  for (const type of ['keydown', 'pointerdown'] as const) window.addEventListener(type, onInput, { capture: true, passive: true });
}

/** True when a key or pointer was pressed within the last `withinMs` milliseconds. */
export function userInputWithin(withinMs: number): boolean {
  return performance.now() - lastInput < withinMs;
}
