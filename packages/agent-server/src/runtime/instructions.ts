import type { TurnRequestContext } from '../config/hook-types.js';

/**
 * The agent's instructions, with a `<context>` block in front when `pageContext` is on: page id,
 * user id, conversation id, URL query and shared state (JSON), each only when present/non-empty.
 */
export function buildInstructions(instructions: string | undefined, pageContext: boolean, request: TurnRequestContext): string | undefined {
  if (!pageContext) return instructions;
  const lines: string[] = [];
  if (request.pageId) lines.push(`pageId: ${request.pageId}`);
  if (request.userId) lines.push(`userId: ${request.userId}`);
  if (request.conversationId) lines.push(`conversationId: ${request.conversationId}`);
  if (request.urlQuery && Object.keys(request.urlQuery).length > 0) lines.push(`urlQuery: ${JSON.stringify(request.urlQuery)}`);
  if (request.sharedState && Object.keys(request.sharedState).length > 0) lines.push(`sharedState: ${JSON.stringify(request.sharedState)}`);
  if (lines.length === 0) return instructions;
  const block = `<context>\n${lines.join('\n')}\n</context>`;
  return instructions ? `${block}\n\n${instructions}` : block;
}
