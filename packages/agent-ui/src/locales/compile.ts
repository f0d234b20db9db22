import type { A2UIStrings } from '../a2ui/a2ui-strings.js';
import type { AgentConversationsStrings } from '../conversations/strings.js';
import type { AgentInspectorStrings } from '../inspector/inspector-strings.js';
import type { DictationStrings } from '../composer/dictation-strings.js';
import type { QueueStrings } from '../composer/queue-strings.js';
import type { McpAppStrings } from '../mcp-app/mcp-app-strings.js';
import type { AgentUIStrings } from './agent-ui-strings.js';
import type { AgentTimelineStrings } from '../timeline/strings.js';
import type { Catalogue } from './catalogue.js';
import { formatMessage, type MessageArgs, type MessageValue } from './format-message.js';

/** Formats one catalogue message for the catalogue's locale. */
type Format = (message: string, args: MessageArgs) => string;

/** The tools of a “Used …” line: up to three names, else the first two and “N more tools”. */
function toolsUsed(c: Catalogue['tools'], f: Format, tools: readonly string[], count: number): string {
  if (tools.length === 1) return f(c.usedOne, { tool: tools[0]!, count });
  const named = tools.length <= 3 ? tools : [...tools.slice(0, 2), f(c.moreTools, { count: tools.length - 2 })];
  return count > tools.length ? f(c.usedCalls, { tools: named, count }) : f(c.used, { tools: named });
}

/** The keys of `T` whose values are functions (messages with arguments). */
type FunctionKeys<T> = { [K in keyof T]-?: T[K] extends (...args: never[]) => string ? K : never }[keyof T];
/** For each function of a group, the names of its arguments in order: `run: ['agentId']`. */
type ArgNames<T> = { readonly [K in FunctionKeys<T>]: readonly string[] };

/**
 * A catalogue group as a group of strings: a message listed in `args` becomes a function of those
 * arguments, any other is used as it is (a nested group such as the timeline's `status` is copied).
 */
function group<T>(messages: object, args: ArgNames<T>, f: Format): T {
  const names = args as Readonly<Record<string, readonly string[]>>;
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(messages)) {
    const argNames = names[key];
    out[key] = argNames
      ? (...values: MessageValue[]) => f(message as string, Object.fromEntries(argNames.map((name, index) => [name, values[index]!])))
      : typeof message === 'object' && !Array.isArray(message)
        ? { ...(message as object) }
        : message;
  }
  return out as T;
}

/** The strings of a group the catalogue has no message for (`never` when it has them all). */
type Uncovered<Messages, Strings> = Exclude<keyof Strings, keyof Messages | 'previous7Days'>;
type NoneUncovered<T extends never> = T;
/** A compile-time check: every string of each group has its message in the catalogue (a type error names the missing ones). */
export type CatalogueCoversGroups = NoneUncovered<
  | Uncovered<Catalogue['conversations'], AgentConversationsStrings>
  | Uncovered<Catalogue['timeline'], AgentTimelineStrings>
  | Uncovered<Catalogue['a2ui'], A2UIStrings>
  | Uncovered<Catalogue['inspector'], AgentInspectorStrings>
  | Uncovered<Catalogue['mcpApp'], McpAppStrings>
  | Uncovered<Catalogue['queue'], QueueStrings>
  | Uncovered<Catalogue['dictation'], DictationStrings>
>;

const CONVERSATION_ARGS: ArgNames<AgentConversationsStrings> = { renameLabel: ['title'], deleted: ['title'] };
const TIMELINE_ARGS: ArgNames<AgentTimelineStrings> = {
  run: ['agentId'],
  step: ['number'],
  steps: ['count'],
  toolCalls: ['count'],
  tokens: ['count'],
  totalTokens: ['total', 'input', 'output'],
  startsAt: ['offset'],
  subAgent: ['agentId', 'steps'],
  details: ['toolName'],
};
const A2UI_ARGS: ArgNames<A2UIStrings> = { unsupported: ['type'], missing: ['id'], cycle: ['id'] };
const INSPECTOR_ARGS: ArgNames<AgentInspectorStrings> = { run: ['key'], eventCount: ['count'], cursor: ['cursor'], copyEvent: ['number'] };
const MCP_APP_ARGS: ArgNames<McpAppStrings> = { title: ['tool'], callToolTitle: ['tool'] };
const QUEUE_ARGS: ArgNames<QueueStrings> = { item: ['position', 'count'], queued: ['count'], moved: ['position', 'count'], pastedSummary: ['lines', 'chars'] };

/** `strings` with `key` a text formatted on first read (then kept); enumerable, so a spread copies the text. */
function lazyText<T extends object>(strings: T, key: keyof T & string, format: () => string): T {
  let text: string | undefined;
  return Object.defineProperty(strings, key, { enumerable: true, configurable: true, get: () => (text ??= format()) });
}

/**
 * A catalogue as the kit's strings ({@link AgentUIStrings}): each message with arguments becomes a
 * function that formats it (`strings.fileTooLarge(name, max)`), plurals, numbers and lists in the
 * catalogue's locale. Compile once per catalogue (the kit caches what it compiles).
 */
export function compileStrings(catalogue: Catalogue): AgentUIStrings {
  const tag = catalogue.locale;
  const f: Format = (message, args) => formatMessage(message, args, tag);
  const { previousDays, ...conversationMessages } = catalogue.conversations;
  const { chat, composer, message, branches, tools, approval, errors, dictation, queue, mcpApp, remoteAgent } = catalogue;
  return {
    locale: tag,
    conversation: chat.conversation,
    composerPlaceholder: composer.placeholder,
    composerLabel: composer.label,
    send: composer.send,
    stop: composer.stop,
    attach: composer.attach,
    removeAttachment: composer.removeAttachment,
    fileTooLarge: (name, maxSize) => f(composer.fileTooLarge, { name, maxSize }),
    fileTypeRefused: (name) => f(composer.fileTypeRefused, { name }),
    uploadingFile: (name) => f(composer.uploadingFile, { name }),
    uploadFailed: (name, reason) => f(composer.uploadFailed, { name, reason }),
    copy: message.copy,
    copied: message.copied,
    copyCode: message.copyCode,
    edit: message.edit,
    saveEdit: message.saveEdit,
    cancelEdit: message.cancelEdit,
    versions: branches.versions,
    previousVersion: branches.previousVersion,
    nextVersion: branches.nextVersion,
    versionOf: (index, count) => f(branches.versionOf, { index, count }),
    delete: message.delete,
    messageDeleted: message.deleted,
    undoDelete: message.undoDelete,
    compactionMarker: chat.compactionMarker,
    editInput: approval.editInput,
    inputEditorLabel: approval.inputEditorLabel,
    approveWithChanges: approval.approveWithChanges,
    inputNotJson: (detail) => f(approval.inputNotJson, { detail }),
    inputInvalid: (detail) => f(approval.inputInvalid, { detail }),
    editedInput: approval.editedInput,
    proposedInput: approval.proposedInput,
    regenerate: message.regenerate,
    like: message.like,
    dislike: message.dislike,
    messageActions: message.actions,
    retry: chat.retry,
    stopped: chat.stopped,
    interrupted: chat.interrupted,
    reconnecting: chat.reconnecting,
    dismiss: chat.dismiss,
    errorTitle: errors.title,
    errorCodes: { ...errors.codes },
    connectionLost: errors.connectionLost,
    messageFailed: chat.messageFailed,
    partFailed: chat.partFailed,
    thinking: chat.thinking,
    reasoning: chat.reasoning,
    showReasoning: chat.showReasoning,
    hideReasoning: chat.hideReasoning,
    toolRunning: (tool) => f(tools.running, { tool }),
    toolDone: (tool) => f(tools.done, { tool }),
    toolError: (tool) => f(tools.error, { tool }),
    toolDenied: (tool) => f(tools.denied, { tool }),
    toolInput: tools.input,
    toolResult: tools.result,
    showFullResult: tools.showFullResult,
    hideFullResult: tools.hideFullResult,
    toolsUsed: (names, count) => toolsUsed(tools, f, names, count),
    toolsRunning: (count) => f(tools.runningCount, { count }),
    itemCount: (count) => f(tools.itemCount, { count }),
    approvalTitle: (tool) => f(approval.title, { tool }),
    approve: approval.approve,
    reject: approval.reject,
    rejectReason: approval.rejectReason,
    confirmReject: approval.confirmReject,
    cancel: approval.cancel,
    approved: approval.approved,
    rejected: approval.rejected,
    approvalExpired: approval.expired,
    awaitingApproval: composer.awaitingApproval,
    waitingForApproval: approval.waiting,
    approvalInstructions: approval.instructions,
    approvalAnnouncement: (tool) => f(approval.announcement, { tool }),
    remoteAgentQuestion: (agent) => f(remoteAgent.question, { agent }),
    remoteAgentWaiting: remoteAgent.waiting,
    remoteAgentInstructions: (agent) => f(remoteAgent.instructions, { agent }),
    remoteAgentAnswerLabel: (agent) => f(remoteAgent.answerLabel, { agent }),
    remoteAgentSend: remoteAgent.send,
    remoteAgentSent: remoteAgent.sent,
    remoteAgentWorking: (agent) => f(remoteAgent.working, { agent }),
    remoteAgentAnnouncement: (agent, question) => f(remoteAgent.announcement, { agent, question }),
    replyStopped: chat.replyStopped,
    replyInterrupted: chat.replyInterrupted,
    tableColumnsSpeech: (cells) => f(chat.tableColumnsSpeech, { cells }),
    tableRowSpeech: (row, cells) => f(chat.tableRowSpeech, { row, cells }),
    tableCellSeparator: chat.tableCellSeparator,
    errorAnnouncement: (text) => f(errors.announcement, { message: text }),
    feedbackReasonLabel: message.feedbackReasonLabel,
    feedbackReasons: [...message.feedbackReasons],
    feedbackReasonSend: message.feedbackReasonSend,
    feedbackReasonSkip: message.feedbackReasonSkip,
    sources: chat.sources,
    imageBlocked: (host) => f(chat.imageBlocked, { host }),
    loadImage: chat.loadImage,
    suggestions: chat.suggestions,
    earlierMessages: (count) => f(chat.earlierMessages, { count }),
    openChat: chat.openChat,
    closeChat: chat.closeChat,
    newChat: chat.newChat,
    conversations: chat.conversations,
    conversationMenu: (label) => f(chat.conversationMenu, { label }),
    rename: chat.rename,
    loading: chat.loading,
    you: chat.you,
    assistant: chat.assistant,
    dictation: { ...dictation },
    mcpApp: group(mcpApp, MCP_APP_ARGS, f),
    queue: group(queue, QUEUE_ARGS, f),
    // “Previous 7 days”: the group of the conversation list (conversations/date-groups.ts) spans a week.
    // Formatted when first read: the first plural formatted creates the locale's Intl rules (≈ 20 ms in
    // the S4 mount profile), which a chat without the conversation list never needs.
    conversationList: lazyText(group<AgentConversationsStrings>(conversationMessages, CONVERSATION_ARGS, f), 'previous7Days', () => f(previousDays, { count: 7 })),
    timeline: group(catalogue.timeline, TIMELINE_ARGS, f),
    a2ui: group(catalogue.a2ui, A2UI_ARGS, f),
    inspector: group(catalogue.inspector, INSPECTOR_ARGS, f),
  };
}
