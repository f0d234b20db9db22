/**
 * Whether the user typed or pressed a pointer recently: streaming updates then render in a
 * transition (interruptible, so the next keystroke is not kept waiting), and otherwise synchronously
 * in the frame they were published in (no added display lag).
 */
let lastInput = Number.NEGATIVE_INFINITY;
let watching = false;
/** An input happened and the frame that shows it has not been painted yet. */
let awaitingPaint = false;
/** A rAF is scheduled for the latest input's frame and has not run yet. */
let framePending = false;
/** Work held back until that frame is painted. */
const afterPaint = new Set<() => void>();

/**
 * Marks the input's frame: the next animation frame paints it, and a task queued from that frame's
 * rAF callback runs after the paint. Until then, {@link afterInputPaint} holds work back. An input
 * that arrives after that rAF ran (before its task) waits for the following frame.
 */
function markInput(): void {
  if (typeof requestAnimationFrame !== 'function') return;
  awaitingPaint = true;
  if (framePending) return;
  framePending = true;
  let done = false;
  const painted = () => {
    if (done) return;
    done = true;
    framePending = false;
    setTimeout(() => {
      if (framePending) return;
      awaitingPaint = false;
      const queued = [...afterPaint];
      afterPaint.clear();
      queued.forEach((run) => run());
    }, 0);
  };
  requestAnimationFrame(painted);
  // No frame comes in a hidden tab (or where animation frames are stopped): held work is not
  // held past this.
  setTimeout(painted, MAX_HOLD_MS);
}

/** The longest a key or pointer press holds streamed updates back when no frame is painted. */
const MAX_HOLD_MS = 250;

/** Keys that are not typing. */
const NOT_TYPING = new Set(['Tab', 'Escape', 'Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

const onKey = (event: KeyboardEvent) => {
  // Enter (without Shift) usually sends: typing is over, and the reply should show without added lag.
  if (event.key === 'Enter' && !event.shiftKey) lastInput = Number.NEGATIVE_INFINITY;
  else if (!NOT_TYPING.has(event.key)) {
    lastInput = performance.now();
    markInput();
  }
};
const onPointer = () => {
  lastInput = performance.now();
  markInput();
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

/**
 * Runs `run` once the frame that shows the latest key or pointer press has been painted, or at once
 * when none is waiting: streamed frames published meanwhile do not add their rendering to the frame
 * the user is waiting for. Returns how to cancel it while it waits (undefined when it already ran).
 */
export function afterInputPaint(run: () => void): (() => void) | undefined {
  if (!awaitingPaint) {
    run();
    return undefined;
  }
  afterPaint.add(run);
  return () => afterPaint.delete(run);
}

/** True between a key or pointer press and the paint of the frame that shows it. */
export function inputAwaitingPaint(): boolean {
  return awaitingPaint;
}
