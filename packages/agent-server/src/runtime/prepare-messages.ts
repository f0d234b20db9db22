import { convertToModelMessages, pruneMessages, safeValidateUIMessages, type ModelMessage, type Tool, type UIMessage } from 'ai';
import { A2UI_ACTION_PART, a2uiActionText, a2uiUserActionSchema, type A2UIUserAction } from '@x/agent-protocol/a2ui';
import { type AgentRequestBody } from '@x/agent-protocol';
import type { PruneConfig } from '../config/types.js';
import { AgentRequestError } from '../config/request-error.js';

/**
 * Drops messages that carry no parts (a failed turn must not poison the next send), then validates
 * the rest as UI messages against the agent's tools. A failure answers 400 with a short message,
 * never the transcript.
 */
export async function validateMessages(raw: AgentRequestBody['messages'], tools: Record<string, Tool>): Promise<UIMessage[]> {
  const kept = raw.filter((m) => Array.isArray(m.parts) && m.parts.length > 0);
  if (kept.length === 0) throw new AgentRequestError('invalid_messages', 'The request has no message with content.');
  // An A2UI user action is read by the model as text: its data must be well formed.
  const badAction = kept.some((m) => m.parts!.some((p) => p.type === A2UI_ACTION_PART && !a2uiUserActionSchema.safeParse((p as { data?: unknown }).data).success));
  if (badAction) throw new AgentRequestError('invalid_messages', 'An A2UI action of the request is not valid.');
  const result = await safeValidateUIMessages({ messages: kept, tools });
  if (!result.success) {
    throw new AgentRequestError('invalid_messages', 'The messages of the request are not valid UI messages.');
  }
  return result.data;
}

/**
 * What the model is sent of the conversation: the last `maxContextMessages` UI messages (so a tool
 * call is never cut from its result), converted to model messages, then pruned.
 */
export async function toModelMessages(
  messages: UIMessage[],
  tools: Record<string, Tool>,
  options: { prune?: PruneConfig | undefined; maxContextMessages?: number | undefined },
): Promise<ModelMessage[]> {
  const window = options.maxContextMessages !== undefined ? messages.slice(-options.maxContextMessages) : messages;
  let model: ModelMessage[];
  try {
    model = await convertToModelMessages(window, {
      tools,
      ignoreIncompleteToolCalls: true,
      // A user's A2UI action reaches the model as text; other data parts stay UI-only.
      convertDataPart: (part) => (part.type === A2UI_ACTION_PART ? { type: 'text', text: a2uiActionText(part.data as A2UIUserAction) } : undefined),
    });
  } catch {
    // A part the SDK cannot convert (the edge checks catch the known ones): a 400, never a 500.
    throw new AgentRequestError('invalid_messages', 'The messages of the request cannot be sent to the model.');
  }
  if (!options.prune) return model;
  return pruneMessages({
    messages: model,
    ...(options.prune.reasoning ? { reasoning: options.prune.reasoning } : {}),
    ...(options.prune.toolCalls ? { toolCalls: options.prune.toolCalls } : {}),
    ...(options.prune.emptyMessages ? { emptyMessages: options.prune.emptyMessages } : {}),
  });
}
