import { z } from 'zod';
import { MAX_REMOTE_AGENT_ANSWER_LENGTH } from './remote-agents.js';
import { idSchema } from './request-body.js';

/** The body of `POST {basePath}/{agentId}/remote-agent-answer`: `{ toolCallId, answer }` and nothing else. */
export const remoteAgentAnswerSchema = z.strictObject({
  toolCallId: idSchema,
  answer: z.string().trim().min(1).max(MAX_REMOTE_AGENT_ANSWER_LENGTH),
});
