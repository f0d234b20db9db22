/** Every string `AgentInspector` renders (`AgentUIStrings['inspector']`; override any through its `strings` prop). */
export interface AgentInspectorStrings {
  open: string;
  close: string;
  /** The panel's heading and accessible name. */
  title: string;
  runs: string;
  noRuns: string;
  /** Accessible name of a run's section (`key`: its number in the panel). */
  run: (key: string) => string;
  eventCount: (count: number) => string;
  /** Marks a run still streaming. */
  live: string;
  runId: string;
  status: string;
  pending: string;
  resumedAfter: string;
  cursor: (cursor: string) => string;
  traceId: string;
  usage: string;
  type: string;
  all: string;
  exportFixture: string;
  clear: string;
  events: string;
  copyEvent: (number: number) => string;
  copy: string;
  copied: string;
  data: string;
}
