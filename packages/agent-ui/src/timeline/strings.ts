/** Every string `AgentTimeline` renders (override any through its `strings` prop). */
export interface AgentTimelineStrings {
  /** Accessible name of the whole timeline. */
  label: string;
  run: (agentId: string) => string;
  step: (stepNumber: number) => string;
  steps: (count: number) => string;
  toolCalls: (count: number) => string;
  tokens: (count: string) => string;
  totalTokens: (total: string, input: string, output: string) => string;
  /** The run's status; `waiting`: the run ended on a tool call that waits for the user's approval. */
  status: Record<'running' | 'completed' | 'stopped' | 'failed' | 'waiting', string>;
  toolState: Record<'running' | 'done' | 'error' | 'pending', string>;
  source: Record<'function' | 'mcp' | 'http' | 'sub-agent' | 'file-system' | 'client' | 'platform', string>;
  /** The offset of a row from the run's start, for screen readers (the bars show it visually). */
  startsAt: (offset: string) => string;
  subAgent: (agentId: string, steps: number) => string;
  showSubRun: string;
  hideSubRun: string;
  /** The summary of a call's input and output, and its accessible name. */
  detailsShort: string;
  details: (toolName: string) => string;
  running: string;
  waiting: string;
  loading: string;
  empty: string;
  loadFailed: string;
  retry: string;
  /** The link to the run's trace (`traceUrl`). */
  viewTrace: string;
}

export const timelineEnUS: AgentTimelineStrings = {
  label: 'Run activity',
  run: (agentId) => `Run of ${agentId}`,
  step: (n) => `Step ${n}`,
  steps: (n) => (n === 1 ? '1 step' : `${n} steps`),
  toolCalls: (n) => (n === 1 ? '1 tool call' : `${n} tool calls`),
  tokens: (count) => `${count} tokens`,
  totalTokens: (total, input, output) => `${total} tokens (${input} in · ${output} out)`,
  status: { running: 'Running', completed: 'Completed', stopped: 'Stopped', failed: 'Failed', waiting: 'Waiting for approval' },
  toolState: { running: 'running', done: 'done', error: 'error', pending: 'waiting' },
  source: { function: 'function', mcp: 'MCP', http: 'HTTP', 'sub-agent': 'sub-agent', 'file-system': 'files', client: 'client', platform: 'platform' },
  startsAt: (offset) => `starts at +${offset}`,
  subAgent: (agentId, steps) => `Sub-agent ${agentId}, ${steps === 1 ? '1 step' : `${steps} steps`}`,
  detailsShort: 'Input and output',
  details: (toolName) => `Input and output of ${toolName}`,
  showSubRun: 'Show the sub-agent run',
  hideSubRun: 'Hide the sub-agent run',
  running: 'running…',
  waiting: 'Waiting for the model…',
  loading: 'Loading the run…',
  empty: 'No run yet',
  loadFailed: 'The run could not be loaded.',
  retry: 'Retry',
  viewTrace: 'View trace',
};

export const timelineZhCN: AgentTimelineStrings = {
  label: '运行活动',
  run: (agentId) => `${agentId} 的运行`,
  step: (n) => `第 ${n} 步`,
  steps: (n) => `${n} 步`,
  toolCalls: (n) => `${n} 次工具调用`,
  tokens: (count) => `${count} 个 token`,
  totalTokens: (total, input, output) => `${total} 个 token（输入 ${input} · 输出 ${output}）`,
  status: { running: '运行中', completed: '已完成', stopped: '已停止', failed: '失败', waiting: '等待批准' },
  toolState: { running: '运行中', done: '完成', error: '错误', pending: '等待中' },
  source: { function: '函数', mcp: 'MCP', http: 'HTTP', 'sub-agent': '子代理', 'file-system': '文件', client: '客户端', platform: '平台' },
  startsAt: (offset) => `开始于 +${offset}`,
  subAgent: (agentId, steps) => `子代理 ${agentId}，${steps} 步`,
  detailsShort: '输入与输出',
  details: (toolName) => `${toolName} 的输入与输出`,
  showSubRun: '显示子代理运行',
  hideSubRun: '隐藏子代理运行',
  running: '运行中…',
  waiting: '等待模型…',
  loading: '正在加载运行…',
  empty: '还没有运行',
  loadFailed: '无法加载运行。',
  retry: '重试',
  viewTrace: '查看追踪',
};

export function timelineStringsFor(locale: string | undefined): AgentTimelineStrings {
  return locale?.toLowerCase().startsWith('zh') ? timelineZhCN : timelineEnUS;
}
