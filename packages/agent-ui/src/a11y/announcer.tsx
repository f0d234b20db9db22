'use client';
import { visuallyHidden } from './visually-hidden.js';
import { createContext, useCallback, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';

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
 * A visually hidden polite live region. A reply is announced per finished sentence (or all at its
 * end, `mode="end"`), never per token: streaming content itself sits in an `aria-live="off"` log.
 * The region's text is written to the DOM directly, not through React state: an announcement costs
 * no React commit (a streamed reply stays at one commit per frame).
 */
export function AnnouncerProvider({ children, mode = 'sentences' }: { children: ReactNode; mode?: ReplyAnnouncement }) {
  const region = useRef<HTMLDivElement>(null);
  const pending = useRef('');
  const flip = useRef(false);
  const announce = useCallback<Announce>((next) => {
    const clean = next.trim();
    if (!clean) return;
    // Alternate a zero-width suffix so the same sentence twice is still announced twice.
    flip.current = !flip.current;
    const text = clean + (flip.current ? '\u200b' : '');
    if (region.current) region.current.textContent = text;
    else pending.current = text;
  }, []);
  useLayoutEffect(() => {
    if (region.current && pending.current) region.current.textContent = pending.current;
    pending.current = '';
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      <AnnounceModeContext.Provider value={mode}>{children}</AnnounceModeContext.Provider>
      <div ref={region} role="status" aria-live="polite" aria-atomic="true" style={visuallyHidden} data-xagent-announcer="" />
    </AnnounceContext.Provider>
  );
}

/** Rough plain text of a markdown block, for announcements. */
export function markdownToSpeech(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?/g, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>|~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
