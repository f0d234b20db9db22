'use client';
import { Button, theme } from 'antd';
import { useEffect, useRef, type CSSProperties } from 'react';
import { useAccessibleTokens, useAgentUIConfig } from '../config.js';
import { useMessageUndoContext } from './message-undo.js';

const rowStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8, padding: '4px 8px', minHeight: 32 };

/** The row that stands in for a deleted message during its undo window; the focus starts on Undo. */
export function DeletedMessage({ messageId, style }: { messageId: string; style?: CSSProperties | undefined }) {
  const undo = useMessageUndoContext();
  const { strings } = useAgentUIConfig();
  const button = useRef<HTMLButtonElement>(null);
  const { token } = theme.useToken();
  const color = useAccessibleTokens().colorTextSecondary ?? token.colorTextSecondary;
  useEffect(() => {
    // Deleting removed the Delete button that had the focus: Undo takes it.
    if (undo?.takeFocus(messageId)) button.current?.focus();
  }, [undo, messageId]);
  return (
    <div data-message-id={messageId} data-xagent-message-deleted="" style={{ ...style, ...rowStyle, color, fontSize: token.fontSizeSM }}>
      <span role="status">{strings.messageDeleted}</span>
      <Button ref={button} size="small" type="link" onClick={() => undo?.undo(messageId)}>
        {strings.undoDelete}
      </Button>
    </div>
  );
}
