import type { AgentErrorCode } from '@x/agent-protocol';
import type { A2UIStrings } from '../a2ui/a2ui-strings.js';
import type { DictationStrings } from '../composer/dictation-strings.js';
import type { QueueStrings } from '../composer/queue-strings.js';
import type { AgentConversationsStrings } from '../conversations/strings.js';
import type { AgentInspectorStrings } from '../inspector/inspector-strings.js';
import type { McpAppStrings } from '../mcp-app/mcp-app-strings.js';
import type { AgentTimelineStrings } from '../timeline/strings.js';

/**
 * Every string the kit renders itself (Ant Design X / antd strings come from their own locales), as
 * compiled from a locale's catalogue (`locales/<code>.ts`, see `compileStrings`): texts, and functions
 * that format a message with their arguments. Pass a whole object as `AgentUIProvider`'s `locale`, or
 * some of them as its `strings` (merged over the locale in use).
 */
export interface AgentUIStrings {
  /** BCP 47 tag of these strings (numbers, sizes and durations are formatted for it); a catalogue's `locale`. */
  locale?: string | undefined;
  conversation: string;
  composerPlaceholder: string;
  composerLabel: string;
  send: string;
  stop: string;
  attach: string;
  removeAttachment: string;
  fileTooLarge: (name: string, maxSize: string) => string;
  fileTypeRefused: (name: string) => string;
  /** Label of an attachment's upload progress bar (with a blob store). */
  uploadingFile: (name: string) => string;
  /** An attachment whose upload failed (the message is not sent until it is removed or retried). */
  uploadFailed: (name: string, reason: string) => string;
  copy: string;
  copied: string;
  /** Name of a code block's copy button. */
  copyCode: string;
  edit: string;
  saveEdit: string;
  cancelEdit: string;
  /** The ‹ 2 / 3 › switcher under a message with other versions (an edit or a regenerate made them). */
  versions: string;
  previousVersion: string;
  nextVersion: string;
  /** What the switcher announces: the version shown (1-based) of `count`. */
  versionOf: (index: number, count: number) => string;
  delete: string;
  /** The row that stands in for a deleted message while it can be restored. */
  messageDeleted: string;
  undoDelete: string;
  /** The marker of a compaction: older messages were replaced by a summary. */
  compactionMarker: string;
  /** The approval card's action that opens the input editor. */
  editInput: string;
  /** Name of the approval card's input editor. */
  inputEditorLabel: string;
  approveWithChanges: string;
  /** The edited input is not JSON (`detail`: the parser's message). */
  inputNotJson: (detail: string) => string;
  /** The edited input does not match the tool's input schema. */
  inputInvalid: (detail: string) => string;
  /** Label of the input the approver changed, on an answered card. */
  editedInput: string;
  /** Label of the input the model proposed, when the approver changed it. */
  proposedInput: string;
  regenerate: string;
  like: string;
  dislike: string;
  messageActions: string;
  retry: string;
  /** Under a reply the user stopped. */
  stopped: string;
  /** Under a reply that failed or whose run was lost (with Retry). */
  interrupted: string;
  /** While the connection to a running reply is restored. */
  reconnecting: string;
  dismiss: string;
  errorTitle: string;
  /**
   * What the error alert says for each error code of the protocol (`AgentErrorCode`), in place of the
   * server's message: a refused request reads as words, never as its JSON.
   */
  errorCodes: Record<AgentErrorCode, string>;
  /** A reply whose connection went silent or dropped, and could not be re-attached. */
  connectionLost: string;
  /** Shown in place of a message that failed to render. */
  messageFailed: string;
  /** Shown in place of one part of a message (a tool's card or renderer, a data part, an A2UI surface, an app) that failed to render, before the error's message. */
  partFailed: string;
  thinking: string;
  reasoning: string;
  showReasoning: string;
  hideReasoning: string;
  toolRunning: (tool: string) => string;
  toolDone: (tool: string) => string;
  toolError: (tool: string) => string;
  toolDenied: (tool: string) => string;
  toolInput: string;
  toolResult: string;
  showFullResult: string;
  hideFullResult: string;
  /**
   * One line for consecutive tool calls: `tools` are their names in order of first use, `count` the
   * calls ("Used lookupOrder 20 times", "Used lookupOrder, refund and email (5 calls)").
   */
  toolsUsed: (tools: readonly string[], count: number) => string;
  toolsRunning: (count: number) => string;
  /** Size of a list in a tool result's summary. */
  itemCount: (count: number) => string;
  approvalTitle: (tool: string) => string;
  approve: string;
  reject: string;
  rejectReason: string;
  confirmReject: string;
  cancel: string;
  approved: string;
  rejected: string;
  /** An approval left in an earlier message: the user moved on, answering it would run nothing. */
  approvalExpired: string;
  /** The composer's placeholder while the reply waits for an approval. */
  awaitingApproval: string;
  /** The status on a pending approval card (and its conversation's badge). */
  waitingForApproval: string;
  /** What the approval card's buttons do, shown on the card. */
  approvalInstructions: string;
  /** Announced when an approval appears. */
  approvalAnnouncement: (tool: string) => string;
  /** Title of the card where a remote A2A agent asks the user a question (`agent`: its name). */
  remoteAgentQuestion: (agent: string) => string;
  /** Status on a remote agent's question card. */
  remoteAgentWaiting: string;
  /** What to do on a remote agent's question card. */
  remoteAgentInstructions: (agent: string) => string;
  /** Accessible name of the answer field. */
  remoteAgentAnswerLabel: (agent: string) => string;
  /** The button that sends the answer. */
  remoteAgentSend: string;
  /** Shown once the answer was sent, until the agent goes on. */
  remoteAgentSent: string;
  /** A remote agent's nested run before it says what it is doing. */
  remoteAgentWorking: (agent: string) => string;
  /** Announced when a remote agent's question appears. */
  remoteAgentAnnouncement: (agent: string, question: string) => string;
  /** Announced when a reply is stopped. */
  replyStopped: string;
  /** Announced when a reply is interrupted. */
  replyInterrupted: string;
  /** How a reply's table is read to a screen reader: its header row (`cells` already joined by `tableCellSeparator`). */
  tableColumnsSpeech: (cells: string) => string;
  /** How a reply's table is read: one body row (`row` counts from 1). */
  tableRowSpeech: (row: number, cells: string) => string;
  /** Between a table row's cells when read (", " in English). */
  tableCellSeparator: string;
  /** Announced when the chat shows an error. */
  errorAnnouncement: (message: string) => string;
  /** The optional reason after "Not helpful": its field, quick picks, send and skip. */
  feedbackReasonLabel: string;
  feedbackReasons: readonly string[];
  feedbackReasonSend: string;
  feedbackReasonSkip: string;
  sources: string;
  /** An image from model output that was not loaded; `host` is where it would load from. */
  imageBlocked: (host: string) => string;
  loadImage: string;
  suggestions: string;
  earlierMessages: (count: number) => string;
  openChat: string;
  closeChat: string;
  newChat: string;
  conversations: string;
  conversationMenu: (label: string) => string;
  rename: string;
  loading: string;
  you: string;
  assistant: string;
  /** The composer's dictation (microphone) texts. */
  dictation: DictationStrings;
  /** MCP Apps in the chat (frame name, errors, confirmations). */
  mcpApp: McpAppStrings;
  /** The queue under a streaming reply, long pasted text and long messages. */
  queue: QueueStrings;
  /** The conversation list's own strings (`AgentConversations`; its `strings` prop overrides them). */
  conversationList: AgentConversationsStrings;
  /** The run timeline's strings (`AgentTimeline`; its `strings` prop overrides them). */
  timeline: AgentTimelineStrings;
  /** A2UI surfaces' strings (`A2UISurface`; its `strings` prop overrides them). */
  a2ui: A2UIStrings;
  /** The developer inspector's strings (`AgentInspector`). */
  inspector: AgentInspectorStrings;
}

/**
 * Some of the kit's strings, for `AgentUIProvider`'s (and `AgentChat`'s `ui`) `strings`: any text or
 * function of {@link AgentUIStrings}, and any part of a group (`queue`, `errorCodes`, `dictation`, …).
 */
export type AgentUIStringsOverride = {
  [K in keyof AgentUIStrings]?: AgentUIStrings[K] extends string | readonly string[] | ((...args: never[]) => string) ? AgentUIStrings[K] : Partial<AgentUIStrings[K]>;
};
