import type { BackpressureGate } from '../http/backpressure-gate.js';
import {
  toUIMessageStream,
  type FinishReason,
  type ModelMessage,
  type ToolLoopAgent,
  type ToolSet,
  type UIMessage,
  type UIMessageChunk,
  type UIMessageStreamWriter,
} from 'ai';
import { safeErrorMessage } from './safe-error-message.js';

/** How the reply of a turn ended (from the AI SDK's UI stream `onEnd`). */
export interface ReplyEnd {
  messages: UIMessage[];
  responseMessage: UIMessage;
  isAborted: boolean;
  finishReason?: FinishReason;
}

/** The agent's reply as UI chunks written to `writer` — all but `finish`, which is returned to send last. */
export async function streamAgentReply(options: {
  agent: ToolLoopAgent<never, ToolSet>;
  tools: ToolSet;
  modelMessages: ModelMessage[];
  originalMessages: UIMessage[];
  signal: AbortSignal;
  writer: UIMessageStreamWriter<UIMessage>;
  generateMessageId: () => string;
  metadata: Record<string, unknown>;
  /** Paces reading the model by the response reader's demand (a slow client slows the model). */
  gate?: BackpressureGate;
}): Promise<{ end: ReplyEnd | undefined; finish: UIMessageChunk | undefined }> {
  const result = await options.agent.stream({ messages: options.modelMessages, abortSignal: options.signal });
  let end: ReplyEnd | undefined;
  let finish: UIMessageChunk | undefined;
  const chunks = toUIMessageStream<ToolSet, UIMessage>({
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
    onEnd: (event) => {
      end = event;
    },
  });
  const reader = chunks.getReader();
  for (;;) {
    // Read the model only while the response has demand (no promise when it has demand now).
    const wait = options.gate?.waitForDemand();
    if (wait) await wait;
    const next = await reader.read();
    if (next.done) break;
    if (next.value.type === 'finish') finish = next.value;
    else options.writer.write(next.value);
  }
  return { end, finish };
}
