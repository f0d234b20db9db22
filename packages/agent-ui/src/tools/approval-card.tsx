'use client';
import { APPROVAL_ORIGINAL_INPUT_KEY } from '@x/agent-protocol';
import { Button, Input, Space, theme } from 'antd';
import { memo, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ApprovalContext, ChatContext, focusChat } from '../chat/chat-context.js';
import { missingProvider } from '../chat/missing-provider.js';
import { useAccessibleTokens, useAgentUIConfig } from '../config.js';
import { ApprovalInputEditor } from './approval-input-editor.js';
import { toDisplayJson } from './format.js';
import { describeInput } from './tool-result.js';
import { WaitingStatus } from './waiting-status.js';
import { cardStyle } from './card-style.js';
import { sameToolCall, type ToolCallView } from './tool-parts.js';
import { OnDemandRules } from '../lazy/on-demand-rules.js';

/** Props of {@link ApprovalCard}. */
export interface ApprovalCardProps {
  call: ToolCallView;
  /**
   * Called with the approval id, and the edited input when the user approved with changes
   * (default: the `AgentChatProvider`'s approve).
   */
  onApprove?: (approvalId: string, reason?: string, input?: unknown) => void;
  /** Called with the approval id and the reason typed, if any (default: the provider's deny). */
  onDeny?: (approvalId: string, reason?: string) => void;
  /** Disable the buttons (e.g. while the answer is being sent). */
  disabled?: boolean;
  /**
   * The approval was left in an earlier message (the user moved on): shown as expired, without
   * Approve/Reject. Default: what the provider's `useToolApproval` says.
   */
  expired?: boolean;
}

/**
 * The answer to an approval, drawn like an outlined antd Tag from the theme's tokens (antd's Tag
 * would add ~3 KB gz to every chat page's first load for this one label). The status text colors are
 * the ones the kit's accessible theme keeps at 4.5:1 on the container background.
 */
function Verdict({ approved, expired, children }: { approved: boolean; expired?: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  // Outside AgentChat's accessible theme (a custom layout), the status colors are fixed here.
  const fixes = useAccessibleTokens();
  const successText = fixes.colorSuccessText ?? token.colorSuccessText;
  const errorText = fixes.colorErrorText ?? token.colorErrorText;
  return (
    <span
      data-xagent-verdict={expired ? 'expired' : approved ? 'approved' : 'rejected'}
      style={{
        display: 'inline-block',
        marginTop: 8,
        paddingInline: token.paddingXS - token.lineWidth,
        fontSize: token.fontSizeSM,
        lineHeight: token.lineHeightSM,
        borderRadius: token.borderRadiusSM,
        border: `${token.lineWidth}px ${token.lineType} ${expired ? token.colorBorder : approved ? token.colorSuccessBorder : token.colorErrorBorder}`,
        color: expired ? (fixes.colorTextSecondary ?? token.colorTextSecondary) : approved ? successText : errorText,
        background: token.colorBgContainer,
        whiteSpace: 'normal',
      }}
    >
      {children}
    </span>
  );
}

/**
 * The user's answer to an approval: "Approved", or "Rejected: reason". Shown on the approval card
 * once answered, and kept on the tool card after the call ran (or was skipped).
 */
export function ApprovalVerdict({ approval }: { approval: ToolCallView['approval'] }) {
  const { strings } = useAgentUIConfig();
  if (approval?.approved === undefined) return null;
  const edited = isEdited(approval);
  return (
    <>
      <Verdict approved={approval.approved}>
        {approval.approved ? strings.approved : strings.rejected}
        {edited ? ` · ${strings.editedInput}` : ''}
        {approval.reason ? `: ${approval.reason}` : ''}
      </Verdict>
      {edited ? (
        <details data-xagent-proposed-input="">
          <summary style={{ cursor: 'pointer' }}>{strings.proposedInput}</summary>
          <pre dir="auto" style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 320, overflow: 'auto' }} tabIndex={0}>
            {toDisplayJson(approval.originalInput, 20_000)}
          </pre>
        </details>
      ) : null}
    </>
  );
}

/** The approver changed the input: the proposed one is kept in `approval.originalInput`. */
function isEdited(approval: ToolCallView['approval']): approval is NonNullable<ToolCallView['approval']> & { originalInput: unknown } {
  return approval?.approved === true && Object.hasOwn(approval, APPROVAL_ORIGINAL_INPUT_KEY);
}

/**
 * Asks the user to approve a tool call: the tool, its input, Approve / Reject (with an optional
 * reason). Every control is a native button or text field, reachable and operable by keyboard.
 * Without `onApprove`/`onDeny` it answers through the nearest `AgentChatProvider` (and throws
 * without one); an approval left in an earlier message shows as expired.
 */
export const ApprovalCard = memo(function ApprovalCard({ call, onApprove: approveProp, onDeny: denyProp, disabled, expired: expiredProp }: ApprovalCardProps) {
  const { strings } = useAgentUIConfig();
  const approvals = useContext(ApprovalContext);
  const chatContext = useContext(ChatContext);
  if ((!approveProp || !denyProp) && !approvals) throw missingProvider('ApprovalCard', '`onApprove` and `onDeny`');
  // Answered, the card loses its buttons: the provider's composer takes the focus.
  const onApprove =
    approveProp ??
    ((id: string, reason?: string, input?: unknown) => {
      focusChat(chatContext);
      void approvals!.approve(id, reason, input);
    });
  const onDeny =
    denyProp ??
    ((id: string, reason?: string) => {
      focusChat(chatContext);
      void approvals!.deny(id, reason);
    });
  const [mode, setModeState] = useState<'buttons' | 'rejecting' | 'editing'>('buttons');
  // Leaving the editor or the reason box puts the focus back on the button that opened it.
  const editButton = useRef<HTMLButtonElement>(null);
  const rejectButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef<'edit' | 'reject' | undefined>(undefined);
  const setMode = (next: 'buttons' | 'rejecting' | 'editing') => {
    if (next === 'buttons' && mode !== 'buttons') refocus.current = mode === 'editing' ? 'edit' : 'reject';
    setModeState(next);
  };
  useEffect(() => {
    if (mode !== 'buttons' || !refocus.current) return;
    (refocus.current === 'edit' ? editButton : rejectButton).current?.focus();
    refocus.current = undefined;
  }, [mode]);
  const statusId = useId();
  const [reason, setReason] = useState('');
  const titleId = useId();
  const approvalId = call.approval?.id;
  const answered = call.state !== 'approval-requested';
  const expired =
    !answered && (expiredProp ?? (approvalId !== undefined && !!approvals?.expired.some((a) => a.approvalId === approvalId)));
  const title = strings.approvalTitle(call.toolName);
  const edited = isEdited(call.approval);
  const pending = !answered && !expired;
  return (
    <section style={cardStyle} aria-labelledby={titleId} aria-describedby={pending ? statusId : undefined} data-xagent-approval={call.toolName} data-state={call.state} data-expired={expired || undefined}>
      <OnDemandRules />
      <div id={titleId} style={{ fontWeight: 600 }}>
        {title}
      </div>
      {pending ? <WaitingStatus id={statusId} instructions={strings.approvalInstructions} label={strings.waitingForApproval} /> : null}
      {call.approval?.requestReason ? <div>{call.approval.requestReason}</div> : null}
      {mode === 'editing' && !answered && !expired ? null : (
        <details>
          <summary style={{ cursor: 'pointer' }}>
            {edited ? <span data-xagent-edited-input="">{strings.editedInput}: </span> : null}
            <span data-xagent-tool-input="">{describeInput(call.input, strings.itemCount, 100)}</span>
          </summary>
          <pre dir="auto" style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 320, overflow: 'auto' }} tabIndex={0}>{toDisplayJson(call.input, 20_000)}</pre>
        </details>
      )}
      {expired ? (
        <Verdict approved={false} expired>
          {strings.approvalExpired}
        </Verdict>
      ) : answered ? (
        <ApprovalVerdict approval={call.approval} />
      ) : mode === 'editing' ? (
        <ApprovalInputEditor
          input={call.input}
          disabled={disabled || !approvalId}
          onApprove={(input) => approvalId && onApprove(approvalId, undefined, input)}
          onCancel={() => setMode('buttons')}
        />
      ) : mode === 'rejecting' ? (
        <form
          style={{ marginTop: 8 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (approvalId && !disabled) onDeny(approvalId, reason.trim() || undefined);
          }}
          onKeyDown={(event) => {
            // Enter adds a line; Ctrl/Cmd+Enter rejects; Escape goes back to the buttons.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              event.currentTarget.requestSubmit();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              setMode('buttons');
            }
          }}
        >
          <Input.TextArea
            aria-label={strings.rejectReason}
            placeholder={strings.rejectReason}
            dir="auto"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            autoSize={{ minRows: 2, maxRows: 6 }}
            autoFocus
          />
          <Space wrap style={{ marginTop: 8 }}>
            <Button htmlType="submit" danger disabled={disabled}>
              {strings.confirmReject}
            </Button>
            <Button onClick={() => setMode('buttons')}>{strings.cancel}</Button>
          </Space>
        </form>
      ) : (
        <Space wrap style={{ marginTop: 8 }}>
          <Button type="primary" disabled={disabled || !approvalId} onClick={() => approvalId && onApprove(approvalId)}>
            {strings.approve}
          </Button>
          <Button ref={editButton} disabled={disabled || !approvalId} onClick={() => setMode('editing')}>
            {strings.editInput}
          </Button>
          <Button ref={rejectButton} danger disabled={disabled || !approvalId} onClick={() => setMode('rejecting')}>
            {strings.reject}
          </Button>
        </Space>
      )}
    </section>
  );
},
(prev, next) =>
  prev.onApprove === next.onApprove &&
  prev.onDeny === next.onDeny &&
  prev.disabled === next.disabled &&
  prev.expired === next.expired &&
  sameToolCall(prev.call, next.call));
