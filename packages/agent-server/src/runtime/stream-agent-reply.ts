import {
  toUIMessageStream,
  type FinishReason,
  type ModelMessage,
  type ToolLoopAgent,
  type ToolSet,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { safeErrorMessage } from './safe-error-message.js';

/** How the reply of a turn ended (from the AI SDK's UI stream `onEnd`). */
export interface ReplyEnd {
  messages: UIMessage[];
  responseMessage: UIMessage;
  isAborted: boolean;
  finishReason?: FinishReason;
}

/**
 * Starts the agent and returns its reply as UI chunks (`finish` included). Nothing is read from the
 * model before the returned stream is read.
 *
 * `onEnd` receives the reply as one UI message when the stream ends; pass it only when something
 * needs that message (the `onFinish` hooks): accumulating it costs CPU on every chunk.
 */
export async function streamAgentReply(options: {
  agent: ToolLoopAgent<never, ToolSet>;
  tools: ToolSet;
  modelMessages: ModelMessage[];
  originalMessages: UIMessage[];
  signal: AbortSignal;
  generateMessageId: () => string;
  metadata: Record<string, unknown>;
  onEnd?: ((end: ReplyEnd) => void) | undefined;
}): Promise<ReadableStream<UIMessageChunk>> {
  const result = await options.agent.stream({ messages: options.modelMessages, abortSignal: options.signal });
  const onEnd = options.onEnd;
  return toUIMessageStream<ToolSet, UIMessage>({
    stream: result.stream,
    tools: options.tools,
    originalMessages: options.originalMessages,
    generateMessageId: options.generateMessageId,
    sendReasoning: true,
    sendSources: true,
    onError: safeErrorMessage,
    redactToolErrors: false,
    messageMetadata: ({ part }) =>
      part.type === 'start' ? { createdAt: Date.now(), ...options.metadata } : part.type === 'finish' ? { finishReason: part.finishReason } : undefined,
    ...(onEnd ? { onEnd: (event: ReplyEnd) => onEnd(event) } : {}),
  });
}
