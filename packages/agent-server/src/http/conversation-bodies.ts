import type { WireUIMessage } from '@x/agent-protocol';
import type { MessageInput } from '../store/types.js';
import { HttpError } from './error-response.js';

/** The messages of a parsed `PUT …/queue` body (`replaceQueueBodySchema`) as the store keeps them. */
export function queueInputOf(messages: readonly WireUIMessage[]): MessageInput[] {
  return messages.map((m) => ({
    id: m.id,
    role: m.role,
    parts: (m.parts ?? []) as MessageInput['parts'],
    ...(m.metadata !== null && typeof m.metadata === 'object' && !Array.isArray(m.metadata) ? { metadata: m.metadata as Record<string, unknown> } : {}),
  }));
}

/** `?limit=`: an integer in 1–max, else 400; `fallback` when absent. */
export function readLimit(url: URL, fallback: number, max: number): number {
  const raw = url.searchParams.get('limit');
  if (raw === null || raw === '') return fallback;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new HttpError('invalid_body', `limit must be an integer from 1 to ${max}.`, [{ path: 'query.limit', message: `must be 1–${max}` }]);
  }
  return limit;
}
