import {
  ToolLoopAgent,
  createAgentUIStream,
  createUIMessageStream,
  createUIMessageStreamResponse,
  isStepCount,
  safeValidateUIMessages,
  type UIMessage,
} from 'ai';
import type { AgentRequestBody } from '@x/agent-protocol';
import { DEFAULTS } from '../config/defaults.js';
import type { AgentConfig, Logger } from '../config/types.js';
import { HttpError } from '../http/error-response.js';
import { safeErrorMessage } from './safe-error-message.js';

export interface TurnInput {
  agentId: string;
  agent: AgentConfig;
  body: AgentRequestBody;
  conversationId: string | undefined;
  signal: AbortSignal;
  logger: Logger;
}

/** Runs one chat turn of an agent and answers with the AI SDK UI message stream. */
export async function runTurn(input: TurnInput): Promise<Response> {
  const messages = await prepareMessages(input.body.messages);
  const agent = new ToolLoopAgent({
    model: input.agent.model,
    ...(input.agent.instructions !== undefined ? { instructions: input.agent.instructions } : {}),
    stopWhen: isStepCount(input.agent.maxSteps ?? DEFAULTS.maxSteps),
    onError: ({ error }) => input.logger.error('model stream failed', { agentId: input.agentId, error: String(error) }),
  });
  const stream = createUIMessageStream({
    originalMessages: messages,
    generateId: newMessageId,
    onError: safeErrorMessage,
    execute: async ({ writer }) => {
      writer.merge(
        await createAgentUIStream({
          agent,
          uiMessages: messages,
          abortSignal: input.signal,
          generateMessageId: newMessageId,
          sendReasoning: true,
          sendSources: true,
          onError: safeErrorMessage,
          messageMetadata: ({ part }) =>
            part.type === 'start'
              ? { createdAt: Date.now(), agentId: input.agentId, ...(input.conversationId ? { conversationId: input.conversationId } : {}) }
              : part.type === 'finish'
                ? { finishReason: part.finishReason }
                : undefined,
        }),
      );
    },
  });
  return createUIMessageStreamResponse({ stream });
}

/** Drops messages that carry no parts (a failed turn must not poison the next), then validates. */
async function prepareMessages(raw: AgentRequestBody['messages']): Promise<UIMessage[]> {
  const kept = raw.filter((m) => Array.isArray(m.parts) && m.parts.length > 0);
  if (kept.length === 0) throw new HttpError('invalid_messages', 'The request has no message with content.');
  const result = await safeValidateUIMessages({ messages: kept });
  if (!result.success) {
    throw new HttpError('invalid_messages', 'The messages of the request are not valid UI messages.');
  }
  return result.data;
}

function newMessageId(): string {
  return `msg-${crypto.randomUUID()}`;
}
