/**
 * Whether the user typed or pressed a pointer recently: streaming updates then render in a
 * transition (interruptible, so the next keystroke is not kept waiting), and otherwise synchronously
 * in the frame they were published in (no added display lag).
 */
let lastInput = Number.NEGATIVE_INFINITY;
let watching = false;

/** Keys that are not typing. */
const NOT_TYPING = new Set(['Tab', 'Escape', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

const onKey = (event: KeyboardEvent) => {
  // Enter (without Shift) usually sends: typing is over, and the reply should show without added lag.
  if (event.key === 'Enter' && !event.shiftKey) lastInput = Number.NEGATIVE_INFINITY;
  else if (!NOT_TYPING.has(event.key)) lastInput = performance.now();
};
const onPointer = () => {
  lastInput = performance.now();
};

/** Starts watching key and pointer presses (capture phase, passive; once per page). */
export function watchUserInput(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('keydown', onKey, { capture: true, passive: true });
  window.addEventListener('pointerdown', onPointer, { capture: true, passive: true });
}

/**
 * True when a key (other than Tab, Escape or a modifier) or a pointer was pressed within the last
 * `withinMs` milliseconds, and no Enter (without Shift) since.
 */
export function userInputWithin(withinMs: number): boolean {
  return performance.now() - lastInput < withinMs;
}
