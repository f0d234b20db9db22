import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileRefUrl, type FileReference } from '@x/agent-protocol/routes';
import { pgliteStore } from '../store/pglite-store.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { readChunks } from '../test-utils/sse.js';
import { storeServer, turnRequest } from '../test-utils/store-server.js';
import { fileSystemBlobStore } from './fs-blob-store.js';

const dirs = [mkdtempSync(join(tmpdir(), 'xkit-size-blobs-')), mkdtempSync(join(tmpdir(), 'xkit-size-pglite-'))];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('message rows with a blob store', () => {
  it('keeps a conversation with ten 2 MB images under 100 KB of message JSON (PGlite)', async () => {
    const [blobDir, dataDir] = dirs as [string, string];
    const store = pgliteStore({ dataDir });
    const { server } = storeServer(store, mockModel(textParts('Seen.')), { files: { store: fileSystemBlobStore({ dir: blobDir }), maxFileBytes: 3 * 1024 * 1024 } });
    const image = new Uint8Array(2 * 1024 * 1024).map((_, i) => (i * 31) % 256);
    for (let i = 0; i < 10; i++) {
      const uploaded = await server.fetch(
        new Request('http://localhost/api/agent/assistant/files?filename=photo.png', { method: 'POST', headers: { 'content-type': 'image/png', 'x-user': 'alice' }, body: image }),
      );
      expect(uploaded.status).toBe(201);
      const ref = (await uploaded.json()) as FileReference;
      const message = { id: `u${i}`, role: 'user', parts: [{ type: 'text', text: `Photo ${i}` }, { type: 'file', mediaType: 'image/png', filename: 'photo.png', url: fileRefUrl(ref.id) }] };
      const response = await server.fetch(turnRequest('c1', { messages: [message] }));
      expect(response.status).toBe(200);
      await readChunks(response);
    }
    await store.close?.();
    // Measured in the database itself: the bytes of every stored message's parts and metadata.
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dataDir);
    const { rows } = await db.query<{ messages: number; bytes: number }>(
      "select count(*)::int as messages, sum(octet_length(parts::text) + octet_length(metadata::text))::int as bytes from agent_messages where conversation_id = 'c1'",
    );
    await db.close();
    expect(rows[0]!.messages).toBe(20);
    expect(rows[0]!.bytes).toBeLessThan(100 * 1024);
  }, 120_000);
});
