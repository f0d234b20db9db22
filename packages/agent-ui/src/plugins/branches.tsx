'use client';
import { BranchSwitcher, useMessageBranch } from '../transcript/branch-switcher.js';
import type { AgentChatPlugin } from './plugin.js';

/**
 * ‹ 2 / 3 › under a message that has other versions (an edit or a regenerate made them, with server
 * history); nothing for a message with one version. Needs an `AgentChatProvider` above it.
 */
export function MessageBranchSwitcher({ messageId }: { messageId: string }) {
  const branch = useMessageBranch(messageId);
  return branch ? <BranchSwitcher messageId={messageId} branch={branch} /> : null;
}

const BRANCHES: AgentChatPlugin = { name: 'branches', MessageFooter: MessageBranchSwitcher };

/**
 * Branch switching (README "Plug-ins"): a message with other versions shows ‹ 2 / 3 › beside its
 * actions, to read each version and its replies (`switchBranch`). Without it the newest version shows.
 */
export function branches(): AgentChatPlugin {
  return BRANCHES;
}
