'use client';
import { Button, Input, Space, theme } from 'antd';
import { useId, useState } from 'react';
import { useAccessibleTokens, useAgentUIConfig } from '../config.js';
import { inputProblem, isSameJson } from './input-check.js';

/** Props of the approval card's input editor. */
export interface ApprovalInputEditorProps {
  /** The input the model proposed. */
  input: unknown;
  disabled?: boolean | undefined;
  /** Approve with this input (`undefined`: unchanged, approve as proposed). */
  onApprove: (input: unknown) => void;
  onCancel: () => void;
}

/**
 * Edits a tool call's input as JSON before approving it. The text is checked as it is typed
 * (JSON, and the proposed input's kind: an object stays an object); "Approve with changes" is
 * enabled only for a valid edit. The server validates the edit against the tool's input schema
 * again and runs what was approved. Loaded on demand (the card shows Edit at first paint only).
 */
export function ApprovalInputEditor({ input, disabled, onApprove, onCancel }: ApprovalInputEditorProps) {
  const { strings } = useAgentUIConfig();
  const [text, setText] = useState(() => JSON.stringify(input ?? {}, null, 2));
  const problem = inputProblem(text, input, strings);
  const messageId = useId();
  const { token } = theme.useToken();
  const errorText = useAccessibleTokens().colorErrorText ?? token.colorErrorText;
  return (
    <form
      style={{ marginTop: 8 }}
      data-xagent-input-editor=""
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) return;
        const edited: unknown = JSON.parse(text);
        onApprove(isSameJson(edited, input) ? undefined : edited);
      }}
    >
      <Input.TextArea
        aria-label={strings.inputEditorLabel}
        dir="auto"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
        status={problem ? 'error' : undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // Not on to a drawer or the composer (Escape there closes or stops).
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
        autoSize={{ minRows: 3, maxRows: 14 }}
        spellCheck={false}
        style={{ fontFamily: token.fontFamilyCode, fontSize: '0.9em' }}
        autoFocus
      />
      {problem ? (
        <div id={messageId} role="alert" style={{ marginTop: 4, color: errorText, fontSize: '0.9em' }}>
          {problem}
        </div>
      ) : null}
      <Space style={{ marginTop: 8 }} wrap>
        <Button htmlType="submit" type="primary" disabled={disabled || problem !== undefined}>
          {strings.approveWithChanges}
        </Button>
        <Button onClick={onCancel}>{strings.cancel}</Button>
      </Space>
    </form>
  );
}
