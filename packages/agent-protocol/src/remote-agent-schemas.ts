import { z } from 'zod';
import { MAX_REMOTE_AGENT_ANSWER_LENGTH } from './remote-agents.js';

/** The body of `POST {basePath}/{agentId}/remote-agent-answer`: `{ toolCallId, answer }` and nothing else. */
export const remoteAgentAnswerSchema = z.strictObject({
  toolCallId: z.string().min(1).max(200),
  answer: z.string().trim().min(1).max(MAX_REMOTE_AGENT_ANSWER_LENGTH),
});
