import { AGENT_CARD_PATH, AgentCard } from '@a2a-js/sdk';
import { z } from 'zod';
import { formatIssues } from '@x/agent-protocol/validation';
import { checkTarget, SsrfError, type SsrfOptions } from '../../tools/http/ssrf-guard.js';
import { RemoteAgentError } from './remote-agent-error.js';
import type { RemoteAgentCardInput } from './remote-agent-types.js';

/**
 * What a card must have for us to call the agent (A2A 1.0): a name, a description and at least one
 * interface with a URL; other fields are read by the SDK (`AgentCard.fromJSON`, defaults filled in).
 */
const cardSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string(),
  supportedInterfaces: z
    .array(z.looseObject({ url: z.url({ protocol: /^https?$/ }), protocolBinding: z.string().min(1), protocolVersion: z.string().optional(), tenant: z.string().optional() }))
    .min(1),
  capabilities: z.looseObject({ streaming: z.boolean().optional() }).optional(),
  skills: z
    .array(z.looseObject({ name: z.string(), description: z.string().optional(), examples: z.array(z.string()).optional() }))
    .max(100)
    .optional(),
});

/** The card's URL: a URL naming a `.json` file as it is, else the agent's base URL plus the well-known path. */
export function cardUrl(card: string): URL {
  const url = new URL(card);
  if (url.pathname.endsWith('.json')) return url;
  return new URL(`${url.pathname.replace(/\/+$/, '')}/${AGENT_CARD_PATH}`, url);
}

/**
 * A card (fetched JSON or given inline) checked: it validates, offers a JSON-RPC interface, and every
 * interface URL passes the SSRF guard. Each problem is a {@link RemoteAgentError} naming the agent and the cause.
 */
export async function checkCard(name: string, raw: unknown, ssrf: SsrfOptions): Promise<AgentCard> {
  const parsed = cardSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = formatIssues(parsed.error)
      .slice(0, 5)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; ');
    throw new RemoteAgentError('card', `The ${name} agent's card does not validate: ${issues}.`);
  }
  const interfaces = parsed.data.supportedInterfaces;
  if (!interfaces.some((i) => i.protocolBinding === 'JSONRPC')) {
    throw new RemoteAgentError('card', `The ${name} agent's card offers no JSON-RPC interface (only ${interfaces.map((i) => i.protocolBinding).join(', ')}).`);
  }
  for (const face of interfaces) await guardUrl(name, new URL(face.url), ssrf, 'interface URL');
  return AgentCard.fromJSON(raw);
}

/** `url` through the SSRF guard; a refusal names the agent, the URL and the reason. */
export async function guardUrl(name: string, url: URL, ssrf: SsrfOptions, what: string): Promise<void> {
  try {
    await checkTarget(url, ssrf);
  } catch (error) {
    if (error instanceof SsrfError) throw new RemoteAgentError('unreachable', `The ${name} agent's ${what} ${url.href} is refused: ${error.message}`);
    throw new RemoteAgentError('unreachable', `The ${name} agent's ${what} ${url.href} cannot be resolved: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Reads the card at `url` with `fetchImpl` (the guarded fetch): 200, JSON, then {@link checkCard}. */
export async function fetchCard(name: string, url: URL, fetchImpl: typeof fetch, ssrf: SsrfOptions, signal: AbortSignal): Promise<AgentCard> {
  let response: Response;
  let body: string;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal });
    body = await response.text();
  } catch (error) {
    throw asRemoteError(name, error, `reading its card at ${url.href}`);
  }
  if (!response.ok) throw new RemoteAgentError('card', `The ${name} agent's card at ${url.href} answered HTTP ${response.status}.`);
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    throw new RemoteAgentError('card', `The ${name} agent's card at ${url.href} is not JSON.`);
  }
  return checkCard(name, raw, ssrf);
}

/** Any failure of a request to the agent as a {@link RemoteAgentError} naming the agent and what it was doing. */
export function asRemoteError(name: string, error: unknown, doing: string): RemoteAgentError {
  if (error instanceof RemoteAgentError) return error;
  if (error instanceof SsrfError) return new RemoteAgentError('unreachable', `The ${name} agent is unreachable (${doing}): ${error.message}`);
  const message = error instanceof Error ? error.message : String(error);
  return new RemoteAgentError('protocol', `The ${name} agent failed (${doing}): ${message}`);
}

interface CachedCard {
  card: AgentCard;
  expires: number;
}

/** Fetched cards of one server (by the config object: one cache per `createAgentServer`). */
const caches = new WeakMap<object, Map<string, CachedCard>>();

/** The card of a remote agent: inline (checked), or fetched once per `ttlMs` per server and card URL. */
export async function remoteCard(
  owner: object,
  name: string,
  card: string | RemoteAgentCardInput,
  options: { fetchImpl: typeof fetch; ssrf: SsrfOptions; ttlMs: number; signal: AbortSignal; now?: number },
): Promise<AgentCard> {
  if (typeof card !== 'string') return checkCard(name, card, options.ssrf);
  const url = cardUrl(card);
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new Map()));
  const now = options.now ?? Date.now();
  const hit = cache.get(url.href);
  if (hit && hit.expires > now) return hit.card;
  const fetched = await fetchCard(name, url, options.fetchImpl, options.ssrf, options.signal);
  cache.set(url.href, { card: fetched, expires: now + options.ttlMs });
  return fetched;
}

/** The tool's description for the model: the card's description and its skills. */
export function cardDescription(card: AgentCard): string {
  const skills = card.skills.map((s) => `- ${s.name}${s.description ? `: ${s.description}` : ''}`);
  return [`${card.name} (a remote agent): ${card.description}`, ...(skills.length > 0 ? ['Skills:', ...skills] : [])].join('\n').slice(0, 4000);
}
