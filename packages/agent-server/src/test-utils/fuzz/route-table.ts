import { fc } from '@fast-check/vitest';
import { REMOTE_AGENT_ANSWER_SEGMENT } from '@x/agent-protocol/remote-agents';
import { AG_UI_SEGMENT } from '../../ag-ui/ag-ui-route.js';
import { APPS, AGENT, APPROVER, MAX_AUDIO_BYTES, MAX_BODY_BYTES, MAX_FILE_BYTES, MCP_SERVER, MCP_TOOL, USER, type Fixtures } from './fuzz-env.js';
import type { FuzzBody, FuzzRequest } from './fuzz-request.js';
import { hostileString, validId } from './hostile-values.js';
import { hostileMutation, type IdPlaces } from './mutations.js';
import {
  AG_UI_BODY_IDS,
  branchBody,
  CHAT_BODY_IDS,
  chatBody,
  feedbackBody,
  generateBody,
  MCP_BODY_IDS,
  mcpCallBody,
  mcpResourceBody,
  queueBody,
  remoteAgentAnswerBody,
  renameBody,
  runAgentInput,
  stopBody,
  toolOutputsBody,
} from './route-bodies.js';

/**
 * Every route of `createAgentServer` as the fuzz suite sees it: method, path (with the places of its
 * ids), query and body arbitraries generated from the route's schema. Kept by hand beside the
 * server's own route table (`http/pipeline/`): a route missing here is a route nobody fuzzes.
 */
export interface RouteSpec {
  name: string;
  method: string;
  /** Segments after `basePath`; `{name}` is an id place filled by `ids`. */
  path: string[];
  ids?: (fx: Fixtures) => Record<string, fc.Arbitrary<string>>;
  query?: (fx: Fixtures) => fc.Arbitrary<[string, string][]>;
  body?: (fx: Fixtures) => fc.Arbitrary<FuzzBody>;
  contentType?: string;
  /** JSON paths of ids in the body. */
  bodyIds?: string[];
  /** The route's own body limit when it is not `maxBodyBytes`. */
  maxBytes?: number;
  /** It writes (a cross-site request must be refused). */
  stateChanging: boolean;
  /** Headers a valid request sends besides the user (A2A's `A2A-Version`). */
  headers?: [string, string][];
}

/** Routes whose 200 answer is a stream that does not end by itself (the fuzz cancels it after the headers). */
export const ENDLESS_ROUTES: ReadonlySet<string> = new Set(['events']);

const json = (arb: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> => arb.map((value) => ({ kind: 'json', value }));
const agentId = (...extra: string[]) => fc.constantFrom(AGENT, ...extra);
const oneOf = (values: readonly string[]) => fc.oneof(fc.constantFrom(...values), validId);

/** A2A JSON-RPC requests (A2A 1.0 methods, ProtoJSON params): reads, a cancel, a message that starts a turn, a method that does not exist. */
const a2aRequest: fc.Arbitrary<FuzzBody> = fc
  .tuple(fc.oneof(fc.constantFrom('GetTask', 'CancelTask', 'SendMessage', 'ListTasks', 'tasks/get'), hostileString(20)), validId, hostileString(60), fc.oneof(fc.integer(), validId))
  .map(([method, id, text, rpcId]) => ({
    kind: 'json',
    value: {
      jsonrpc: '2.0',
      id: rpcId,
      method,
      params: method === 'SendMessage' ? { message: { messageId: id, role: 'ROLE_USER', parts: [{ text }] } } : { id },
    },
  }));

export const ROUTES: RouteSpec[] = [
  {
    name: 'a2a-card',
    method: 'GET',
    path: ['{agentId}', '.well-known', 'agent-card.json'],
    ids: () => ({ agentId: agentId(APPROVER) }),
    stateChanging: false,
  },
  {
    name: 'a2a',
    method: 'POST',
    path: ['{agentId}', 'a2a'],
    ids: () => ({ agentId: agentId(APPROVER) }),
    body: () => a2aRequest,
    headers: [['a2a-version', '1.0']],
    stateChanging: true,
  },
  { name: 'chat', method: 'POST', path: ['{agentId}'], ids: () => ({ agentId: agentId(APPROVER) }), body: () => json(chatBody), bodyIds: CHAT_BODY_IDS, stateChanging: true },
  {
    name: 'ag-ui',
    method: 'POST',
    path: ['{agentId}', AG_UI_SEGMENT],
    ids: () => ({ agentId: agentId(APPROVER) }),
    body: () => json(runAgentInput),
    bodyIds: AG_UI_BODY_IDS,
    stateChanging: true,
  },
  { name: 'generate', method: 'POST', path: ['{agentId}', 'generate'], ids: () => ({ agentId: agentId(APPROVER) }), body: () => json(generateBody), bodyIds: CHAT_BODY_IDS, stateChanging: true },
  {
    name: 'tool-outputs',
    method: 'POST',
    path: ['{agentId}', 'generate', '{runId}', 'tool-outputs'],
    ids: (fx) => ({ agentId: agentId(APPROVER), runId: oneOf([fx.pausedRunId, fx.chatRunId]) }),
    body: (fx) => json(toolOutputsBody(fx.pausedApprovalIds)),
    stateChanging: true,
  },
  {
    name: 'conversation-list',
    method: 'GET',
    path: ['conversations'],
    query: () =>
      fc.array(fc.tuple(fc.constantFrom('limit', 'q', 'agentId'), fc.oneof(fc.integer({ min: 1, max: 100 }).map(String), hostileString(20))), { maxLength: 3 }).map((q) => q as [string, string][]),
    stateChanging: false,
  },
  {
    name: 'conversation-get',
    method: 'GET',
    path: ['conversations', '{conversationId}'],
    ids: (fx) => ({ conversationId: oneOf([fx.chat, fx.bobChat, fx.pending]) }),
    query: () => fc.array(fc.tuple(fc.constant('limit'), fc.integer({ min: 1, max: 100 }).map(String)), { maxLength: 1 }).map((q) => q as [string, string][]),
    stateChanging: false,
  },
  { name: 'rename', method: 'PATCH', path: ['conversations', '{conversationId}'], ids: (fx) => ({ conversationId: oneOf([fx.chat, fx.bobChat]) }), body: () => json(renameBody), stateChanging: true },
  { name: 'conversation-delete', method: 'DELETE', path: ['conversations', '{conversationId}'], ids: (fx) => ({ conversationId: oneOf([fx.bobChat]) }), stateChanging: true },
  {
    name: 'message-delete',
    method: 'DELETE',
    path: ['conversations', '{conversationId}', 'messages', '{messageId}'],
    ids: (fx) => ({ conversationId: oneOf([fx.chat, fx.bobChat]), messageId: oneOf(fx.chatMessageIds) }),
    stateChanging: true,
  },
  {
    name: 'feedback',
    method: 'PUT',
    path: ['conversations', '{conversationId}', 'messages', '{messageId}', 'feedback'],
    ids: (fx) => ({ conversationId: oneOf([fx.chat, fx.bobChat]), messageId: oneOf(fx.chatMessageIds) }),
    body: () => json(feedbackBody),
    stateChanging: true,
  },
  {
    name: 'branch',
    method: 'PUT',
    path: ['conversations', '{conversationId}', 'branch'],
    ids: (fx) => ({ conversationId: oneOf([fx.chat, fx.pending]) }),
    body: (fx) => json(branchBody(fx.chatMessageIds)),
    bodyIds: ['messageId'],
    stateChanging: true,
  },
  {
    name: 'queue',
    method: 'PUT',
    path: ['conversations', '{conversationId}', 'queue'],
    ids: (fx) => ({ conversationId: oneOf([fx.chat, fx.bobChat]) }),
    body: () => json(queueBody),
    bodyIds: ['messages.*.id'],
    stateChanging: true,
  },
  {
    name: 'run-stream',
    method: 'GET',
    path: ['conversations', '{conversationId}', 'stream'],
    ids: (fx) => ({ conversationId: oneOf([fx.chat, fx.pending]) }),
    query: () => fc.array(fc.tuple(fc.constant('cursor'), fc.nat(50).map(String)), { maxLength: 1 }).map((q) => q as [string, string][]),
    stateChanging: false,
  },
  {
    // The user's live events: an endless stream (the fuzz reads its status and headers, then goes away).
    name: 'events',
    method: 'GET',
    path: ['events'],
    query: () => fc.array(fc.tuple(fc.constant('cursor'), fc.oneof(validId, fc.nat(50).map(String))), { maxLength: 1 }).map((q) => q as [string, string][]),
    stateChanging: false,
  },
  {
    name: 'run-stop',
    method: 'POST',
    path: ['conversations', '{conversationId}', 'stop'],
    ids: (fx) => ({ conversationId: oneOf([fx.chat, fx.bobChat]) }),
    body: () => json(stopBody),
    bodyIds: ['runId'],
    stateChanging: true,
  },
  { name: 'run-record', method: 'GET', path: ['runs', '{runId}'], ids: (fx) => ({ runId: oneOf([fx.chatRunId, fx.pausedRunId]) }), stateChanging: false },
  {
    name: 'run-records',
    method: 'GET',
    path: ['runs'],
    query: (fx) => fc.tuple(oneOf([fx.chat, fx.bobChat])).map(([id]) => [['conversationId', id]] as [string, string][]),
    stateChanging: false,
  },
  {
    name: 'upload',
    method: 'POST',
    path: ['{agentId}', 'files'],
    ids: () => ({ agentId: agentId() }),
    query: () => fc.tuple(fc.stringMatching(/^[A-Za-z0-9 _.-]{1,40}$/).filter((n) => n.trim().length > 0)).map(([name]) => [['filename', `${name}.png`]] as [string, string][]),
    body: () => fc.uint8Array({ minLength: 1, maxLength: 512 }).map((bytes): FuzzBody => ({ kind: 'bytes', bytes: new Uint8Array(bytes) })),
    contentType: 'image/png',
    maxBytes: MAX_FILE_BYTES,
    stateChanging: true,
  },
  {
    name: 'download',
    method: 'GET',
    path: ['{agentId}', 'files', '{fileId}'],
    ids: (fx) => ({ agentId: agentId(), fileId: fc.constant(fx.fileId) }),
    query: (fx) => fc.constant([...new URL(fx.fileUrl, 'http://localhost').searchParams] as [string, string][]),
    stateChanging: false,
  },
  {
    name: 'transcribe',
    method: 'POST',
    path: ['{agentId}', 'transcribe'],
    ids: () => ({ agentId: agentId() }),
    body: () => fc.uint8Array({ minLength: 1, maxLength: 512 }).map((bytes): FuzzBody => ({ kind: 'bytes', bytes: new Uint8Array(bytes) })),
    contentType: 'audio/webm;codecs=opus',
    maxBytes: MAX_AUDIO_BYTES,
    stateChanging: true,
  },
  {
    name: 'mcp-resource',
    method: 'POST',
    path: ['{agentId}', 'mcp-apps', 'resource'],
    ids: () => ({ agentId: fc.constantFrom(APPS, AGENT) }),
    body: (fx) => json(mcpResourceBody([fx.chat, fx.bobChat], [MCP_SERVER])),
    bodyIds: MCP_BODY_IDS,
    stateChanging: true,
  },
  {
    name: 'mcp-call',
    method: 'POST',
    path: ['{agentId}', 'mcp-apps', 'call'],
    ids: () => ({ agentId: fc.constantFrom(APPS, AGENT) }),
    body: (fx) => json(mcpCallBody([fx.chat, fx.bobChat], [MCP_SERVER], [MCP_TOOL])),
    bodyIds: MCP_BODY_IDS,
    stateChanging: true,
  },
  {
    name: 'remote-agent-answer',
    method: 'POST',
    path: ['{agentId}', REMOTE_AGENT_ANSWER_SEGMENT],
    ids: () => ({ agentId: agentId(APPROVER) }),
    body: () => json(remoteAgentAnswerBody),
    bodyIds: ['toolCallId'],
    stateChanging: true,
  },
  {
    name: 'mcp-sandbox',
    method: 'GET',
    path: ['mcp-apps', 'sandbox'],
    query: () => fc.array(fc.tuple(fc.constantFrom('origin', 'csp', 'x'), hostileString(30)), { maxLength: 2 }).map((q) => q as [string, string][]),
    stateChanging: false,
  },
];

/** The id places of a route: the indexes of its `{…}` segments, and its body's id paths. */
export function idPlaces(route: RouteSpec): IdPlaces {
  return { segments: route.path.flatMap((s, i) => (s.startsWith('{') ? [i] : [])), body: route.bodyIds ?? [] };
}

/** Valid requests of a route (as Alice, no Origin: a same-site or non-browser client). */
export function validRequest(route: RouteSpec, fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  const ids = route.ids?.(fx) ?? {};
  return fc
    .record({
      ids: Object.keys(ids).length > 0 ? fc.record(ids) : fc.constant({} as Record<string, string>),
      query: route.query?.(fx) ?? fc.constant([] as [string, string][]),
      body: route.body ? route.body(fx).map((b): FuzzBody | undefined => b) : fc.constant(undefined),
    })
    .map(({ ids: values, query, body }) => {
      const headers: [string, string][] = [['x-user', USER], ...(route.headers ?? [])];
      if (body) headers.push(['content-type', route.contentType ?? 'application/json']);
      return {
        route: route.name,
        method: route.method,
        segments: route.path.map((s) => (s.startsWith('{') ? values[s.slice(1, -1)]! : s)),
        query,
        headers,
        ...(body ? { body } : {}),
        mutation: 'none',
        mustRefuse: false,
      };
    });
}

/** Hostile requests of a route: a valid one with one hostile mutation. */
export function hostileRequest(route: RouteSpec, fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  return validRequest(route, fx).chain((request) => hostileMutation(request, idPlaces(route), { maxBodyBytes: MAX_BODY_BYTES, ...(route.maxBytes ? { routeMaxBytes: route.maxBytes } : {}) }));
}
