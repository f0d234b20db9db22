import type { Conversations } from '@x/agent-react/conversations';
import { useEffect } from 'react';

const PARAM = 'c';

/** The conversation id in the page URL (`?c=…`), if any. */
export function conversationFromUrl(): string | undefined {
  return new URL(window.location.href).searchParams.get(PARAM) ?? undefined;
}

/**
 * Keeps `?c=` in step with the open conversation: set once the conversation is in the list (a new
 * chat gets it with its first message, so a reload never opens an id the server does not know),
 * removed for a new chat. Back/forward select the conversation of that URL.
 */
export function useConversationUrl(conversations: Conversations): void {
  const { selectedId, items, select, create } = conversations;
  const listed = items.some((item) => item.id === selectedId);
  useEffect(() => {
    const url = new URL(window.location.href);
    const current = url.searchParams.get(PARAM);
    if (listed && current !== selectedId) {
      url.searchParams.set(PARAM, selectedId);
      window.history.pushState(null, '', url);
    } else if (!listed && current !== null && current !== selectedId) {
      url.searchParams.delete(PARAM);
      window.history.pushState(null, '', url);
    }
  }, [selectedId, listed]);
  useEffect(() => {
    const onPop = () => {
      const id = conversationFromUrl();
      if (id) select(id);
      else create();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [select, create]);
}
