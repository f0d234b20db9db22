'use client';
import type { AgentUIMessage, StoredMessageMetadata } from '@x/agent-react';
import { Button, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useAgentUIConfig } from '../config.js';
import { useMessageContext } from '../chat/message-context.js';

const rowStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8, marginTop: 4 };

/** How a reply ended when it did not end normally (`metadata.stopReason`), or undefined. */
export function replyEnd(message: AgentUIMessage): 'stopped' | 'interrupted' | undefined {
  if (message.role !== 'assistant') return undefined;
  const reason = (message.metadata as StoredMessageMetadata | undefined)?.stopReason;
  if (reason === 'stopped') return 'stopped';
  return reason === 'interrupted' || reason === 'error' ? 'interrupted' : undefined;
}

/**
 * The mark under a reply that did not end normally: "Stopped" (the user stopped it), or
 * "Interrupted" with Retry (it failed, or its run was lost — e.g. the server restarted) which
 * regenerates it. Nothing for a reply that finished.
 */
export function ReplyEnd({ message }: { message: AgentUIMessage }) {
  const { strings } = useAgentUIConfig();
  const { handlers } = useMessageContext('ReplyEnd');
  const end = replyEnd(message);
  if (!end) return null;
  return (
    <div data-xagent-reply-end={end} style={rowStyle}>
      <Typography.Text type="secondary">
        {end === 'stopped' ? strings.stopped : strings.interrupted}
        {end === 'interrupted' ? <span aria-hidden="true"> —</span> : null}
      </Typography.Text>
      {end === 'interrupted' ? (
        <Button size="small" onClick={() => handlers.regenerate(message.id)}>
          {strings.retry}
        </Button>
      ) : null}
    </div>
  );
}
