import type { UITools } from 'ai';
import type { ChatSession } from './chat-session.js';
import { isBusy } from './session-reads.js';

/**
 * The window of a server-owned history kept in the browser (ARCHITECTURE §7): the newest page
 * (what the conversation opened with, and everything said since) plus the older pages `loadOlder`
 * fetched as the user scrolled up. `releaseOlder` drops the older pages beyond the few next to the
 * newest one — the transcript calls it when the user is back at the bottom — and sets the cursor
 * back, so scrolling up fetches them again. A 10,000-message conversation read back to its start
 * and then left at the bottom holds its newest pages again, not 10,000 messages.
 */

/** An older page `loadOlder` added in front of the transcript. */
interface LoadedPage {
  /** The cursor it was fetched with: the cursor again once it is dropped. */
  readonly cursor: string;
  /** The first message before it was added (the first of the page after it): where a drop cuts. */
  readonly above: string;
}

interface HistoryWindow {
  /** Nearest to the newest page first. */
  readonly pages: LoadedPage[];
  /** `session.prevCursor` after the last page was noted: anything else moved the history (a branch switch). */
  after: string | null;
}

const windows = new WeakMap<object, HistoryWindow>();

/** The history starts over at a newest page (a load, a switch of path): no older page is loaded. */
export function resetHistoryWindow<TOOLS extends UITools>(session: ChatSession<TOOLS>): void {
  windows.set(session, { pages: [], after: session.prevCursor });
}

/**
 * `loadOlder` fetched the page before `above` (the first message shown until then) with `cursor`
 * and put it in front; `session.prevCursor` is already the cursor of the page before it.
 */
export function notePageLoaded<TOOLS extends UITools>(session: ChatSession<TOOLS>, cursor: string, above: string | undefined): void {
  const window = windows.get(session);
  // A page noted on a history that moved since (or of an empty transcript) cannot be cut back to.
  if (!window || above === undefined || window.after !== cursor) {
    windows.set(session, { pages: [], after: session.prevCursor });
    return;
  }
  window.pages.push({ cursor, above });
  window.after = session.prevCursor;
}

/** How many older pages `loadOlder` added and the window still holds. */
export function olderPagesHeld<TOOLS extends UITools>(session: ChatSession<TOOLS>): number {
  const window = windows.get(session);
  return window && window.after === session.prevCursor ? window.pages.length : 0;
}

/**
 * Drops the older pages beyond the `keep` nearest the newest page (default 1: the newest page's
 * neighbour stays, so a small scroll up shows messages at once) from the transcript, and sets the
 * cursor back so `loadOlder` fetches them again. Only while the server owns the history and no reply
 * is submitted or streaming; never when the history moved since the pages were loaded (the cut would
 * not be where the pages were). Answers how many messages were dropped.
 */
export function releaseOlderPages<TOOLS extends UITools>(session: ChatSession<TOOLS>, keep = 1): number {
  const window = windows.get(session);
  const from = Math.max(0, Math.floor(keep));
  if (!window || session.historyOwner !== 'server' || isBusy(session.chat) || window.pages.length <= from) return 0;
  if (window.after !== session.prevCursor) {
    resetHistoryWindow(session);
    return 0;
  }
  const first = window.pages[from]!;
  const messages = session.chat.messages;
  const cut = messages.findIndex((m) => m.id === first.above);
  if (cut <= 0) {
    // The page boundary is gone (a message deleted there): keep everything, start over.
    resetHistoryWindow(session);
    return 0;
  }
  session.chat.messages = messages.slice(cut);
  session.prevCursor = first.cursor;
  window.pages.length = from;
  window.after = first.cursor;
  session.store.setHistory({ hasOlder: true });
  return cut;
}
