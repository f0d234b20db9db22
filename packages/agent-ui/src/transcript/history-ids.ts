'use client';
import type { UseAgentChatResult } from '@x/agent-react';
import { useState } from 'react';

/** The newest messages of a loaded history keep their action toolbars at mount. */
const EAGER_ACTIONS = 4;

/**
 * The ids of messages that came as a loaded history (many at once), except the newest few: their
 * rows render action toolbars on demand. Messages added one at a time (a live conversation) are not
 * in it. Starts over for another chat store.
 */
export function useHistoryIds(store: UseAgentChatResult['store'], ids: readonly string[]): ReadonlySet<string> {
  const [state, setState] = useState(() => nextHistoryIds(undefined, store, ids));
  if (state.store === store && state.ids === ids) return state.history;
  // Derived state: updated during render when the ids change (no extra commit).
  const next = nextHistoryIds(state, store, ids);
  setState(next);
  return next.history;
}

interface HistoryIds {
  store: unknown;
  ids: readonly string[];
  known: ReadonlySet<string>;
  history: ReadonlySet<string>;
}

function nextHistoryIds(previous: HistoryIds | undefined, store: unknown, ids: readonly string[]): HistoryIds {
  const base = previous && previous.store === store ? previous : { known: new Set<string>(), history: new Set<string>() };
  const fresh = ids.filter((id) => !base.known.has(id));
  if (fresh.length === 0) return { store, ids, known: base.known, history: base.history };
  const known = new Set([...base.known, ...fresh]);
  const history = fresh.length > EAGER_ACTIONS ? new Set([...base.history, ...fresh.slice(0, -EAGER_ACTIONS)]) : base.history;
  return { store, ids, known, history };
}
