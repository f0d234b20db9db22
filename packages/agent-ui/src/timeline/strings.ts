/** Every string `AgentTimeline` renders (override any through its `strings` prop). */
export interface AgentTimelineStrings {
  /** Accessible name of the whole timeline. */
  label: string;
  run: (agentId: string) => string;
  step: (stepNumber: number) => string;
  steps: (count: number) => string;
  toolCalls: (count: number) => string;
  /** A step's tokens (formatted for the locale by the kit). */
  tokens: (count: number) => string;
  totalTokens: (total: number, input: number, output: number) => string;
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
