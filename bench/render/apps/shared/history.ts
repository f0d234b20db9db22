import type { UIMessage } from 'ai';

/**
 * The transcript to preload, from `?history=N` (S4): every contender fetches the same fixture
 * before mounting, so mount cost is measured from the same data. With `&server` a contender that
 * pages (`pages`: ours) gets none: it opens conversation `benchConversation()` from the fixture
 * server's history route instead.
 */
export async function loadHistory(pages = false): Promise<UIMessage[]> {
  const query = new URLSearchParams(location.search);
  const count = query.get('history');
  // `&server`: a contender that pages (`pages`) opens the conversation from the server instead.
  if (!count || (pages && query.has('server'))) return [];
  const response = await fetch(`/fixtures/history-${encodeURIComponent(count)}.json`);
  if (!response.ok) throw new Error(`history fixture ${count}: HTTP ${response.status}`);
  return (await response.json()) as UIMessage[];
}

/** The conversation of `?history=N&server` (the fixture server pages `history-N.json` as `bench-N`), else undefined. */
export function benchConversation(): string | undefined {
  const query = new URLSearchParams(location.search);
  const count = query.get('history');
  return count && query.has('server') ? `bench-${count}` : undefined;
}
