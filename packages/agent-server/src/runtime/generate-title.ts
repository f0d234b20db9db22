import { generateText, type UIMessage } from 'ai';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import { resolveAgentModel } from '../providers/resolve-agent-model.js';
import { traceModel } from '../tracing/traced-model.js';

/** Instructions of the title call unless the agent's `generateTitle.instructions` says otherwise. */
export const DEFAULT_TITLE_INSTRUCTIONS =
  'Write a short title (at most 6 words) for a conversation that starts with the message below. Answer with the title only, no quotes.';

const MAX_TITLE_CHARS = 80;

/**
 * On a conversation's first turn (one user message, no assistant message yet) and when the agent
 * has `generateTitle`, starts a short title call beside the turn. Resolves to the title, or
 * `undefined` when there is none; a failed call is logged, never thrown.
 */
export function startTitle(
  config: AgentServerConfig,
  agentId: string,
  agent: AgentConfig,
  messages: UIMessage[],
  signal: AbortSignal,
  logger: Logger,
): Promise<string | undefined> | undefined {
  const text = titleSource(agent, messages);
  if (text === undefined) return undefined;
  const options = typeof agent.generateTitle === 'object' ? agent.generateTitle : {};
  const model = options.model
    ? resolveAgentModel(config, options.model, options.connection ?? agent.connection)
    : resolveAgentModel(config, agent.model, agent.connection);
  return model
    .then((resolved) =>
      generateText({
        model: traceModel(resolved, config.tracing),
        instructions: options.instructions ?? DEFAULT_TITLE_INSTRUCTIONS,
        prompt: text.slice(0, 2_000),
        maxOutputTokens: 40,
        abortSignal: signal,
      }),
    )
    .then(
      (result) => cleanTitle(result.text),
      (error: unknown) => {
        if (!signal.aborted) logger.warn('title generation failed', { agentId, error: String(error) });
        return undefined;
      },
    );
}

/**
 * The text a title is generated from: on a conversation's first turn (one user message, no
 * assistant message yet) of an agent with `generateTitle`, that message's text; else undefined.
 */
export function titleSource(agent: AgentConfig, messages: UIMessage[]): string | undefined {
  if (!agent.generateTitle) return undefined;
  const users = messages.filter((m) => m.role === 'user');
  if (users.length !== 1 || messages.some((m) => m.role === 'assistant')) return undefined;
  const text = users[0]!.parts.map((p) => (p.type === 'text' ? p.text : '')).join(' ').trim();
  return text || undefined;
}

/**
 * The title a conversation keeps when its first turn was lost before the title was generated (its
 * server died): the first user message's text, as a title (one line, at most 80 characters).
 */
export function fallbackTitle(agent: AgentConfig, messages: UIMessage[]): string | undefined {
  const text = titleSource(agent, messages);
  return text === undefined ? undefined : cleanTitle(text);
}

/** One line, no surrounding quotes or trailing period, at most 80 characters. */
export function cleanTitle(raw: string): string | undefined {
  const line = raw.split('\n').map((l) => l.trim()).find((l) => l.length > 0);
  if (!line) return undefined;
  const title = line.replace(/^["'“”‘’#*\s]+|["'“”‘’*\s]+$/g, '').replace(/\.$/, '').trim();
  return title ? title.slice(0, MAX_TITLE_CHARS) : undefined;
}
