import type { UIMessage } from 'ai';

const hasOwn = Object.prototype.hasOwnProperty;

/** True when `a` and `b` have the same own keys with `===` values. */
function shallowEqual(a: object, b: object): boolean {
  let count = 0;
  for (const key in b) {
    if (!hasOwn.call(b, key)) continue;
    if (!hasOwn.call(a, key) || (a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) return false;
    count++;
  }
  for (const key in a) if (hasOwn.call(a, key)) count--;
  return count === 0;
}

const isPlain = (value: unknown): value is object =>
  Array.isArray(value) ||
  (typeof value === 'object' && value !== null && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null));

/** `previous` when `next` is a shallow-equal plain object or array (the chat copies metadata on every update), else `next`. */
function shareValue<T>(previous: T, next: T): T {
  if (previous === next) return next;
  return isPlain(previous) && isPlain(next) && Array.isArray(previous) === Array.isArray(next) && shallowEqual(previous, next) ? previous : next;
}

/**
 * The parts of `next` with every part that is shallow-equal to the part at the same position of
 * `previous` replaced by that earlier object; `previous` itself when all of them are.
 */
function shareParts<P extends object>(previous: readonly P[], next: readonly P[]): readonly P[] {
  if (previous === next) return next;
  let allPrevious = previous.length === next.length;
  let anyPrevious = false;
  const out = new Array<P>(next.length);
  for (let i = 0; i < next.length; i++) {
    const part = next[i]!;
    const before = previous[i];
    if (before !== undefined && (before === part || shallowEqual(before, part))) {
      out[i] = before;
      anyPrevious = true;
    } else {
      out[i] = part;
      allPrevious = false;
    }
  }
  return allPrevious ? previous : anyPrevious ? out : next;
}

/** `next` sharing unchanged parts (and metadata) with `previous`, the same message one update earlier; `previous` when nothing changed. */
export function shareMessage<MESSAGE extends UIMessage>(previous: MESSAGE, next: MESSAGE): MESSAGE {
  if (previous === next) return next;
  const parts = shareParts(previous.parts, next.parts);
  const metadata = shareValue(previous.metadata, next.metadata);
  let same = parts === previous.parts && metadata === previous.metadata;
  let count = 0;
  for (const key in next) {
    if (!hasOwn.call(next, key)) continue;
    count++;
    if (same && key !== 'parts' && key !== 'metadata' && (!hasOwn.call(previous, key) || (previous as Record<string, unknown>)[key] !== (next as Record<string, unknown>)[key])) same = false;
  }
  if (same) {
    for (const key in previous) if (hasOwn.call(previous, key)) count--;
    if (count === 0) return previous;
  }
  if (parts === next.parts && metadata === next.metadata) return next;
  return { ...next, parts: parts as MESSAGE['parts'], ...('metadata' in next ? { metadata } : {}) };
}

/**
 * The transcript `next` (the chat's new messages array) structurally shared with the published
 * `previousOut`, which was made from the chat's earlier array `previousSource` position by
 * position: messages whose object the chat kept map to what was published for them; changed ones
 * go through `shareMessage` against the published message with the same id. Returns `previousOut`
 * when the result would equal it entry by entry, and `next` itself when nothing was substituted.
 * Cost: one identity pass over the messages, plus the parts of the messages whose object changed.
 *
 * A message without an earlier version is published as a copy (message and parts) while the chat is
 * `busy`, and when it is the last message: the AI SDK pushes a new reply as its live streaming object
 * (later updates are copies) and keeps mutating it and its parts, so publishing it — and later
 * comparing with it — would hide changes. Earlier messages of a loaded transcript are kept as they are.
 */
export function shareMessages<MESSAGE extends UIMessage>(
  previousSource: readonly MESSAGE[],
  previousOut: readonly MESSAGE[],
  next: readonly MESSAGE[],
  busy: boolean,
): readonly MESSAGE[] {
  const out = new Array<MESSAGE>(next.length);
  let asPrevious = next.length === previousOut.length;
  let asNext = true;
  let byId: Map<string, MESSAGE> | undefined;
  for (let i = 0; i < next.length; i++) {
    const message = next[i]!;
    let shared: MESSAGE;
    if (previousSource[i] === message) {
      shared = previousOut[i]!;
    } else {
      let base = previousOut[i];
      if (base !== undefined && base.id !== message.id) {
        // Messages were inserted, removed or moved: find the earlier version by id.
        byId ??= new Map(previousOut.map((m) => [m.id, m]));
        base = byId.get(message.id);
      }
      if (base !== undefined) shared = shareMessage(base, message);
      else shared = busy || i === next.length - 1 ? ({ ...message, parts: message.parts.map((part) => ({ ...part })) } as MESSAGE) : message;
    }
    out[i] = shared;
    if (shared !== previousOut[i]) asPrevious = false;
    if (shared !== message) asNext = false;
  }
  return asPrevious ? previousOut : asNext ? next : out;
}
