import { parseJsonEventStream, uiMessageChunkSchema, type UIMessageChunk } from 'ai';
import type { AGUIEvent, RunAgentInput } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import type { OnDisconnect } from '@x/agent-protocol/routes';
import { HttpError } from '../http/error-response.js';
import { runTurn, storeUserId, type TurnInput } from '../runtime/run-turn.js';
import { keepAlive, keepAliveHeader, type KeepAlive } from '../runtime/sse-keep-alive.js';
import { sharedStateOf, statelessMessages, storedTurnMessages, turnBodyOf } from './run-agent-input.js';
import { turnToAgUi } from './turn-to-ag-ui.js';

/**
 * What an AG-UI run does when its client goes away. AG-UI has no Stop of its own — a client stops a
 * run by closing the connection (`HttpAgent.abortRun()`) — so on this route a disconnect aborts the
 * run (the partial reply is saved as stopped, as a Stop on our route), with or without a store,
 * unless the app set `onDisconnect: 'continue'` itself (then the run goes on and is saved).
 */
export function agUiOnDisconnect(config: Pick<TurnInput['config'], 'onDisconnect'>): OnDisconnect {
  return config.onDisconnect === 'continue' ? 'continue' : 'abort';
}

/** The path segment of the AG-UI face of an agent: `POST {basePath}/{agentId}/ag-ui`. */
export const AG_UI_SEGMENT = 'ag-ui';

/** What the AG-UI route needs: the turn's inputs except its body, which it builds from the `RunAgentInput`. */
export type AgUiRouteInput = Omit<TurnInput, 'body' | 'conversationId' | 'signal'>;

/**
 * `POST {basePath}/{agentId}/ag-ui`: the same turn as our own route (`runTurn`: authenticate,
 * policies, limits and the store apply unchanged), with AG-UI's `RunAgentInput` in and AG-UI events
 * out as SSE (`@ag-ui/encoder`). The thread is the stored conversation with a store (server-owned
 * history); `resume` answers the stored reply's approvals (their signatures are checked as on our
 * route). The pipeline parsed `runInput` (`runAgentInputSchema`: a malformed input, or an invalid
 * thread, run, message, tool call or interrupt id, is a 400 with issues before anything runs).
 */
export async function handleAgUiRoute(request: Request, runInput: RunAgentInput, input: AgUiRouteInput): Promise<Response> {
  const state = sharedStateOf(runInput);
  let messages;
  if (input.store) {
    const stored = (await input.store.loadThread(storeUserId(input.user), runInput.threadId)) ?? [];
    messages = storedTurnMessages(runInput, stored, state);
  } else {
    if ((runInput.resume ?? []).length > 0) {
      throw new HttpError('store_required', 'Answering an AG-UI interrupt needs a server with a conversation store.');
    }
    messages = statelessMessages(runInput, state);
  }
  const response = await runTurn({
    ...input,
    body: turnBodyOf(messages, state, input.store ? runInput.threadId : undefined),
    conversationId: input.store ? runInput.threadId : undefined,
    signal: request.signal,
    onDisconnect: agUiOnDisconnect(input.config),
    // The AG-UI body sends its own keep-alives (the turn's comments do not pass the mapping).
    keepAliveMs: undefined,
  });
  const mapping = turnToAgUi({ threadId: runInput.threadId, runId: runInput.runId, state });
  const encoder = new EventEncoder();
  const bytes = new TextEncoder();
  const chunks = parseJsonEventStream({ stream: response.body!, schema: uiMessageChunkSchema }).getReader();
  let alive: KeepAlive | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // `: keep-alive` comments while the model is silent (AG-UI's SSE parser skips them), announced
      // in `x-keep-alive-ms`: `agUiTransport` then tells a dead connection from a thinking model.
      alive = keepAlive(controller, input.keepAliveMs ?? 0);
    },
    async pull(controller) {
      const send = (events: AGUIEvent[]) => {
        for (const event of events) controller.enqueue(bytes.encode(encoder.encodeSSE(event)));
        alive?.sent();
      };
      for (;;) {
        const next = await chunks.read().catch(() => ({ done: true as const, value: undefined }));
        if (next.done) {
          alive?.stop();
          send(mapping.end());
          controller.close();
          return;
        }
        if (!next.value.success) continue;
        const events = mapping.map(next.value.value as UIMessageChunk);
        if (events.length === 0) continue;
        send(events);
        return;
      }
    },
    async cancel(reason) {
      alive?.stop();
      await chunks.cancel(reason).catch(() => {});
    },
  });
  const conversationId = response.headers.get('x-conversation-id');
  return new Response(body, {
    headers: {
      'content-type': encoder.getContentType(),
      'cache-control': 'no-cache',
      ...keepAliveHeader(input.keepAliveMs),
      ...(conversationId ? { 'x-conversation-id': conversationId } : {}),
    },
  });
}
