/** The texts of the queue under a streaming reply, long pasted text and long messages (`AgentUIStrings['queue']`). */
export interface QueueStrings {
  /** The queue's list name. */
  list: string;
  /** The send button's name while a reply streams (the message joins the queue). */
  queueSend: string;
  /** One queued message's row name: its place in line. */
  item: (position: number, count: number) => string;
  edit: string;
  save: string;
  cancel: string;
  editLabel: string;
  moveUp: string;
  moveDown: string;
  sendNow: string;
  remove: string;
  /** Announced when the queue changed. */
  queued: (count: number) => string;
  moved: (position: number, count: number) => string;
  /** Shown while the queue waits for the user and the reason is not known. */
  paused: string;
  /** Shown while the queue waits for the user after the reply failed. */
  pausedFailed: string;
  /** Shown while the queue waits for the user after they stopped the reply. */
  pausedStopped: string;
  /** Shown while the queue waits for the user after a reload brought it back (the reply before it may have finished normally). */
  pausedRestored: string;
  /** A long pasted text's chip. */
  pastedText: string;
  pastedSummary: (lines: number, chars: number) => string;
  expand: string;
  collapse: string;
  removePasted: string;
  showMore: string;
  showLess: string;
}

export const queueEnUS: QueueStrings = {
  list: 'Queued messages',
  queueSend: 'Queue message',
  item: (position, count) => `Queued message ${position} of ${count}`,
  edit: 'Edit queued message',
  save: 'Save',
  cancel: 'Cancel',
  editLabel: 'Queued message text',
  moveUp: 'Move up',
  moveDown: 'Move down',
  sendNow: 'Send now',
  remove: 'Remove from queue',
  queued: (count) => (count === 0 ? 'Queue empty.' : `${count} message${count === 1 ? '' : 's'} queued.`),
  moved: (position, count) => `Moved to position ${position} of ${count}.`,
  paused: 'The queue is paused. Use Send now to go on.',
  pausedFailed: 'The queue is paused: the reply failed. Use Send now to go on.',
  pausedStopped: 'The queue is paused: the reply was stopped. Use Send now to go on.',
  pausedRestored: 'The queue is paused: these messages were kept from before the page reloaded. Use Send now to go on.',
  pastedText: 'Pasted text',
  pastedSummary: (lines, chars) => `${lines} lines, ${chars.toLocaleString('en-US')} characters`,
  expand: 'Show pasted text',
  collapse: 'Hide pasted text',
  removePasted: 'Remove pasted text',
  showMore: 'Show more',
  showLess: 'Show less',
};

export const queueZhCN: QueueStrings = {
  list: '排队中的消息',
  queueSend: '加入队列',
  item: (position, count) => `排队消息 ${position} / ${count}`,
  edit: '编辑排队消息',
  save: '保存',
  cancel: '取消',
  editLabel: '排队消息内容',
  moveUp: '上移',
  moveDown: '下移',
  sendNow: '立即发送',
  remove: '移出队列',
  queued: (count) => (count === 0 ? '队列已清空。' : `已排队 ${count} 条消息。`),
  moved: (position, count) => `已移到第 ${position} 位，共 ${count} 条。`,
  paused: '队列已暂停。点击“立即发送”继续。',
  pausedFailed: '队列已暂停：回复失败。点击“立即发送”继续。',
  pausedStopped: '队列已暂停：回复已停止。点击“立即发送”继续。',
  pausedRestored: '队列已暂停：这些消息是页面重新加载前留下的。点击“立即发送”继续。',
  pastedText: '粘贴的文本',
  pastedSummary: (lines, chars) => `${lines} 行，${chars} 个字符`,
  expand: '查看粘贴的文本',
  collapse: '收起粘贴的文本',
  removePasted: '移除粘贴的文本',
  showMore: '展开',
  showLess: '收起',
};
