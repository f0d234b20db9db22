import { agentRequestBodySchema, formatIssues, type AgentRequestBody } from '@x/agent-protocol';
import { HttpError } from './error-response.js';
import { readBodyText } from './read-body.js';

export interface ParsedRequest {
  body: AgentRequestBody;
  /** Body `conversationId`, else `?conversationId=`. */
  conversationId: string | undefined;
}

/** Content type, size limit, JSON and schema checks of a chat request, each with its own 4xx. */
export async function parseChatRequest(request: Request, url: URL, maxBodyBytes: number): Promise<ParsedRequest> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType.trim())) {
    throw new HttpError('unsupported_media_type', 'Send the request body as application/json.');
  }
  const text = await readBodyText(request, maxBodyBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpError('bad_json', 'The request body is not valid JSON.');
  }
  const result = agentRequestBodySchema.safeParse(json);
  if (!result.success) {
    throw new HttpError('invalid_body', 'The request body does not match the agent request schema.', formatIssues(result.error).slice(0, 20));
  }
  const queryConversationId = url.searchParams.get('conversationId') ?? undefined;
  return { body: result.data, conversationId: result.data.conversationId ?? (queryConversationId || undefined) };
}
