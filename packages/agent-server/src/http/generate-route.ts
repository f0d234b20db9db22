import { isToolUIPart, type UIMessage } from 'ai';
import { answerToolApproval, type AgentRequestBody, type ApprovalToolPart } from '@x/agent-protocol';
import type { ApprovalAnswer, GenerateRequestBody, GenerateResponse, JsonSchemaObject, ToolOutput, ToolOutputsBody } from '@x/agent-protocol/routes';
import type { AgentUser } from '../config/tool-types.js';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import { AgentRequestError } from '../config/request-error.js';
import type { RunLog } from '../runs/run-log.js';
import type { ConversationStore, MessageRecord } from '../store/types.js';
import { storeUserId } from '../runtime/turn-setup.js';
import { compileOutputSchema } from '../config/output-schema.js';
import { GENERATE_METADATA_KEY, runGenerate, type GenerateMetadata, type OutputRequest } from '../runtime/generate/run-generate.js';
import { answeredFields, approvalDecision } from '../tools/approval-decision.js';

/** What the generate routes need from the server (the agent is resolved, access checked). */
export interface GenerateRouteContext {
  agentId: string;
  agent: AgentConfig;
  user: AgentUser | undefined;
  store: ConversationStore | undefined;
  /** The run log (with a store): a Stop of the conversation's active run reaches a generate run through it. */
  runLog?: RunLog | undefined;
  config: AgentServerConfig;
  logger: Logger;
  toolTimeoutMs: number;
  toolResultMaxChars: number;
}

/**
 * `POST {basePath}/{agentId}/generate`: runs the loop without streaming and answers JSON. The
 * pipeline checked the method, `authenticate`, the agent and its `access`, the query's
 * `conversationId` and the body (`generateBodySchema` and its file parts).
 */
export async function generateRoute(request: Request, body: GenerateRequestBody, queryConversationId: string | undefined, ctx: GenerateRouteContext): Promise<Response> {
  const output = outputRequest(body.output?.schema ?? ctx.agent.returns, body.output ? 'output.schema' : undefined);
  // With a store the run belongs to a conversation (its run record names it, so a resume finds it).
  const conversation = body.conversationId ?? queryConversationId ?? (ctx.store ? `conv-${crypto.randomUUID()}` : undefined);
  const { output: _output, ...turnBody } = body;
  return json(await runGenerate(turnInput(request, ctx, turnBody, conversation), { output }));
}

/**
 * `POST {basePath}/{agentId}/generate/{runId}/tool-outputs`: answers a paused run's client-tool calls
 * and approvals and runs it on (the route's `unavailable` answered 501 without a store).
 */
export async function toolOutputsRoute(request: Request, runId: string, answers: ToolOutputsBody, ctx: GenerateRouteContext & { store: ConversationStore }): Promise<Response> {
  const store = ctx.store;
  const userId = storeUserId(ctx.user);
  // The run's record (scoped to the user) names its conversation.
  const record = await store.getRun(userId, runId);
  if (!record) throw runNotFound();
  const conversationId = record.conversationId;
  const conversation = await store.getConversation(userId, conversationId);
  if (!conversation || conversation.agentId !== ctx.agentId) throw runNotFound();
  const thread = (await store.loadThread(userId, conversationId)) ?? [];
  const last = thread.at(-1);
  const paused = last && generateMetadata(last);
  if (!last || paused?.runId !== runId || paused.status !== 'requires_action') {
    throw new AgentRequestError('run_not_paused', 'This run is not waiting for tool outputs.');
  }
  const answered = answerPending(last, answers.outputs ?? [], answers.approvals ?? []);
  const context = paused.context;
  const body: AgentRequestBody = {
    messages: [answered],
    conversationId,
    ...(context.sharedState !== undefined ? { sharedState: context.sharedState as Record<string, unknown> } : {}),
    ...(context.urlQuery !== undefined ? { urlQuery: context.urlQuery as Record<string, string | string[]> } : {}),
    ...(context.pageId !== undefined ? { pageId: context.pageId } : {}),
  };
  const output = context.outputSchema ? outputRequest(context.outputSchema, undefined) : undefined;
  return json(await runGenerate(turnInput(request, ctx, body, conversationId), { output }));
}

/** Why the tool-outputs route cannot run on a server without a store (501). */
export function toolOutputsUnavailable(store: ConversationStore | undefined): AgentRequestError | undefined {
  return store ? undefined : new AgentRequestError('store_required', 'Resuming a run needs a server with a conversation store; send the tool outputs in the messages of a new generate request instead.');
}

/**
 * The paused reply with an output for each pending client-tool call and an answer for each pending
 * approval (as a chat client answers them: `answerToolApproval`, an edit included); 400 naming the
 * entry for an unknown call or approval, or a pending one left unanswered.
 */
function answerPending(reply: MessageRecord, outputs: ToolOutput[], approvals: ApprovalAnswer[]): AgentRequestBody['messages'][number] {
  const byCall = new Map(outputs.map((o) => [o.toolCallId, o]));
  const byApproval = new Map(approvals.map((a) => [a.approvalId, a]));
  const pendingCalls = new Set<string>();
  const pendingApprovals = new Set<string>();
  const parts = reply.parts.map((part) => {
    if (!isToolUIPart(part)) return part;
    if (part.state === 'approval-requested') {
      pendingApprovals.add(part.approval.id);
      const answer = byApproval.get(part.approval.id);
      if (!answer) return part;
      // The one approval decision (tools/approval-decision.ts) of the schema-parsed answer; only an approval carries an edit.
      const decision = approvalDecision(answer);
      return answerToolApproval(part as typeof part & ApprovalToolPart, { ...answeredFields(decision), ...(decision.run && answer.input !== undefined ? { input: answer.input } : {}) });
    }
    if (part.state !== 'input-available') return part;
    pendingCalls.add(part.toolCallId);
    const answer = byCall.get(part.toolCallId);
    if (!answer) return part;
    return 'errorText' in answer
      ? { ...part, state: 'output-error' as const, errorText: answer.errorText }
      : { ...part, state: 'output-available' as const, output: answer.output ?? null };
  });
  const issues = [
    ...outputs.flatMap((o, i) => (pendingCalls.has(o.toolCallId) ? [] : [{ path: `outputs.${i}.toolCallId`, message: 'is not a pending tool call of this run' }])),
    ...approvals.flatMap((a, i) => (pendingApprovals.has(a.approvalId) ? [] : [{ path: `approvals.${i}.approvalId`, message: 'is not a pending approval of this run' }])),
  ];
  for (const id of pendingCalls) if (!byCall.has(id)) issues.push({ path: 'outputs', message: `has no output for the pending call ${id.slice(0, 64)}` });
  for (const id of pendingApprovals) if (!byApproval.has(id)) issues.push({ path: 'approvals', message: `has no answer for the pending approval ${id.slice(0, 64)}` });
  if (issues.length > 0) throw new AgentRequestError('invalid_body', 'The body does not answer the pending tool calls and approvals of this run.', issues.slice(0, 20));
  return { id: reply.id, role: 'assistant', parts: parts as UIMessage['parts'] };
}

function outputRequest(schema: JsonSchemaObject | undefined, path: string | undefined): OutputRequest | undefined {
  if (schema === undefined) return undefined;
  const compiled = compileOutputSchema(schema);
  if (compiled.ok) return { schema, validator: compiled.validator };
  // The agent's `returns` was checked with the config; only a request's schema gets here.
  throw new AgentRequestError('invalid_body', 'The output schema is not a usable JSON Schema.', [{ path: path ?? 'output.schema', message: compiled.message }]);
}

function generateMetadata(message: MessageRecord): GenerateMetadata | undefined {
  if (message.role !== 'assistant') return undefined;
  const value = message.metadata?.[GENERATE_METADATA_KEY];
  return typeof value === 'object' && value !== null && typeof (value as GenerateMetadata).runId === 'string' ? (value as GenerateMetadata) : undefined;
}

function turnInput(request: Request, ctx: GenerateRouteContext, body: AgentRequestBody, conversationId: string | undefined) {
  return {
    agentId: ctx.agentId,
    agent: ctx.agent,
    body,
    conversationId,
    store: ctx.store,
    runLog: ctx.runLog,
    user: ctx.user,
    signal: request.signal,
    config: ctx.config,
    logger: ctx.logger,
    toolTimeoutMs: ctx.toolTimeoutMs,
    toolResultMaxChars: ctx.toolResultMaxChars,
  };
}

const runNotFound = () => new AgentRequestError('run_not_found', 'There is no such run.');

function json(body: GenerateResponse): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}
