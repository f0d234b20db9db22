import type { AgentErrorCode } from '@x/agent-protocol';
import { dictationEnUS, dictationZhCN, type DictationStrings } from '../composer/dictation-strings.js';
import { mcpAppEnUS, mcpAppZhCN, type McpAppStrings } from '../mcp-app/mcp-app-strings.js';
import { queueEnUS, queueZhCN, type QueueStrings } from '../composer/queue-strings.js';

/** Every string the kit renders itself (Ant Design X / antd strings come from their own locales). */
export interface AgentUIStrings {
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
}

/** English (default). */
export const enUS: AgentUIStrings = {
  conversation: 'Conversation',
  composerPlaceholder: 'Ask anything…',
  composerLabel: 'Message',
  send: 'Send',
  stop: 'Stop',
  attach: 'Attach files',
  removeAttachment: 'Remove attachment',
  fileTooLarge: (name, max) => `“${name}” is larger than ${max} and was not attached.`,
  fileTypeRefused: (name) => `“${name}” is not an accepted file type and was not attached.`,
  uploadingFile: (name) => `Uploading “${name}”`,
  uploadFailed: (name, reason) => `“${name}” could not be uploaded: ${reason} Remove it to send.`,
  copy: 'Copy',
  copied: 'Copied',
  copyCode: 'Copy code',
  edit: 'Edit message',
  saveEdit: 'Save and resend',
  versions: 'Versions',
  previousVersion: 'Previous version',
  nextVersion: 'Next version',
  versionOf: (index, count) => `Version ${index} of ${count}`,
  cancelEdit: 'Cancel editing',
  delete: 'Delete',
  messageDeleted: 'Message deleted',
  undoDelete: 'Undo',
  compactionMarker: 'Earlier messages were summarized',
  editInput: 'Edit input',
  inputEditorLabel: 'Tool input (JSON)',
  approveWithChanges: 'Approve with changes',
  inputNotJson: (detail) => `Not valid JSON: ${detail}`,
  inputInvalid: (detail) => `Does not match the tool's input: ${detail}`,
  editedInput: 'Edited input',
  proposedInput: 'Proposed input',
  regenerate: 'Regenerate',
  like: 'Helpful',
  dislike: 'Not helpful',
  messageActions: 'Message actions',
  retry: 'Retry',
  stopped: 'Stopped',
  interrupted: 'Interrupted',
  reconnecting: 'Reconnecting…',
  dismiss: 'Dismiss',
  errorTitle: 'Something went wrong',
  errorCodes: {
    bad_json: 'The request could not be read. Reload the page and try again.',
    invalid_cursor: 'The conversation could not be loaded from where it left off. Reload the page.',
    invalid_title: 'That title cannot be used.',
    invalid_body: 'The request was not valid. Reload the page and try again.',
    invalid_messages: 'The messages could not be sent as they are. Reload the page and try again.',
    invalid_id: 'This link or conversation id is not valid.',
    unauthorized: 'You are signed out. Sign in and try again.',
    forbidden: 'You do not have access to this.',
    cross_site_request: 'This page may not send requests to the agent server.',
    tool_denied: 'That action is not allowed here.',
    approval_required: 'That action needs your approval in the chat first.',
    unknown_tool: 'That action is not available.',
    mcp_app_unavailable: 'This app could not be loaded.',
    not_found: 'This is not available.',
    run_not_found: 'That run no longer exists.',
    unknown_agent: 'This assistant is not available.',
    conversation_not_found: 'This conversation no longer exists.',
    message_not_found: 'This message no longer exists.',
    file_not_found: 'An attached file no longer exists; attach it again.',
    method_not_allowed: 'This action is not supported.',
    conversation_conflict: 'This conversation is busy in another tab or window.',
    history_mismatch: 'This conversation changed in another tab or window. Reload it and try again.',
    approval_not_pending: 'This approval was already answered.',
    run_not_paused: 'This run is not waiting for an answer.',
    payload_too_large: 'The message is too large to send.',
    unsupported_media_type: 'The request was not valid. Reload the page and try again.',
    internal_error: 'Something went wrong on the server. Try again.',
    store_required: 'This server does not keep conversations.',
    store_unavailable: 'Conversations are unavailable right now. Try again shortly.',
    run_log_unavailable: 'The reply cannot be followed right now. Try again shortly.',
    run_not_ready: 'The reply is not ready to be followed yet. Try again shortly.',
    transcription_unavailable: 'Dictation is not available on this server.',
    transcription_failed: 'The recording could not be turned into text. Try again.',
  },
  connectionLost: 'Connection lost. Check your network and try again.',
  messageFailed: 'This message could not be shown.',
  partFailed: 'This part could not be shown.',
  thinking: 'Thinking…',
  reasoning: 'Reasoning',
  showReasoning: 'Show reasoning',
  hideReasoning: 'Hide reasoning',
  toolRunning: (tool) => `Running ${tool}…`,
  toolDone: (tool) => `${tool} finished`,
  toolError: (tool) => `${tool} failed`,
  toolDenied: (tool) => `${tool} was rejected`,
  toolInput: 'Input',
  toolResult: 'Result',
  showFullResult: 'Show full result',
  hideFullResult: 'Hide full result',
  toolsUsed: (tools, count) => {
    if (tools.length === 1) return `Used ${tools[0]} ${count === 1 ? 'once' : `${count} times`}`;
    // Up to three names; more: the first two and how many others.
    const named = tools.length <= 3 ? `${tools.slice(0, -1).join(', ')} and ${tools.at(-1)}` : `${tools.slice(0, 2).join(', ')} and ${tools.length - 2} more tools`;
    return count > tools.length ? `Used ${named} (${count} calls)` : `Used ${named}`;
  },
  toolsRunning: (count) => `Running ${count} tool calls…`,
  itemCount: (count) => (count === 1 ? '1 item' : `${count} items`),
  approvalTitle: (tool) => `Allow ${tool} to run?`,
  approve: 'Approve',
  reject: 'Reject',
  rejectReason: 'Reason for rejecting (optional)',
  confirmReject: 'Reject with reason',
  cancel: 'Cancel',
  approved: 'Approved',
  rejected: 'Rejected',
  approvalExpired: 'Expired: not answered before the conversation moved on',
  awaitingApproval: 'Approve or reject the request above to continue, or send a new message',
  waitingForApproval: 'Waiting for your approval',
  approvalInstructions: 'Approve runs it as shown, Edit input changes what it runs with, Reject stops it (you can say why).',
  approvalAnnouncement: (tool) => `Waiting for your approval: allow ${tool} to run?`,
  replyStopped: 'Reply stopped',
  replyInterrupted: 'Reply interrupted',
  tableColumnsSpeech: (cells) => `Columns: ${cells}.`,
  tableRowSpeech: (row, cells) => `Row ${row}: ${cells}.`,
  tableCellSeparator: ', ',
  errorAnnouncement: (message) => `Error: ${message}`,
  feedbackReasonLabel: 'What was not helpful? (optional)',
  feedbackReasons: ['Inaccurate', 'Not what I asked', 'Too long'],
  feedbackReasonSend: 'Send feedback',
  feedbackReasonSkip: 'Skip',
  sources: 'Sources',
  imageBlocked: (host) => `Image from ${host}`,
  loadImage: 'Load image',
  suggestions: 'Suggestions',
  earlierMessages: (count) => `Show ${count} earlier messages`,
  openChat: 'Open chat',
  closeChat: 'Close chat',
  newChat: 'New chat',
  conversations: 'Conversations',
  conversationMenu: (label) => `Actions for ${label}`,
  rename: 'Rename',
  loading: 'Loading…',
  you: 'You',
  assistant: 'Assistant',
  dictation: dictationEnUS,
  mcpApp: mcpAppEnUS,
  queue: queueEnUS,
};

/** Simplified Chinese. */
export const zhCN: AgentUIStrings = {
  conversation: '对话',
  composerPlaceholder: '有什么可以帮你？',
  composerLabel: '消息',
  send: '发送',
  stop: '停止',
  attach: '添加附件',
  removeAttachment: '移除附件',
  fileTooLarge: (name, max) => `“${name}”超过 ${max}，未添加。`,
  fileTypeRefused: (name) => `“${name}”的文件类型不受支持，未添加。`,
  uploadingFile: (name) => `正在上传“${name}”`,
  uploadFailed: (name, reason) => `“${name}”上传失败：${reason} 移除后即可发送。`,
  copy: '复制',
  copied: '已复制',
  copyCode: '复制代码',
  edit: '编辑消息',
  saveEdit: '保存并重新发送',
  versions: '版本',
  previousVersion: '上一个版本',
  nextVersion: '下一个版本',
  versionOf: (index, count) => `第 ${index} 个版本，共 ${count} 个`,
  cancelEdit: '取消编辑',
  delete: '删除',
  messageDeleted: '消息已删除',
  undoDelete: '撤销',
  compactionMarker: '较早的消息已被总结',
  editInput: '编辑输入',
  inputEditorLabel: '工具参数（JSON）',
  approveWithChanges: '按修改批准',
  inputNotJson: (detail) => `不是有效的 JSON：${detail}`,
  inputInvalid: (detail) => `与工具参数不符：${detail}`,
  editedInput: '修改后的参数',
  proposedInput: '原始参数',
  regenerate: '重新生成',
  like: '有帮助',
  dislike: '没帮助',
  messageActions: '消息操作',
  retry: '重试',
  stopped: '已停止',
  interrupted: '已中断',
  reconnecting: '正在重新连接…',
  dismiss: '关闭',
  errorTitle: '出错了',
  errorCodes: {
    bad_json: '无法读取请求。请刷新页面后重试。',
    invalid_cursor: '无法从中断处加载对话。请刷新页面。',
    invalid_title: '无法使用该标题。',
    invalid_body: '请求无效。请刷新页面后重试。',
    invalid_messages: '消息无法按原样发送。请刷新页面后重试。',
    invalid_id: '此链接或对话 ID 无效。',
    unauthorized: '您已退出登录。请登录后重试。',
    forbidden: '您无权访问此内容。',
    cross_site_request: '此页面不能向智能体服务器发送请求。',
    tool_denied: '此处不允许该操作。',
    approval_required: '该操作需要您先在对话中批准。',
    unknown_tool: '该操作不可用。',
    mcp_app_unavailable: '无法加载此应用。',
    not_found: '此内容不可用。',
    run_not_found: '该运行已不存在。',
    unknown_agent: '此助手不可用。',
    conversation_not_found: '此对话已不存在。',
    message_not_found: '此消息已不存在。',
    file_not_found: '附件已不存在，请重新附加。',
    method_not_allowed: '不支持此操作。',
    conversation_conflict: '此对话正在另一个标签页或窗口中进行。',
    history_mismatch: '此对话已在另一个标签页或窗口中更改。请重新加载后重试。',
    approval_not_pending: '此审批已被处理。',
    run_not_paused: '此运行未在等待回复。',
    payload_too_large: '消息过大，无法发送。',
    unsupported_media_type: '请求无效。请刷新页面后重试。',
    internal_error: '服务器出错了。请重试。',
    store_required: '此服务器不保存对话。',
    store_unavailable: '对话暂时不可用。请稍后重试。',
    run_log_unavailable: '暂时无法继续接收回复。请稍后重试。',
    run_not_ready: '回复尚未准备好，请稍后重试。',
    transcription_unavailable: '此服务器不支持语音输入。',
    transcription_failed: '无法将录音转换为文字，请重试。',
  },
  connectionLost: '连接已断开。请检查网络后重试。',
  messageFailed: '无法显示这条消息。',
  partFailed: '无法显示这部分内容。',
  thinking: '思考中…',
  reasoning: '推理过程',
  showReasoning: '展开推理过程',
  hideReasoning: '收起推理过程',
  toolRunning: (tool) => `正在运行 ${tool}…`,
  toolDone: (tool) => `${tool} 已完成`,
  toolError: (tool) => `${tool} 失败`,
  toolDenied: (tool) => `${tool} 已被拒绝`,
  toolInput: '输入',
  toolResult: '结果',
  showFullResult: '查看完整结果',
  hideFullResult: '收起完整结果',
  toolsUsed: (tools, count) => {
    if (tools.length === 1) return `已使用 ${tools[0]} ${count} 次`;
    const named = tools.length <= 3 ? tools.join('、') : `${tools.slice(0, 2).join('、')} 等 ${tools.length} 个工具`;
    return count > tools.length ? `已使用 ${named}（共 ${count} 次调用）` : `已使用 ${named}`;
  },
  toolsRunning: (count) => `正在运行 ${count} 个工具调用…`,
  itemCount: (count) => `${count} 项`,
  approvalTitle: (tool) => `允许运行 ${tool} 吗？`,
  approve: '批准',
  reject: '拒绝',
  rejectReason: '拒绝原因（可选）',
  confirmReject: '确认拒绝',
  cancel: '取消',
  approved: '已批准',
  rejected: '已拒绝',
  approvalExpired: '已过期：对话继续前未作答',
  awaitingApproval: '请先批准或拒绝上面的请求，或发送新消息',
  waitingForApproval: '等待你的批准',
  approvalInstructions: '“批准”按所示运行，“编辑输入”修改运行参数，“拒绝”不运行（可说明原因）。',
  approvalAnnouncement: (tool) => `等待你的批准：允许运行 ${tool} 吗？`,
  replyStopped: '回复已停止',
  replyInterrupted: '回复已中断',
  tableColumnsSpeech: (cells) => `表头：${cells}。`,
  tableRowSpeech: (row, cells) => `第 ${row} 行：${cells}。`,
  tableCellSeparator: '，',
  errorAnnouncement: (message) => `出错：${message}`,
  feedbackReasonLabel: '哪里没有帮助？（可选）',
  feedbackReasons: ['不准确', '答非所问', '太长'],
  feedbackReasonSend: '发送反馈',
  feedbackReasonSkip: '跳过',
  sources: '来源',
  imageBlocked: (host) => `来自 ${host} 的图片`,
  loadImage: '加载图片',
  suggestions: '建议',
  earlierMessages: (count) => `显示更早的 ${count} 条消息`,
  openChat: '打开对话',
  closeChat: '关闭对话',
  newChat: '新对话',
  conversations: '会话列表',
  conversationMenu: (label) => `“${label}”的操作`,
  rename: '重命名',
  loading: '加载中…',
  you: '你',
  assistant: '助手',
  dictation: dictationZhCN,
  mcpApp: mcpAppZhCN,
  queue: queueZhCN,
};
