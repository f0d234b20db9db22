import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRefUrl, type ConversationHistory, type FileReference } from '@x/agent-protocol/routes';
import { postgresStore } from '../store/postgres-store.js';
import type { ConversationStore } from '../store/types.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { postgresDatabase } from '../test-utils/shared-postgres.js';
import { startS3rver, type S3Server } from '../test-utils/s3rver-server.js';
import { readChunks } from '../test-utils/sse.js';
import { routeRequest, storeServer, turnRequest } from '../test-utils/store-server.js';
import type { BlobStore } from './blob-store.js';
import { s3BlobStore } from './s3-blob-store.js';

let s3: S3Server | undefined;
let conversations: ConversationStore;
let blobs: BlobStore;
beforeAll(async () => {
  const [database, server] = await Promise.all([postgresDatabase(), startS3rver('kit-files')]);
  s3 = server;
  conversations = postgresStore({ connectionString: database.connectionString });
  blobs = await s3BlobStore({ client: s3.client, bucket: s3.bucket });
}, 60_000);
afterAll(async () => {
  await conversations?.close?.();
  s3?.destroy();
});

async function keys(): Promise<string[]> {
  const found: string[] = [];
  for await (const item of blobs.list('')) found.push(item.key);
  return found.sort();
}

describe('files on a real PostgreSQL and a real S3-compatible server', () => {
  it('uploads, sends by reference, serves history from signed URLs, refuses others, and deletes with the conversation', async () => {
    const { server } = storeServer(conversations, mockModel(textParts('Seen.')), { files: { store: blobs } });
    const bytes = new Uint8Array(1024 * 1024).map((_, i) => i % 241);
    const uploaded = await server.fetch(
      new Request('http://localhost/api/agent/assistant/files?filename=scan.png', { method: 'POST', headers: { 'content-type': 'image/png', 'x-user': 'alice' }, body: bytes }),
    );
    expect(uploaded.status).toBe(201);
    const ref = (await uploaded.json()) as FileReference;
    const message = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Read this' }, { type: 'file', mediaType: 'image/png', filename: 'scan.png', url: fileRefUrl(ref.id) }] };
    await readChunks(await server.fetch(turnRequest('pg-c1', { messages: [message] })));

    const stolen = await server.fetch(turnRequest('pg-c2', { messages: [{ ...message, id: 'b1' }] }, 'bob'));
    expect(stolen.status).toBe(404);
    expect(await conversations.getConversation('bob', 'pg-c2')).toBeNull();

    const history = (await (await server.fetch(routeRequest('/pg-c1'))).json()) as ConversationHistory;
    const url = (history.messages[0]!.parts[1] as { url: string }).url;
    const download = await server.fetch(new Request(`http://localhost${url}`));
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);

    expect(await keys()).toEqual([`data/${ref.id}`, `meta/${ref.id}.json`]);
    expect((await server.fetch(routeRequest('/pg-c1', { method: 'DELETE' }))).status).toBe(204);
    expect(await keys()).toEqual([]);
  }, 60_000);
});
