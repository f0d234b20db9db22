import type { UIMessage } from 'ai';

/**
 * The transcript to preload, from `?history=N` (S4): every contender fetches the same fixture
 * before mounting, so mount cost is measured from the same data.
 */
export async function loadHistory(): Promise<UIMessage[]> {
  const count = new URLSearchParams(location.search).get('history');
  if (!count) return [];
  const response = await fetch(`/fixtures/history-${encodeURIComponent(count)}.json`);
  if (!response.ok) throw new Error(`history fixture ${count}: HTTP ${response.status}`);
  return (await response.json()) as UIMessage[];
}
