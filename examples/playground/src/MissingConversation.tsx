import type { Conversations } from '@x/agent-react/conversations';
import { useAgentUIConfig } from '@x/agent-ui';
import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { conversationFromUrl } from './use-conversation-url.ts';

/**
 * The conversation of the page's `?c=` id when the server has no such conversation (a stale or
 * mistyped link): `undefined` until the server answered, and once another conversation is open.
 */
function useMissingConversation(selectedId: string): string | undefined {
  const [missing, setMissing] = useState<string>();
  useEffect(() => {
    const id = conversationFromUrl();
    if (!id) return;
    const abort = new AbortController();
    void fetch(`/api/agent/conversations/${encodeURIComponent(id)}?limit=1`, { signal: abort.signal })
      .then((answer) => {
        if (answer.status === 404) setMissing(id);
      })
      .catch(() => {});
    return () => abort.abort();
  }, []);
  return missing === selectedId ? missing : undefined;
}

/**
 * Says so when the page opened on a conversation that does not exist (instead of a silent welcome
 * screen), with "New chat" to start one. Texts are the kit's (`errorCodes.conversation_not_found`,
 * `newChat`), in the kit's locale.
 */
export function MissingConversationNotice({ conversations }: { conversations: Conversations }) {
  const { strings } = useAgentUIConfig();
  const missing = useMissingConversation(conversations.selectedId);
  if (!missing) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 8 }}
      title={strings.errorCodes.conversation_not_found}
      data-playground-missing-conversation={missing}
      action={
        <Button size="small" onClick={() => conversations.create()}>
          {strings.newChat}
        </Button>
      }
    />
  );
}
