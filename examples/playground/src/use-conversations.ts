import type { AgentUIMessage } from '@x/agent-react';
import { useCallback, useEffect, useState } from 'react';

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
}

/** The playground server's conversation routes (`/api/conversations`). */
export function useConversations() {
  const [items, setItems] = useState<ConversationSummary[]>([]);
  const [loaded, setLoaded] = useState(false);

  const refresh = useCallback(async () => {
    const response = await fetch('/api/conversations');
    if (response.ok) setItems(((await response.json()) as { conversations: ConversationSummary[] }).conversations);
    setLoaded(true);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const load = useCallback(async (id: string): Promise<AgentUIMessage[]> => {
    const response = await fetch(`/api/conversations/${encodeURIComponent(id)}`);
    return response.ok ? ((await response.json()) as { messages: AgentUIMessage[] }).messages : [];
  }, []);

  const rename = useCallback(
    async (id: string, title: string) => {
      await fetch(`/api/conversations/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
      });
      await refresh();
    },
    [refresh],
  );

  const remove = useCallback(
    async (id: string) => {
      await fetch(`/api/conversations/${encodeURIComponent(id)}`, { method: 'DELETE' });
      await refresh();
    },
    [refresh],
  );

  return { items, loaded, refresh, load, rename, remove };
}
