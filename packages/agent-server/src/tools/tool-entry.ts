import type { Tool } from 'ai';

/** Where a tool of an agent's tool set came from (the merge order of the seeds). */
export type ToolSource = 'function' | 'http' | 'mcp' | 'sub-agent' | 'file-system' | 'page-state';

/** One tool of an agent's tool set, before the set is merged. */
export interface ToolEntry {
  name: string;
  tool: Tool;
  /** The user approves each call first. */
  confirm: boolean;
  source: ToolSource;
  /** `execute` returns an async iterable (preliminary outputs, the last one final): kept streaming through the wrappers. */
  streamsOutput?: boolean;
}
