import type { A2UIStrings } from '../a2ui/a2ui-strings.js';
import type { AgentConversationsStrings } from '../conversations/strings.js';
import type { AgentInspectorStrings } from '../inspector/inspector-strings.js';
import type { AgentUIStrings } from '../theme/locale.js';
import type { AgentTimelineStrings } from '../timeline/strings.js';
import type { Catalogue } from './catalogue.js';
import { formatMessage, type MessageArgs } from './format-message.js';

/** Formats one catalogue message for the catalogue's locale. */
type Format = (message: string, args: MessageArgs) => string;

/** The tools of a “Used …” line: up to three names, else the first two and “N more tools”. */
function toolsUsed(c: Catalogue['tools'], f: Format, tools: readonly string[], count: number): string {
  if (tools.length === 1) return f(c.usedOne, { tool: tools[0]!, count });
  const named = tools.length <= 3 ? tools : [...tools.slice(0, 2), f(c.moreTools, { count: tools.length - 2 })];
  return count > tools.length ? f(c.usedCalls, { tools: named, count }) : f(c.used, { tools: named });
}

function conversationStrings(c: Catalogue['conversations'], f: Format): AgentConversationsStrings {
  return {
    today: c.today,
    yesterday: c.yesterday,
    previous7Days: f(c.previousDays, { count: 7 }),
    older: c.older,
    untitled: c.untitled,
    search: c.search,
    clearSearch: c.clearSearch,
    noConversations: c.noConversations,
    noMatches: c.noMatches,
    loadMore: c.loadMore,
    loadFailed: c.loadFailed,
    retry: c.retry,
    dismiss: c.dismiss,
    renameLabel: (title) => f(c.renameLabel, { title }),
    deleted: (title) => f(c.deleted, { title }),
    undo: c.undo,
  };
}

function timelineStrings(c: Catalogue['timeline'], f: Format): AgentTimelineStrings {
  return {
    label: c.label,
    run: (agentId) => f(c.run, { agentId }),
    step: (number) => f(c.step, { number }),
    steps: (count) => f(c.steps, { count }),
    toolCalls: (count) => f(c.toolCalls, { count }),
    tokens: (count) => f(c.tokens, { count }),
    totalTokens: (total, input, output) => f(c.totalTokens, { total, input, output }),
    status: { ...c.status },
    toolState: { ...c.toolState },
    source: { ...c.source },
    startsAt: (offset) => f(c.startsAt, { offset }),
    subAgent: (agentId, steps) => f(c.subAgent, { agentId, steps }),
    showSubRun: c.showSubRun,
    hideSubRun: c.hideSubRun,
    detailsShort: c.detailsShort,
    details: (toolName) => f(c.details, { toolName }),
    running: c.running,
    waiting: c.waiting,
    loading: c.loading,
    empty: c.empty,
    loadFailed: c.loadFailed,
    retry: c.retry,
    viewTrace: c.viewTrace,
  };
}

function a2uiStrings(c: Catalogue['a2ui'], f: Format): A2UIStrings {
  return {
    surface: c.surface,
    unsupported: (type) => f(c.unsupported, { type }),
    missing: (id) => f(c.missing, { id }),
    cycle: (id) => f(c.cycle, { id }),
    tooDeep: c.tooDeep,
    tooMany: c.tooMany,
    building: c.building,
    failed: c.failed,
    close: c.close,
    dialog: c.dialog,
  };
}

function inspectorStrings(c: Catalogue['inspector'], f: Format): AgentInspectorStrings {
  return {
    open: c.open,
    close: c.close,
    title: c.title,
    runs: c.runs,
    noRuns: c.noRuns,
    run: (key) => f(c.run, { key }),
    eventCount: (count) => f(c.eventCount, { count }),
    live: c.live,
    runId: c.runId,
    status: c.status,
    pending: c.pending,
    resumedAfter: c.resumedAfter,
    cursor: (cursor) => f(c.cursor, { cursor }),
    traceId: c.traceId,
    usage: c.usage,
    type: c.type,
    all: c.all,
    exportFixture: c.exportFixture,
    clear: c.clear,
    events: c.events,
    copyEvent: (number) => f(c.copyEvent, { number }),
    copy: c.copy,
    copied: c.copied,
    data: c.data,
  };
}

/**
 * A catalogue as the kit's strings ({@link AgentUIStrings}): each message with arguments becomes a
 * function that formats it (`strings.fileTooLarge(name, max)`), plurals, numbers and lists in the
 * catalogue's locale. Compile once per catalogue (the kit caches what it compiles).
 */
export function compileStrings(catalogue: Catalogue): AgentUIStrings {
  const tag = catalogue.locale;
  const f: Format = (message, args) => formatMessage(message, args, tag);
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
    mcpApp: {
      ...mcpApp,
      title: (tool) => f(mcpApp.title, { tool }),
      callToolTitle: (tool) => f(mcpApp.callToolTitle, { tool }),
    },
    queue: {
      ...queue,
      item: (position, count) => f(queue.item, { position, count }),
      queued: (count) => f(queue.queued, { count }),
      moved: (position, count) => f(queue.moved, { position, count }),
      pastedSummary: (lines, chars) => f(queue.pastedSummary, { lines, chars }),
    },
    conversationList: conversationStrings(catalogue.conversations, f),
    timeline: timelineStrings(catalogue.timeline, f),
    a2ui: a2uiStrings(catalogue.a2ui, f),
    inspector: inspectorStrings(catalogue.inspector, f),
  };
}
