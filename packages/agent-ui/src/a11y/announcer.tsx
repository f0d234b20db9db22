'use client';
import { visuallyHidden } from './visually-hidden.js';
import { createContext, useContext, useState, type ReactNode } from 'react';

/** Queues a polite screen-reader announcement. Stable for the lifetime of the provider. */
export type Announce = (text: string) => void;

const AnnounceContext = createContext<Announce>(() => {});

/** How a streamed reply is read out: each sentence as it completes (default), or all at its end. */
export type ReplyAnnouncement = 'sentences' | 'end';

const AnnounceModeContext = createContext<ReplyAnnouncement>('sentences');

/** The nearest {@link AnnouncerProvider}'s way of reading replies. */
export function useAnnounceMode(): ReplyAnnouncement {
  return useContext(AnnounceModeContext);
}

/** The announce function of the nearest {@link AnnouncerProvider} (a no-op outside one). */
export function useAnnounce(): Announce {
  return useContext(AnnounceContext);
}


/**
 * The reading of streamed replies, for what must be said after them: a reply that is being read
 * `open`s (its returned function closes it once its last words are said); `sayAfter` holds a note
 * ("Reply stopped", an approval request) until no reply is open, then says it after those last
 * words, in the same announcement, so it is heard after the last sentence and not before a
 * fragment. With no reply open it is said once the asking task's microtasks ran: a reply that
 * finished in the same commit says its words first. `afterPaint` runs a reply's speech in a task after
 * the frame's paint (a burst: working out hundreds of blocks' speech must not delay the frame that
 * shows them) — in one task with every other reply's speech scheduled meanwhile, joined to what was
 * said since it was asked for (a short part said at once), so two text parts that arrived in one
 * frame are one announcement, not the second said over the first before a screen reader heard it.
 * It returns a function that cancels.
 */
export interface ReplySpeech {
  open: () => () => void;
  sayAfter: (text: string) => void;
  afterPaint: (speak: () => void) => () => void;
}

const ReplySpeechContext = createContext<ReplySpeech>({
  open: () => () => {},
  sayAfter: () => {},
  afterPaint: (speak) => {
    const timer = setTimeout(speak, 0);
    return () => clearTimeout(timer);
  },
});

/** The nearest {@link AnnouncerProvider}'s {@link ReplySpeech} (outside one: nothing is said). */
export function useReplySpeech(): ReplySpeech {
  return useContext(ReplySpeechContext);
}

/** How long a note waits for a reply that never closes (a stream cut without its end). */
const NOTE_WAIT_MS = 3000;
/** How soon after a reply's last words a note is said together with them. */
const JOIN_MS = 1000;

/**
 * The {@link ReplySpeech} of one announcer: `write` puts text in its region, `recent` is what was
 * written in this task (or since speech waiting for after the paint was asked for), `afterPaint` as
 * {@link ReplySpeech}'s.
 */
function createReplySpeech(write: (text: string) => void, recent: () => string, afterPaint: ReplySpeech['afterPaint']): ReplySpeech {
  let open = 0;
  let note = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The last words of the reply that closed last, and when: a note that comes just after them
  // (the chat learns a reply was stopped a moment after its text settles) is said with them.
  let lastWords = '';
  let closedAt = -Infinity;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const text = note;
    note = '';
    if (!text) return;
    // Something just written (see `recent`) is joined by `write` itself; else the last words of a reply
    // that closed just before are said again with the note.
    const before = recent() ? '' : performance.now() - closedAt < JOIN_MS ? lastWords : '';
    lastWords = '';
    write(before ? `${before} ${text}` : text);
  };
  return {
    open() {
      open += 1;
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        open -= 1;
        lastWords = recent();
        closedAt = performance.now();
        if (open === 0) flush();
      };
    },
    sayAfter(text) {
      const clean = text.trim();
      if (!clean) return;
      note = note ? `${note} ${clean}` : clean;
      // No reply open: after this task's microtasks, so the last words of a reply that finished in
      // the same commit (its effect may run after the caller's) are said first, and joined.
      if (open === 0) {
        queueMicrotask(() => {
          if (open === 0) flush();
          else timer ??= setTimeout(flush, NOTE_WAIT_MS);
        });
      } else timer ??= setTimeout(flush, NOTE_WAIT_MS);
    },
    afterPaint,
  };
}

/** One live region's writer: its announce function, its reply speech, and the ref callback of its element. */
function createAnnouncer(): { announce: Announce; replySpeech: ReplySpeech; attach: (element: HTMLDivElement | null) => void } {
  let region: HTMLDivElement | null = null;
  // Written before the region is attached (an announcement in a child's first effect): shown once it is.
  let pending = '';
  let flip = false;
  // Speech waiting for the task after the paint (`afterPaint`), in the order it was asked for: the
  // parts' order.
  const afterPaintJobs = new Set<() => void>();
  let afterPaintTimer: ReturnType<typeof setTimeout> | undefined;
  // What was written in the current task, and while speech waits for after the paint, since then:
  // what is said after it (a note, the words of another text part that reached the page in the same
  // frame) joins it instead of replacing it before a screen reader could hear it.
  let recent = '';
  let clearing = false;
  const forgetRecent = () => {
    if (clearing) return;
    clearing = true;
    queueMicrotask(() => {
      clearing = false;
      // Kept for the speech after the paint: `runAfterPaint` forgets it once that was said.
      if (afterPaintJobs.size === 0) recent = '';
    });
  };
  const write = (next: string) => {
    const clean = recent ? `${recent} ${next}` : next;
    // Alternate a zero-width suffix so the same sentence twice is still announced twice.
    flip = !flip;
    const text = clean + (flip ? '\u200b' : '');
    if (region) region.textContent = text;
    else pending = text;
    recent = clean;
    forgetRecent();
  };
  const runAfterPaint = () => {
    afterPaintTimer = undefined;
    const jobs = [...afterPaintJobs];
    afterPaintJobs.clear();
    for (const job of jobs) job();
    forgetRecent();
  };
  const afterPaint: ReplySpeech['afterPaint'] = (speak) => {
    const job = () => speak();
    afterPaintJobs.add(job);
    afterPaintTimer ??= setTimeout(runAfterPaint, 0);
    return () => {
      afterPaintJobs.delete(job);
    };
  };
  return {
    announce: (next) => {
      const clean = next.trim();
      if (clean) write(clean);
    },
    replySpeech: createReplySpeech(write, () => recent, afterPaint),
    attach: (element) => {
      region = element;
      if (element && pending) element.textContent = pending;
      pending = '';
    },
  };
}

/**
 * A visually hidden polite live region. A reply is announced per finished sentence (or all at its
 * end, `mode="end"`), never per token: streaming content itself sits in an `aria-live="off"` log.
 * The region's text is written to the DOM directly, not through React state: an announcement costs
 * no React commit (a streamed reply stays at one commit per frame).
 */
export function AnnouncerProvider({ children, mode = 'sentences' }: { children: ReactNode; mode?: ReplyAnnouncement }) {
  const [announcer] = useState(createAnnouncer);
  const { announce, replySpeech, attach: attachRegion } = announcer;
  return (
    <AnnounceContext.Provider value={announce}>
      <ReplySpeechContext.Provider value={replySpeech}>
        <AnnounceModeContext.Provider value={mode}>{children}</AnnounceModeContext.Provider>
      </ReplySpeechContext.Provider>
      <div ref={attachRegion} role="status" aria-live="polite" aria-atomic="true" style={visuallyHidden} data-xagent-announcer="" />
    </AnnounceContext.Provider>
  );
}
