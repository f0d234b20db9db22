import type { UIMessage } from 'ai';
import { dataKey, fileIdsIn, fileNotFound, mapFileRefs, type FileService } from './file-service.js';

/** Who a turn's file references must belong to. */
export interface TurnFileScope {
  ownerId: string;
  /** The turn's conversation (null without a store). */
  conversationId: string | null;
}

/**
 * The messages as the model gets them: each `x-blob:` file part becomes a base64 `data:` URL of the
 * file's bytes (every provider takes bytes), read right before the call. A reference that is not
 * the user's, belongs to another conversation, or does not exist is 404 `file_not_found` — before
 * anything of the turn is saved. Without a file service a reference is likewise 404.
 */
export async function resolveFilesForModel(messages: UIMessage[], files: FileService | undefined, scope: TurnFileScope): Promise<UIMessage[]> {
  const ids = fileIdsIn(messages);
  if (ids.length === 0) return messages;
  if (!files) throw fileNotFound();
  const types = new Map<string, string>();
  for (const id of new Set(ids)) {
    const meta = await files.readMeta(id);
    if (!meta || meta.ownerId !== scope.ownerId || (meta.claimed && meta.conversationId !== scope.conversationId)) throw fileNotFound();
    types.set(id, meta.mediaType);
  }
  return mapFileRefs(messages, async (id) => {
    const found = await files.store.get(dataKey(id));
    if (!found) throw fileNotFound();
    const bytes = new Uint8Array(await new Response(found.body).arrayBuffer());
    return `data:${types.get(id)};base64,${toBase64(bytes)}`;
  });
}

/** Marks the files the messages reference as sent in the conversation (never swept as orphans). */
export async function claimFiles(messages: readonly UIMessage[], files: FileService | undefined, scope: TurnFileScope): Promise<void> {
  if (!files) return;
  for (const id of new Set(fileIdsIn(messages))) {
    const meta = await files.readMeta(id);
    if (!meta || meta.claimed || meta.ownerId !== scope.ownerId) continue;
    await files.writeMeta({ ...meta, claimed: true, conversationId: scope.conversationId });
  }
}

/** Base64 of `bytes` without Node's Buffer (the core also runs on edge runtimes), 32 KiB at a time. */
function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000) parts.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  return btoa(parts.join(''));
}
