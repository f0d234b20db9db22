/**
 * Generate run ids. With a store a run id names its conversation (`gen_{base64url(id)}.{uuid}`), so
 * the tool-outputs route finds the paused run without another index; the id grants nothing by
 * itself: the conversation is still read scoped to the caller (another user's run is a 404).
 */
export function newRunId(conversationId: string | undefined): string {
  const id = crypto.randomUUID();
  return conversationId === undefined ? `gen_${id}` : `gen_${toBase64Url(conversationId)}.${id}`;
}

/** The conversation of a run id, or undefined when the id is not one a store-backed run got. */
export function conversationOfRunId(runId: string): string | undefined {
  const match = /^gen_([A-Za-z0-9_-]{1,400})\.[0-9a-f-]{36}$/.exec(runId);
  if (!match) return undefined;
  try {
    const bytes = Uint8Array.from(atob(match[1]!.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
