import { withAbsoluteFileUrls } from './history-file-urls.js';
import { conversationPaths, runPaths, type ConversationHistory, type FeedbackBody, type ReplaceQueueBody, type StopRunBody, type SwitchBranchBody } from '@x/agent-protocol/routes';
import type { UIMessage } from 'ai';
import { apiBase, type ConnectionOptions } from './endpoints.js';
import { AgentRequestError, requestRoute, toError } from './errors.js';

/** How a request to a conversation route ended. */
export type RouteAnswer<T> = { ok: true; value: T } | { ok: false; status: number; code: string; error: AgentRequestError | Error };

type RouteOptions = ConnectionOptions;

/** Requests a route of the kit's server (a JSON body when `init` has one): its parsed answer, or how it failed. */
export async function callRoute<T>(options: RouteOptions, url: string, init: RequestInit, parse: (response: Response) => Promise<T>): Promise<RouteAnswer<T>> {
  let response: Response;
  try {
    response = await requestRoute(options, url, init.body !== undefined ? { ...init, headers: { 'content-type': 'application/json' } } : init);
  } catch (error) {
    if (error instanceof AgentRequestError) return { ok: false, status: error.status, code: error.code, error };
    return { ok: false, status: 0, code: 'network_error', error: toError(error) };
  }
  return { ok: true, value: await parse(response) };
}

/** `GET {api}/conversations/{id}` (`before`: the cursor of an older page). */
export function fetchHistory<MESSAGE extends UIMessage>(
  options: RouteOptions,
  conversationId: string,
  before?: string,
): Promise<RouteAnswer<ConversationHistory<MESSAGE>>> {
  const url = conversationPaths.one(apiBase(options.api), conversationId) + (before ? `?before=${encodeURIComponent(before)}` : '');
  return callRoute(options, url, { method: 'GET' }, async (response) => withAbsoluteFileUrls((await response.json()) as ConversationHistory<MESSAGE>, options.api));
}

/** `PUT {api}/conversations/{id}/branch`: switches the active path; answers its newest page. */
export function putBranch<MESSAGE extends UIMessage>(
  options: RouteOptions,
  conversationId: string,
  body: SwitchBranchBody,
): Promise<RouteAnswer<ConversationHistory<MESSAGE>>> {
  const url = conversationPaths.branch(apiBase(options.api), conversationId);
  return callRoute(options, url, { method: 'PUT', body: JSON.stringify(body) }, async (response) =>
    withAbsoluteFileUrls((await response.json()) as ConversationHistory<MESSAGE>, options.api),
  );
}

/** `PUT {api}/conversations/{id}/queue`: replaces the stored queue. */
export function putQueue(options: RouteOptions, conversationId: string, body: ReplaceQueueBody): Promise<RouteAnswer<void>> {
  const url = conversationPaths.queue(apiBase(options.api), conversationId);
  return callRoute(options, url, { method: 'PUT', body: JSON.stringify(body) }, async () => undefined);
}

/** `DELETE {api}/conversations/{id}/messages/{messageId}`. */
export function deleteStoredMessage(options: RouteOptions, conversationId: string, messageId: string, keepalive = false): Promise<RouteAnswer<void>> {
  const url = conversationPaths.message(apiBase(options.api), conversationId, messageId);
  return callRoute(options, url, { method: 'DELETE', ...(keepalive ? { keepalive: true } : {}) }, async () => undefined);
}

/** `PUT {api}/conversations/{id}/messages/{messageId}/feedback`. */
export function putFeedback(options: RouteOptions, conversationId: string, messageId: string, body: FeedbackBody): Promise<RouteAnswer<void>> {
  const url = conversationPaths.feedback(apiBase(options.api), conversationId, messageId);
  return callRoute(options, url, { method: 'PUT', body: JSON.stringify(body) }, async () => undefined);
}

/** `POST {api}/conversations/{id}/stop`: asks the server to stop the active run (202), 204 when none. */
export function postStopRun(options: RouteOptions, conversationId: string, body: StopRunBody): Promise<RouteAnswer<void>> {
  const url = runPaths.stop(apiBase(options.api), conversationId);
  return callRoute(options, url, { method: 'POST', body: JSON.stringify(body) }, async () => undefined);
}
