import type { ModelMessage, Tool, UIMessage } from 'ai';
import { COMPACTION_PART, isCompactionPart, type CompactionData } from '@x/agent-protocol';
import type { AgentConfig } from '../config/types.js';
import { compactionData, summaryMessage, type Compacted } from './compaction.js';
import { toModelMessages } from './prepare-messages.js';

/** What compaction tracks during one turn of the chat's agent. */
export interface TurnCompaction {
  /** The UI message id of each model message of the first prompt (undefined: the stored summary). */
  ids: (string | undefined)[] | undefined;
  /** Set once a compaction of this turn replaced the first prompt's start. */
  compacted: boolean;
  /** The last `throughMessageId` this turn reported. */
  throughMessageId?: string | undefined;
  /** Where the marker goes (the stream, the stored reply); set by the route. */
  onCompaction?: ((data: CompactionData) => void) | undefined;
}

/** A stored summary in the thread: the last `data-compaction` part whose `throughMessageId` is still in it. */
export function storedSummary(messages: readonly UIMessage[]): { summary: string; after: number } | undefined {
  const index = new Map(messages.map((m, i) => [m.id, i]));
  for (let i = messages.length - 1; i >= 0; i--) {
    const part = messages[i]!.parts.findLast((p) => isCompactionPart(p));
    if (!part || !isCompactionPart(part)) continue;
    const through = part.data.throughMessageId;
    const at = through === undefined ? undefined : index.get(through);
    if (at !== undefined) return { summary: part.data.summary, after: at + 1 };
  }
  return undefined;
}

/**
 * The first prompt of an agent with compaction: a stored summary replaces the messages it covers (no
 * new summarizing call), and each model message is mapped to its UI message so a compaction can say
 * which stored messages its summary covers. With `prune` set the mapping is not kept.
 */
export async function compactionModelMessages(
  messages: UIMessage[],
  tools: Record<string, Tool>,
  agent: AgentConfig,
  state: TurnCompaction,
): Promise<ModelMessage[]> {
  const window = agent.maxContextMessages !== undefined ? messages.slice(-agent.maxContextMessages) : messages;
  const stored = storedSummary(window);
  const rest = stored ? window.slice(stored.after) : window;
  const head = stored ? [summaryMessage(stored.summary)] : [];
  if (agent.prune) {
    state.ids = undefined;
    return [...head, ...(await toModelMessages(rest, tools, agent.prune ? { prune: agent.prune } : {}))];
  }
  const ids: (string | undefined)[] = head.map(() => undefined);
  const model: ModelMessage[] = [...head];
  for (const message of rest) {
    const converted = await toModelMessages([message], tools, {});
    model.push(...converted);
    ids.push(...converted.map(() => message.id));
  }
  state.ids = ids;
  return model;
}

/** The stored UI message a compaction's summary covers through (see `CompactionData.throughMessageId`). */
export function throughMessageId(state: TurnCompaction, replaced: number): string | undefined {
  const ids = state.ids;
  if (state.compacted || !ids) return state.throughMessageId;
  if (replaced >= ids.length) return ids.findLast((id) => id !== undefined);
  // A UI message split by the boundary is not covered: step back to the one before it.
  let at = replaced - 1;
  const split = ids[replaced];
  while (at >= 0 && split !== undefined && ids[at] === split) at--;
  for (; at >= 0; at--) if (ids[at] !== undefined) return ids[at];
  return undefined;
}

/** Records a compaction of the turn and reports its marker. */
export function reportCompaction(state: TurnCompaction, compacted: Compacted): void {
  const through = throughMessageId(state, compacted.replaced);
  state.compacted = true;
  state.throughMessageId = through;
  const data = compactionData(compacted, through);
  if (data) state.onCompaction?.(data);
}

/** The marker part of a compaction, as the reply carries it. */
export function compactionPart(data: CompactionData, n: number): { type: typeof COMPACTION_PART; id: string; data: CompactionData } {
  return { type: COMPACTION_PART, id: `compaction-${n}`, data };
}
