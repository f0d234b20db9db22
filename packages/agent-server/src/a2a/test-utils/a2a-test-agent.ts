import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { A2A_PROTOCOL_VERSION, AGENT_CARD_PATH, Role, TaskState, type AgentCard, type Message, type Part } from '@a2a-js/sdk';
import {
  AgentEvent,
  DefaultRequestHandler,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  UnauthenticatedUser,
  defaultServerCallContextBuilder,
  validateVersion,
  type AgentExecutor,
} from '@a2a-js/sdk/server';
import { toNodeHandler } from '../../adapters/node.js';

/**
 * A billing agent built with `@a2a-js/sdk`'s own server (`DefaultRequestHandler` +
 * `JsonRpcTransportHandler`, no Express), for tests and the playground. What it does depends on the
 * words of the task it gets:
 *
 * - `invoice 42` (default): WORKING "Looking up the invoice…", an artifact `Invoice 42 is paid.`, COMPLETED;
 * - `ask`: WORKING, then INPUT_REQUIRED "Which invoice number?"; the answer (same task) → `Invoice {answer} is paid.`;
 * - `slow` or `long`: WORKING every `tickMs` until cancelled (CANCELED) or `slowTicks` ticks;
 * - `file`: an artifact with a CSV file part (raw bytes, `text/csv`, `invoices.csv`);
 * - `fail` / `reject`: FAILED "The ledger is offline." / REJECTED "Not a billing question.".
 */
export interface A2aTestAgentOptions {
  /** `capabilities.streaming` of the card (default true). */
  streaming?: boolean;
  /** Delay between events in ms (default 5). */
  tickMs?: number;
  /** How many ticks a `slow` task runs before it completes (default 2000). */
  slowTicks?: number;
  /** Path of the JSON-RPC endpoint (default `/a2a`). */
  rpcPath?: string;
}

/** What the test agent saw: JSON-RPC methods called, tasks cancelled, request headers. */
export interface A2aTestAgentLog {
  methods: string[];
  cancelled: string[];
  headers: Record<string, string>[];
}

const textPart = (value: string): Part => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' });

function agentMessage(text: string, taskId: string, contextId: string): Message {
  return { messageId: crypto.randomUUID(), role: Role.ROLE_AGENT, taskId, contextId, parts: [textPart(text)], metadata: undefined, extensions: [], referenceTaskIds: [] };
}

function textOf(message: Message): string {
  return message.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join(' ');
}

/** The test agent's card, its interface at `{base}{rpcPath}`. */
export function a2aTestAgentCard(base: string, options: A2aTestAgentOptions = {}): AgentCard {
  return {
    name: 'Billing',
    description: 'Answers questions about invoices and payments.',
    version: '1.0.0',
    provider: undefined,
    signatures: [],
    skills: [
      { id: 'invoices', name: 'Invoices', description: 'Looks up an invoice and tells whether it is paid.', tags: ['billing'], examples: [], inputModes: [], outputModes: [], securityRequirements: [] },
    ],
    supportedInterfaces: [{ url: `${base}${options.rpcPath ?? '/a2a'}`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: A2A_PROTOCOL_VERSION }],
    capabilities: { streaming: options.streaming ?? true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain', 'text/csv'],
  };
}

/** The billing agent as a Web fetch handler (card at `/.well-known/agent-card.json`, JSON-RPC at `rpcPath`). */
export function createA2aTestAgentHandler(base: string, options: A2aTestAgentOptions = {}): { handle: (request: Request) => Promise<Response>; log: A2aTestAgentLog } {
  const tick = options.tickMs ?? 5;
  const log: A2aTestAgentLog = { methods: [], cancelled: [], headers: [] };
  const card = a2aTestAgentCard(base, options);
  const cancelled = new Set<string>();
  // Tasks whose execute() runs now (it sees `cancelled` and ends CANCELED itself), and every task's context.
  const running = new Set<string>();
  const contexts = new Map<string, string>();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const executor: AgentExecutor = {
    cancelTask: async (taskId, bus) => {
      cancelled.add(taskId);
      log.cancelled.push(taskId);
      // A task waiting for input runs no code: the cancel itself ends it.
      if (!running.has(taskId)) {
        const status = { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: new Date().toISOString() };
        bus.publish(AgentEvent.statusUpdate({ taskId, contextId: contexts.get(taskId) ?? '', metadata: undefined, status }));
      }
    },
    async execute(ctx, bus) {
      running.add(ctx.taskId);
      contexts.set(ctx.taskId, ctx.contextId);
      try {
        await run(ctx, bus);
      } finally {
        running.delete(ctx.taskId);
      }
    },
  };
  async function run(ctx: Parameters<AgentExecutor['execute']>[0], bus: Parameters<AgentExecutor['execute']>[1]): Promise<void> {
    const { taskId, contextId } = ctx;
    bus.publish(
      AgentEvent.task(
        ctx.task ?? {
          id: taskId,
          contextId,
          artifacts: [],
          history: [ctx.userMessage],
          metadata: undefined,
          status: { state: TaskState.TASK_STATE_SUBMITTED, timestamp: new Date().toISOString(), message: undefined },
        },
      ),
    );
    const status = (state: TaskState, text?: string) =>
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId,
          metadata: undefined,
          status: { state, message: text === undefined ? undefined : agentMessage(text, taskId, contextId), timestamp: new Date().toISOString() },
        }),
      );
    const artifact = (parts: Part[], name = 'answer') =>
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          append: false,
          lastChunk: true,
          metadata: undefined,
          artifact: { artifactId: crypto.randomUUID(), name, description: '', metadata: undefined, extensions: [], parts },
        }),
      );
    const text = textOf(ctx.userMessage);
    if (ctx.task) {
      // The answer to our question: the same task goes on.
      status(TaskState.TASK_STATE_WORKING, `Looking up invoice ${text}…`);
      await sleep(tick);
      artifact([textPart(`Invoice ${text.trim()} is paid.`)]);
      status(TaskState.TASK_STATE_COMPLETED);
      return;
    }
    status(TaskState.TASK_STATE_WORKING, 'Looking up the invoice…');
    await sleep(tick);
    if (/\bask\b/i.test(text)) return status(TaskState.TASK_STATE_INPUT_REQUIRED, 'Which invoice number?');
    if (/\bfail\b/i.test(text)) return status(TaskState.TASK_STATE_FAILED, 'The ledger is offline.');
    if (/\breject\b/i.test(text)) return status(TaskState.TASK_STATE_REJECTED, 'Not a billing question.');
    if (/\b(slow|long)\b/i.test(text)) {
      for (let i = 0; i < (options.slowTicks ?? 2000); i++) {
        if (cancelled.has(taskId)) return status(TaskState.TASK_STATE_CANCELED);
        if (i % 10 === 0) status(TaskState.TASK_STATE_WORKING, `Still searching (${i / 10 + 1})…`);
        await sleep(tick);
      }
    }
    if (/\bfile\b/i.test(text)) {
      artifact(
        [{ content: { $case: 'raw', value: Buffer.from('invoice,status\n42,paid\n') }, metadata: undefined, filename: 'invoices.csv', mediaType: 'text/csv' }],
        'invoices',
      );
    } else {
      artifact([textPart('Invoice 42 is paid.')]);
    }
    status(TaskState.TASK_STATE_COMPLETED);
  }
  const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  const rpc = new JsonRpcTransportHandler(requestHandler);
  const rpcPath = options.rpcPath ?? '/a2a';
  const handle = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    log.headers.push(Object.fromEntries(request.headers));
    if (request.method === 'GET' && pathname === `/${AGENT_CARD_PATH}`) return Response.json(await requestHandler.getAgentCard());
    if (request.method !== 'POST' || pathname !== rpcPath) return new Response('not found', { status: 404 });
    const body = await request.text();
    try {
      log.methods.push(String((JSON.parse(body) as { method?: unknown }).method));
    } catch {
      log.methods.push('(bad json)');
    }
    const ctx = defaultServerCallContextBuilder({
      extensions: [],
      user: new UnauthenticatedUser(),
      headers: Object.fromEntries(request.headers),
      requestedVersion: request.headers.get('a2a-version') ?? undefined,
    });
    let out: unknown;
    try {
      validateVersion(ctx.requestedVersion, card, 'JSONRPC');
      out = await rpc.handle(body, ctx);
    } catch (error) {
      return Response.json({ jsonrpc: '2.0', id: null, error: JsonRpcTransportHandler.mapToJSONRPCError(error) });
    }
    if (typeof out !== 'object' || out === null || !(Symbol.asyncIterator in out)) return Response.json(out);
    const events = out as AsyncGenerator<unknown>;
    const encoder = new TextEncoder();
    return new Response(
      new ReadableStream({
        async pull(controller) {
          const next = await events.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
        },
        async cancel() {
          await events.return(undefined);
        },
      }),
      { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } },
    );
  };
  return { handle, log };
}

/** A loopback server answering with `handle` (any Web fetch handler). */
export async function listenFetchHandler(handle: (request: Request) => Promise<Response>): Promise<{ base: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(toNodeHandler({ fetch: handle, config: { agents: {} }, close: async () => {} }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { base, server, close };
}

/** The billing agent on 127.0.0.1 (a free port): its base URL, what it saw, and `close`. */
export async function startA2aTestAgent(options: A2aTestAgentOptions = {}): Promise<{ base: string; log: A2aTestAgentLog; close: () => Promise<void> }> {
  // The card names the agent's own URL, known once it listens.
  const holder: { agent?: ReturnType<typeof createA2aTestAgentHandler> } = {};
  const listening = await listenFetchHandler((request) => holder.agent!.handle(request));
  const agent = (holder.agent = createA2aTestAgentHandler(listening.base, options));
  return { base: listening.base, log: agent.log, close: listening.close };
}
