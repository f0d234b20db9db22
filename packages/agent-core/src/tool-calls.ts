import { UPDATE_PAGE_STATE_TOOL } from '@x/agent-protocol';
import { refusedKeys } from '@x/agent-protocol/validation';
import type { UITools } from 'ai';
import type { ChatSession } from './chat-session.js';
import { sharedStateLink } from './session-reads.js';
import type { AgentToolCall, UseAgentChatOptions } from './types.js';

type ToolAnswer = { output: unknown } | { errorText: string };

function answerWith<TOOLS extends UITools>(session: ChatSession<TOOLS>, toolCall: AgentToolCall<TOOLS>, result: ToolAnswer): void {
  session.answeredByClient.add(toolCall.toolCallId);
  const base = { tool: toolCall.toolName, toolCallId: toolCall.toolCallId } as const;
  // Never awaited here: the chat runs this callback inside its own job queue.
  void session.chat.addToolOutput(
    ('errorText' in result
      ? { ...base, state: 'output-error', errorText: result.errorText }
      : { ...base, output: result.output }) as Parameters<typeof session.chat.addToolOutput>[0],
  );
}

/**
 * The chat's `onToolCall`: `update-page-state` goes to the shared-state store (or is answered
 * read-only), every other call to the `onToolCall` option, whose result (value, promise, throw)
 * becomes the tool's output or error. `undefined` leaves the call alone.
 */
export function handleToolCall<TOOLS extends UITools>(
  options: UseAgentChatOptions<TOOLS>,
  session: ChatSession<TOOLS>,
  toolCall: AgentToolCall<TOOLS>,
): void {
  const answer = (result: ToolAnswer) => answerWith(session, toolCall, result);
  const link = sharedStateLink(options.sharedState);
  if (toolCall.toolName === UPDATE_PAGE_STATE_TOOL && !toolCall.dynamic && (link || !options.onToolCall)) {
    if (!link) {
      const keys = Object.keys(((toolCall.input as { updates?: object } | undefined)?.updates ?? {}) as object);
      answer({
        output: {
          ok: true,
          written: [],
          ...refusedKeys(keys.map((key) => ({ key, reason: 'read-only: this page shares its state read-only' }))),
        },
      });
      return;
    }
    const turnId = session.chat.messages.findLast((m) => m.role === 'user')?.id;
    void link
      .applyUpdates(toolCall.input, {
        ...(session.exposedKeys ? { exposedKeys: session.exposedKeys } : {}),
        toolCallId: toolCall.toolCallId,
        ...(turnId ? { turnId } : {}),
        agentId: options.agentId,
      })
      .then((result) => answer(result.ok ? { output: result.output } : { errorText: result.errorText }));
    return;
  }
  const handler = options.onToolCall;
  if (!handler) return;
  const fail = (error: unknown) => answer({ errorText: error instanceof Error ? error.message : String(error) });
  let result: unknown;
  try {
    result = handler({ toolCall });
  } catch (error) {
    fail(error);
    return;
  }
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    (result as Promise<unknown>).then((output) => {
      if (output !== undefined) answer({ output });
    }, fail);
  } else if (result !== undefined) {
    answer({ output: result });
  }
}
