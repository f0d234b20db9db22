import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { HttpAgent, type AbstractAgent, type BaseEvent, type Message, type ResumeEntry } from '@ag-ui/client';
import type { SharedStateLink } from '../shared-state/create-shared-state-store.js';
import { isDisconnectError } from '../errors.js';
import { idleTimeoutFor, withIdleTimeout } from '../idle-timeout.js';
import { agUiToChunks } from './ag-ui-to-chunks.js';
import { watchVerifiedEvents } from './verified-events.js';
import { a2uiActionText, isA2UIActionPart } from '@x/agent-protocol/a2ui';

/** Options of {@link agUiTransport}: an AG-UI endpoint (`url`) or any `AbstractAgent`. */
export type AgUiTransportOptions = (
  | {
      /** The AG-UI endpoint (`POST`, `RunAgentInput` in, SSE out), e.g. `/api/agent/assistant/ag-ui`. */
      url: string;
      /** Extra request headers. */
      headers?: Record<string, string>;
      /** The thread (default: the chat's id). */
      threadId?: string;
      /** fetch used for the requests (tests, proxies, auth wrappers). */
      fetch?: typeof globalThis.fetch;
      /**
       * Silence (ms) after which the run's stream counts as dropped (the reply ends as interrupted,
       * with what arrived); 0: never. Default: two of the keep-alive intervals the response announces
       * (`x-keep-alive-ms`); none when it announces none (an AG-UI server need not send keep-alives).
       */
      idleTimeoutMs?: number;
    }
  | {
      /** Any AG-UI agent (`HttpAgent`, `MastraAgent`, your own `AbstractAgent`). */
      agent: AbstractAgent;
    }
) & {
  /**
   * The page's shared state (`useSharedState(...).store`): sent as AG-UI `state`, and the agent's
   * `STATE_SNAPSHOT` / `STATE_DELTA` are written through its allowlist (`applyUpdates`), never around it.
   */
  sharedState?: SharedStateLink | { store: SharedStateLink };
};

type Part = UIMessage['parts'][number];
type ToolPart = Part & { toolCallId: string; state: string; input?: unknown; output?: unknown; approval?: { id: string; approved?: boolean; reason?: string } };
const isToolPart = (part: Part): part is ToolPart => part.type.startsWith('tool-') || part.type === 'dynamic-tool';
const toolNameOf = (part: ToolPart) => (part.type === 'dynamic-tool' ? String((part as { toolName?: unknown }).toolName) : part.type.slice(5));
/** A message's text; a user's A2UI action reads as its text too (for agents without `@ag-ui/a2ui-middleware`). */
const textOf = (message: UIMessage) => message.parts.map((p) => (p.type === 'text' ? p.text : isA2UIActionPart(p) ? a2uiActionText(p.data) : '')).join('');
/** The A2UI action a user message carries, as `@ag-ui/a2ui-middleware` reads it from `forwardedProps.a2uiAction`. */
const a2uiActionOf = (message: UIMessage | undefined) => message?.parts.find(isA2UIActionPart)?.data;

/** A chat transcript as AG-UI messages (for an agent that starts on a transcript it never saw). */
function toAgUiMessages(messages: UIMessage[]): Message[] {
  const out: Message[] = [];
  for (const message of messages) {
    if (message.role === 'user') out.push({ id: message.id, role: 'user', content: textOf(message) });
    if (message.role !== 'assistant') continue;
    const tools = message.parts.filter(isToolPart);
    out.push({
      id: message.id,
      role: 'assistant',
      content: textOf(message),
      ...(tools.length ? { toolCalls: tools.map((t) => ({ id: t.toolCallId, type: 'function' as const, function: { name: toolNameOf(t), arguments: JSON.stringify(t.input ?? {}) } })) } : {}),
    });
    for (const tool of tools) {
      if (tool.state === 'output-available') out.push({ id: `${tool.toolCallId}-result`, role: 'tool', toolCallId: tool.toolCallId, content: JSON.stringify(tool.output ?? null) });
    }
  }
  return out;
}

const linkOf = (shared: AgUiTransportOptions['sharedState']): SharedStateLink | undefined =>
  shared && 'store' in shared ? shared.store : shared;

/**
 * The chunks that end a reply whose connection was cut: marked `interrupted` (the chat shows
 * "Interrupted — Retry"; the text that arrived stays) and the error that says so.
 */
const interrupted = (errorText: string): UIMessageChunk[] => [
  { type: 'message-metadata', messageMetadata: { stopReason: 'interrupted' } },
  { type: 'error', errorText },
];

/**
 * The events the run verified after the last one it handed to the transport, in order; without the
 * last one when `dropLast` (the event that broke the protocol). State events are left out (the
 * agent's state did not take them).
 */
function undelivered(verified: readonly BaseEvent[], delivered: WeakSet<BaseEvent>, dropLast: boolean): BaseEvent[] {
  const lastDelivered = verified.findLastIndex((event) => delivered.has(event));
  const rest = verified.slice(lastDelivered + 1, dropLast ? -1 : undefined);
  return rest.filter((event) => event.type !== 'STATE_SNAPSHOT' && event.type !== 'STATE_DELTA');
}

/**
 * `fetch` whose response bodies have the idle watchdog: silent for `idleTimeoutFor(option, headers,
 * 0)` ms, a body fails as a dropped connection. Without an option and an announced keep-alive
 * interval there is none.
 */
function watchedFetch(fetch: typeof globalThis.fetch | undefined, option: number | undefined, onSilent: (error: TypeError) => void): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await (fetch ?? globalThis.fetch)(input, init);
    const ms = idleTimeoutFor(option, response.headers, 0);
    if (!(ms > 0) || !response.body) return response;
    return new Response(withIdleTimeout(response.body, ms, onSilent), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * A chat transport that runs an AG-UI agent: `useAgentChat({ agentId, transport: agUiTransport({ url }) })`
 * (or `{ agent }`) drives the same hooks and `AgentChat` as our own wire. Each send is one AG-UI run:
 * the new user message (or the answers of the last reply: approvals become `resume` entries of the
 * interrupts, browser tool outputs become tool messages) goes to the agent, its events come back as the
 * chat's UI chunks (`agUiToChunks`). Stop aborts the run. An agent that breaks the protocol (events out
 * of order, invalid ones) ends the reply with an error the chat shows; what arrived before stays. A
 * stream that ends without `RUN_FINISHED` / `RUN_ERROR`, or (with `url`) goes silent past its watchdog,
 * ends the reply as interrupted (`stopReason: 'interrupted'` and an error), keeping what arrived.
 * Not supported (AG-UI has no counterpart): resuming a stream after a reload, Stop from another tab.
 */
export function agUiTransport<MESSAGE extends UIMessage = UIMessage>(options: AgUiTransportOptions): ChatTransport<MESSAGE> {
  let agent: AbstractAgent | undefined = 'agent' in options ? options.agent : undefined;
  /** Why the current run's stream ended early: the watchdog heard silence (the stream then ends as a cut). */
  let silence: TypeError | undefined;
  const agentFor = (chatId: string): AbstractAgent => {
    if (agent) return agent;
    if (!('url' in options)) throw new Error('unreachable');
    agent = new HttpAgent({ url: options.url, threadId: options.threadId ?? chatId, ...(options.headers ? { headers: options.headers } : {}), fetch: watchedFetch(options.fetch, options.idleTimeoutMs, (error) => (silence = error)) });
    return agent;
  };

  return {
    async sendMessages({ chatId, messages, abortSignal, trigger }) {
      const ag = agentFor(chatId);
      const link = linkOf(options.sharedState);
      const known = new Set(ag.messages.map((m) => m.id));
      const last = messages.at(-1);
      if (ag.messages.length === 0) {
        // A transcript the agent never saw (a reload, history from elsewhere): it starts from it.
        ag.setMessages(toAgUiMessages(messages.slice(0, last?.role === 'user' ? -1 : undefined)));
      } else if (trigger === 'regenerate-message') {
        const lastUser = ag.messages.findLastIndex((m) => m.role === 'user');
        ag.setMessages(ag.messages.slice(0, lastUser + 1));
      }
      const resume: ResumeEntry[] = [];
      const refused = new Set<string>();
      if (last?.role === 'user' && !known.has(last.id)) ag.addMessage({ id: last.id, role: 'user', content: textOf(last) });
      if (last?.role === 'assistant') {
        const pending = new Set(ag.pendingInterrupts.map((i) => i.id));
        const answered = new Set(ag.messages.filter((m) => m.role === 'tool').map((m) => (m as { toolCallId: string }).toolCallId));
        for (const part of last.parts.filter(isToolPart)) {
          if (part.state === 'approval-responded' && part.approval && pending.has(part.approval.id)) {
            resume.push({ interruptId: part.approval.id, status: 'resolved', payload: { approved: part.approval.approved === true, ...(part.approval.reason ? { reason: part.approval.reason } : {}) } });
            if (part.approval.approved !== true) refused.add(part.toolCallId);
          } else if (part.state === 'output-available' && !answered.has(part.toolCallId) && !(part as { providerExecuted?: boolean }).providerExecuted) {
            ag.addMessage({ id: `${part.toolCallId}-result`, role: 'tool', toolCallId: part.toolCallId, content: JSON.stringify(part.output ?? null) });
          }
        }
      }
      if (link) ag.setState(link.expose());
      const mapping = agUiToChunks({ refusedToolCalls: refused });
      silence = undefined;
      let exposed = link ? link.expose() : {};
      let cancelRun = () => {};
      return new ReadableStream<UIMessageChunk>({
        start(controller) {
          let closed = false;
          // The reader may go away at any time (the chat stops reading at an `error` chunk): after
          // that, nothing more is written, and no write may throw into the run's callbacks.
          const push = (chunks: UIMessageChunk[]) => {
            if (closed) return;
            try {
              for (const chunk of chunks) controller.enqueue(chunk);
            } catch {
              closed = true;
            }
          };
          const close = () => {
            if (closed) return;
            closed = true;
            try {
              controller.close();
            } catch {
              // Already cancelled by the reader.
            }
          };
          /** Ends the agent's run: abortRun cancels an HttpAgent's request (a no-op on AbstractAgent); detaching unsubscribes any agent's run. */
          const endRun = () => {
            ag.abortRun();
            void ag.detachActiveRun().catch(() => {});
          };
          const onAbort = () => {
            endRun();
            push([{ type: 'abort' }]);
            close();
          };
          cancelRun = () => {
            if (closed) return;
            closed = true;
            endRun();
          };
          abortSignal?.addEventListener('abort', onAbort, { once: true });
          /** The agent's state, written through the page's allowlist: only keys that changed. */
          const writeState = async (state: unknown) => {
            if (!link || typeof state !== 'object' || state === null || Array.isArray(state)) return;
            const updates = Object.fromEntries(Object.entries(state).filter(([key, value]) => JSON.stringify(exposed[key]) !== JSON.stringify(value)));
            if (Object.keys(updates).length === 0) return;
            const toolCallId = mapping.pendingPageStateCalls.shift();
            const result = await link.applyUpdates({ updates }, toolCallId ? { toolCallId } : {});
            exposed = link.expose();
            if (toolCallId) push([result.ok ? { type: 'tool-output-available', toolCallId, output: result.output, providerExecuted: true } : { type: 'tool-output-error', toolCallId, errorText: result.errorText, providerExecuted: true }]);
          };
          let stateWrites = Promise.resolve();
          /** True once the run said how it ended (`RUN_FINISHED` / `RUN_ERROR`). */
          let ended = false;
          const delivered = new WeakSet<BaseEvent>();
          const verified = watchVerifiedEvents(ag);
          const action = last?.role === 'user' ? a2uiActionOf(last) : undefined;
          ag.runAgent({ ...(resume.length > 0 ? { resume } : {}), ...(action ? { forwardedProps: { a2uiAction: { userAction: action } } } : {}) }, {
            onEvent: ({ event }) => {
              delivered.add(event);
              if (event.type === 'STATE_SNAPSHOT' || event.type === 'STATE_DELTA') return;
              if (event.type === 'RUN_FINISHED' || event.type === 'RUN_ERROR') ended = true;
              if (event.type === 'RUN_FINISHED') {
                // The finish waits for the state writes of the run.
                void stateWrites.then(() => push(mapping.map(event)));
                return;
              }
              push(mapping.map(event));
            },
            onStateChanged: ({ state }) => {
              stateWrites = stateWrites.then(() => writeState(state));
            },
          })
            .then(
              async () => {
                await stateWrites;
                // The stream ended without saying how the run ended: the connection was cut.
                if (!ended && !abortSignal?.aborted) {
                  push(interrupted(silence ? `The connection to the AG-UI agent was lost (${silence.message}).` : 'The connection to the AG-UI agent ended before the run finished.'));
                }
              },
              async (error: unknown) => {
                await stateWrites;
                if (abortSignal?.aborted) return;
                // Events the run verified before it failed but had not handed over yet (the client
                // applies events asynchronously, and a failure drops those still queued): what
                // arrived stays in the reply. A protocol violation is the last event verified.
                push(undelivered(verified.events, delivered, !isDisconnectError(error)).flatMap((event) => mapping.map(event)));
                const message = error instanceof Error ? error.message : String(error);
                push(isDisconnectError(error) ? interrupted(`The connection to the AG-UI agent was lost (${message}).`) : [{ type: 'error', errorText: `The AG-UI agent failed: ${message}` }]);
              },
            )
            .finally(() => {
              abortSignal?.removeEventListener('abort', onAbort);
              verified.release();
              close();
            });
        },
        cancel() {
          cancelRun();
        },
      });
    },
    // AG-UI has no way to re-attach to a run in progress: a reload shows the saved transcript.
    async reconnectToStream() {
      return null;
    },
  };
}
