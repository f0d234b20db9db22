import { checkKnownKeys, isObject, type IssueList } from '../config/config-checks.js';

/**
 * What the server's spans record of the content of a run (`AgentServerConfig.tracing`). Off by
 * default: spans then hold names, ids, models, token counts and timings, never prompts, replies,
 * tool arguments or tool results.
 */
export interface TracingConfig {
  /** Record prompts (`gen_ai.input.messages`) and tool arguments (`gen_ai.tool.call.arguments`). */
  recordInputs?: boolean;
  /** Record replies (`gen_ai.output.messages`) and tool results (`gen_ai.tool.call.result`). */
  recordOutputs?: boolean;
}

const TRACING_KEYS = ['recordInputs', 'recordOutputs'] as const;

/** Checks `config.tracing` (every problem with its path). */
export function checkTracing(list: IssueList, value: unknown): void {
  if (value === undefined) return;
  if (!isObject(value)) {
    list.add('tracing', 'must be { recordInputs?, recordOutputs? }');
    return;
  }
  checkKnownKeys(list, 'tracing', value, TRACING_KEYS);
  for (const key of TRACING_KEYS) {
    if (value[key] !== undefined && typeof value[key] !== 'boolean') list.add(`tracing.${key}`, 'must be a boolean');
  }
}
