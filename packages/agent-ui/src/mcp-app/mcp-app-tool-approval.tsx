'use client';
import type { McpAppCallApproval } from '@x/agent-protocol/mcp-apps';
import { Typography, type Modal } from 'antd';
import type { AgentUIStrings } from '../locales/agent-ui-strings.js';
import { toDisplayJson } from '../tools/format.js';

/** The `modal` of antd's `Modal.useModal()`. */
export type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** The longest input shown in the confirmation (the rest is cut with an ellipsis). */
const MAX_INPUT_CHARS = 4_000;

/**
 * Asks the user whether the app may run a tool that needs their approval: a modal dialog (focus
 * moves into it, its title names the tool, so it is announced) with the tool's name and input, and
 * Approve / Reject buttons reachable by Tab, Reject focused first (Escape rejects too). Resolves
 * whether they approved.
 */
export async function confirmAppToolCall(modal: ModalApi, strings: Pick<AgentUIStrings, 'approve' | 'reject' | 'mcpApp'>, approval: McpAppCallApproval): Promise<boolean> {
  const confirmed: boolean = await modal.confirm({
    title: strings.mcpApp.callToolTitle(approval.name),
    content: (
      <div data-xagent-mcp-app-approval={approval.name}>
        <Typography.Paragraph style={{ marginBottom: 4 }}>{strings.mcpApp.callToolInput}</Typography.Paragraph>
        <pre
          tabIndex={0}
          aria-label={strings.mcpApp.callToolInput}
          style={{ margin: 0, maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}
        >
          {toDisplayJson(approval.input, MAX_INPUT_CHARS)}
        </pre>
      </div>
    ),
    okText: strings.approve,
    cancelText: strings.reject,
    focusable: { autoFocusButton: 'cancel' },
  });
  return confirmed === true;
}
