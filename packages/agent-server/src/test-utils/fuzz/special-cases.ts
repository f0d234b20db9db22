import { fc } from '@fast-check/vitest';
import { AG_UI_SEGMENT } from '../../ag-ui/ag-ui-route.js';
import { APPROVER, MCP_SERVER, MCP_TOOL, APPS, USER, type Fixtures, type FuzzEnv } from './fuzz-env.js';
import type { FuzzRequest } from './fuzz-request.js';
import { hostileJson, hostileString } from './hostile-values.js';
import { validRequest, type RouteSpec } from './route-table.js';

/**
 * Generated requests for the properties one route alone cannot state: the cross-site rule on every
 * state-changing route, the one approval decision behind AG-UI `resume`, and MCP app call arguments
 * checked against the tool's input schema.
 */

/** Header sets of a request another site made (a form post, a `fetch` from an attacker's page, a sandboxed frame). */
const CROSS_SITE: [string, string][][] = [
  [['origin', 'null']],
  [['origin', 'http://evil.example']],
  [['origin', 'http://localhost.evil.example']],
  [['sec-fetch-site', 'cross-site']],
  [['sec-fetch-site', 'same-site'], ['origin', 'http://app.localhost']],
  [['sec-fetch-site', 'cross-site'], ['origin', 'http://localhost']],
  [['origin', 'null'], ['content-type', 'text/plain']],
];

/** Header sets of a same-origin browser request (never refused as cross-site). */
const SAME_SITE: [string, string][][] = [[['origin', 'http://localhost']], [['sec-fetch-site', 'same-origin']], [['sec-fetch-site', 'none']], []];

/** A valid request of a state-changing route sent cross-site (must be refused) or same-site (must not be refused as cross-site). */
export function crossSiteRequest(routes: readonly RouteSpec[], fx: Fixtures): fc.Arbitrary<FuzzRequest & { crossSite: boolean }> {
  return fc
    .constantFrom(...routes.filter((r) => r.stateChanging))
    .chain((route) => fc.tuple(validRequest(route, fx), fc.boolean(), fc.constantFrom(...CROSS_SITE), fc.constantFrom(...SAME_SITE)))
    .map(([request, crossSite, bad, good]) => {
      const extra = crossSite ? bad : good;
      const headers = [...request.headers.filter(([k]) => !extra.some(([e]) => e === k)), ...extra];
      return { ...request, headers, crossSite, mustRefuse: crossSite, mutation: `${crossSite ? 'cross-site' : 'same-site'} ${JSON.stringify(extra)}` };
    });
}

/** An answer to an AG-UI interrupt: schema-valid approvals and denials, and payloads off the schema. */
export const resumeAnswer = fc.record({
  status: fc.constantFrom('resolved', 'cancelled'),
  payload: fc.oneof(
    fc.constantFrom({ approved: true }, { approved: true, reason: 'ok' }, { approved: false }, { approved: false, reason: 'no' }),
    fc.constantFrom<unknown>(
      { approved: 'false' },
      { approved: 'true' },
      { approve: false },
      { approve: true },
      { approved: 1 },
      { approved: 0 },
      { approved: null },
      { approved: true, extra: 1 },
      { approved: true, reason: 5 },
      { approved: [true] },
      {},
      null,
      'yes',
      true,
      1,
      [],
    ),
    hostileJson,
  ),
  withPayload: fc.boolean(),
});

export type ResumeAnswer = typeof resumeAnswer extends fc.Arbitrary<infer T> ? T : never;

/** Whether a payload is an explicit, schema-valid approval (`approvalAnswerPayloadSchema`: strict `{ approved: true, reason? }`). */
export function isExplicitApproval(answer: ResumeAnswer): boolean {
  const p = answer.withPayload ? answer.payload : undefined;
  if (answer.status !== 'resolved' || typeof p !== 'object' || p === null || Array.isArray(p)) return false;
  const keys = Object.keys(p);
  return (p as { approved?: unknown }).approved === true && keys.every((k) => k === 'approved' || (k === 'reason' && typeof (p as { reason?: unknown }).reason === 'string'));
}

/** Whether a payload is on the answer schema at all (an approval or a denial). */
export function isSchemaAnswer(answer: ResumeAnswer): boolean {
  const p = answer.withPayload ? answer.payload : undefined;
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return false;
  const keys = Object.keys(p);
  return typeof (p as { approved?: unknown }).approved === 'boolean' && keys.every((k) => k === 'approved' || (k === 'reason' && typeof (p as { reason?: unknown }).reason === 'string'));
}

let threads = 0;

/** Starts a fresh AG-UI thread on the approver agent whose reply waits for an approval; answers its thread id and interrupt id. */
export async function pendingThread(env: FuzzEnv): Promise<{ threadId: string; interruptId: string }> {
  const threadId = `resume-${env.kind}-${++threads}`;
  const response = await env.server.fetch(
    new Request(`http://localhost/api/agent/${APPROVER}/${AG_UI_SEGMENT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': USER },
      body: JSON.stringify({ threadId, runId: `${threadId}-r1`, messages: [{ id: `${threadId}-u1`, role: 'user', content: 'Delete r-1' }] }),
    }),
  );
  await response.text();
  const thread = (await env.store.loadThread(USER, threadId)) ?? [];
  const part = thread.at(-1)?.parts.find((p) => (p as { state?: string }).state === 'approval-requested') as { approval?: { id?: string } } | undefined;
  if (!part?.approval?.id) throw new Error(`no pending approval on ${threadId} (${response.status})`);
  return { threadId, interruptId: part.approval.id };
}

/** The AG-UI request answering `interruptId` with `answer`. */
export function resumeRequest(threadId: string, interruptId: string, answer: ResumeAnswer): FuzzRequest {
  const entry = { interruptId, status: answer.status, ...(answer.withPayload ? { payload: answer.payload } : {}) };
  return {
    route: 'ag-ui resume',
    method: 'POST',
    segments: [APPROVER, AG_UI_SEGMENT],
    query: [],
    headers: [
      ['x-user', USER],
      ['content-type', 'application/json'],
    ],
    body: { kind: 'json', value: { threadId, runId: `${threadId}-r2`, messages: [], resume: [entry] } },
    mutation: `resume ${JSON.stringify(entry).slice(0, 200)}`,
    mustRefuse: answer.status === 'resolved' && !isSchemaAnswer(answer),
  };
}

/** Arguments of the echo tool (`{ text?: string }`) that break its input schema. */
const badArguments = fc.oneof(
  fc.constantFrom<Record<string, unknown>>({ text: 5 }, { text: null }, { text: {} }, { text: [] }, { text: true }, { text: ['a'] }),
  hostileJson.filter((v) => typeof v !== 'string' && v !== undefined).map((text) => ({ text })),
);

/** An MCP app call from inside an app: arguments on the tool's schema, or off it (must be a 400 that never reaches the MCP server). */
export const mcpCallArguments = fc.oneof(
  fc.record({ text: hostileString(30) }, { requiredKeys: [] }).map((args) => ({ args, valid: true })),
  badArguments.map((args) => ({ args, valid: false })),
);

export function mcpCallRequest(fx: Fixtures, args: Record<string, unknown>, valid: boolean): FuzzRequest {
  return {
    route: 'mcp-call arguments',
    method: 'POST',
    segments: [APPS, 'mcp-apps', 'call'],
    query: [],
    headers: [
      ['x-user', USER],
      ['content-type', 'application/json'],
    ],
    body: { kind: 'json', value: { conversationId: fx.chat, server: MCP_SERVER, name: MCP_TOOL, arguments: args } },
    mutation: `arguments ${valid ? 'on' : 'off'} the schema`,
    mustRefuse: !valid,
  };
}
