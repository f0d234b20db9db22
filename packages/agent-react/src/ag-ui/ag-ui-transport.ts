import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { HttpAgent, type AbstractAgent, type Message, type ResumeEntry } from '@ag-ui/client';
import type { SharedStateLink } from '../core/shared-state/create-shared-state-store.js';
import { agUiToChunks } from './ag-ui-to-chunks.js';
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
 * A chat transport that runs an AG-UI agent: `useAgentChat({ agentId, transport: agUiTransport({ url }) })`
 * (or `{ agent }`) drives the same hooks and `AgentChat` as our own wire. Each send is one AG-UI run:
 * the new user message (or the answers of the last reply: approvals become `resume` entries of the
 * interrupts, browser tool outputs become tool messages) goes to the agent, its events come back as the
 * chat's UI chunks (`agUiToChunks`). Stop aborts the run. An agent that breaks the protocol (events out
 * of order, invalid ones) ends the reply with an error the chat shows; the transcript stays.
 * Not supported (AG-UI has no counterpart): resuming a stream after a reload, Stop from another tab.
 */
export function agUiTransport<MESSAGE extends UIMessage = UIMessage>(options: AgUiTransportOptions): ChatTransport<MESSAGE> {
  let agent: AbstractAgent | undefined = 'agent' in options ? options.agent : undefined;
  const agentFor = (chatId: string): AbstractAgent => {
    if (agent) return agent;
    if (!('url' in options)) throw new Error('unreachable');
    agent = new HttpAgent({ url: options.url, threadId: options.threadId ?? chatId, ...(options.headers ? { headers: options.headers } : {}), ...(options.fetch ? { fetch: options.fetch } : {}) });
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
      if (last?.role === 'user' && !known.has(last.id)) ag.addMessage({ id: last.id, role: 'user', content: textOf(last) });
      if (last?.role === 'assistant') {
        const pending = new Set(ag.pendingInterrupts.map((i) => i.id));
        const answered = new Set(ag.messages.filter((m) => m.role === 'tool').map((m) => (m as { toolCallId: string }).toolCallId));
        for (const part of last.parts.filter(isToolPart)) {
          if (part.state === 'approval-responded' && part.approval && pending.has(part.approval.id)) {
            resume.push({ interruptId: part.approval.id, status: 'resolved', payload: { approved: part.approval.approved === true, ...(part.approval.reason ? { reason: part.approval.reason } : {}) } });
          } else if (part.state === 'output-available' && !answered.has(part.toolCallId) && !(part as { providerExecuted?: boolean }).providerExecuted) {
            ag.addMessage({ id: `${part.toolCallId}-result`, role: 'tool', toolCallId: part.toolCallId, content: JSON.stringify(part.output ?? null) });
          }
        }
      }
      if (link) ag.setState(link.expose());
      const mapping = agUiToChunks();
      let exposed = link ? link.expose() : {};
      return new ReadableStream<UIMessageChunk>({
        start(controller) {
          let closed = false;
          const push = (chunks: UIMessageChunk[]) => {
            if (!closed) for (const chunk of chunks) controller.enqueue(chunk);
          };
          const close = () => {
            if (closed) return;
            closed = true;
            controller.close();
          };
          const onAbort = () => {
            // abortRun cancels an HttpAgent's request (a no-op on AbstractAgent); detaching unsubscribes any agent's run.
            ag.abortRun();
            void ag.detachActiveRun().catch(() => {});
            push([{ type: 'abort' }]);
            close();
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
          const action = last?.role === 'user' ? a2uiActionOf(last) : undefined;
          ag.runAgent({ ...(resume.length > 0 ? { resume } : {}), ...(action ? { forwardedProps: { a2uiAction: { userAction: action } } } : {}) }, {
            onEvent: ({ event }) => {
              if (event.type === 'STATE_SNAPSHOT' || event.type === 'STATE_DELTA') return;
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
          }).then(
            async () => {
              await stateWrites;
              close();
            },
            async (error: unknown) => {
              await stateWrites;
              if (!abortSignal?.aborted) push([{ type: 'error', errorText: `The AG-UI agent failed: ${error instanceof Error ? error.message : String(error)}` }]);
              close();
            },
          ).finally(() => abortSignal?.removeEventListener('abort', onAbort));
        },
      });
    },
    // AG-UI has no way to re-attach to a run in progress: a reload shows the saved transcript.
    async reconnectToStream() {
      return null;
    },
  };
}
