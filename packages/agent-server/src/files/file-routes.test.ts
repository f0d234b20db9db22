import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fileRefUrl, type ConversationHistory, type FileReference } from '@x/agent-protocol/routes';
import { memoryStore } from '../store/memory-store.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { readChunks } from '../test-utils/sse.js';
import { routeRequest, storeServer, turnRequest } from '../test-utils/store-server.js';
import type { BlobStore } from './blob-store.js';
import type { FilesConfig } from './files-config.js';
import { fileSystemBlobStore } from './fs-blob-store.js';
import { filesOf } from './file-service.js';
import { rmSync } from 'node:fs';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A blob store in a fresh folder, with its `put` calls counted. */
function blobs(): BlobStore & { puts: number } {
  const dir = mkdtempSync(join(tmpdir(), 'xkit-files-'));
  dirs.push(dir);
  const inner = fileSystemBlobStore({ dir });
  const store = { ...inner, puts: 0 };
  store.put = (...args) => {
    store.puts++;
    return inner.put(...args);
  };
  return store;
}

async function keys(store: BlobStore): Promise<string[]> {
  const found: string[] = [];
  for await (const item of store.list('')) found.push(item.key);
  return found.sort();
}

function setup(files: Partial<FilesConfig> = {}) {
  const blobStore = blobs();
  const conversations = memoryStore();
  const model = mockModel(textParts('Nice picture.'));
  const { server } = storeServer(conversations, model, { files: { store: blobStore, maxFileBytes: 10_000, ...files } });
  return { server, blobStore, conversations, model };
}

const png = (size: number) => new Uint8Array(size).map((_, i) => i % 256);

function uploadRequest(body: BodyInit | null, init: { type?: string; user?: string; filename?: string; headers?: Record<string, string> } = {}): Request {
  return new Request(`http://localhost/api/agent/assistant/files?filename=${encodeURIComponent(init.filename ?? 'cat.png')}`, {
    method: 'POST',
    headers: { 'content-type': init.type ?? 'image/png', 'x-user': init.user ?? 'alice', ...init.headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

async function upload(server: { fetch(r: Request): Promise<Response> }, bytes: Uint8Array<ArrayBuffer>, user = 'alice'): Promise<FileReference> {
  const response = await server.fetch(uploadRequest(bytes, { user }));
  expect(response.status).toBe(201);
  return (await response.json()) as FileReference;
}

const fileMessage = (id: string, url: string, text = 'Look') => ({
  id,
  role: 'user' as const,
  parts: [
    { type: 'text' as const, text },
    { type: 'file' as const, mediaType: 'image/png', filename: 'cat.png', url },
  ],
});

async function errorCode(response: Response): Promise<string> {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe('file upload route', () => {
  it('streams an upload to the blob store and answers a reference whose signed URL serves the bytes', async () => {
    const { server } = setup();
    const ref = await upload(server, png(5000));
    expect(ref).toMatchObject({ mediaType: 'image/png', size: 5000, filename: 'cat.png' });
    expect(ref.url).toMatch(new RegExp(`^/api/agent/assistant/files/${ref.id}\\?exp=\\d+&sig=`));
    const download = await server.fetch(new Request(`http://localhost${ref.url}`));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png(5000));
  });

  it('refuses a declared size over the limit with 413 before the store sees a byte', async () => {
    const { server, blobStore } = setup();
    // As an HTTP client sends it: the length first, the body after (never read here).
    const response = await server.fetch(uploadRequest(png(10_001), { headers: { 'content-length': '10001' } }));
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe('payload_too_large');
    expect(blobStore.puts).toBe(0);
    expect(await keys(blobStore)).toEqual([]);
  });

  it('refuses a streamed body (no content-length) once it passes the limit, keeping nothing', async () => {
    const { server, blobStore } = setup();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(new Uint8Array(1000));
        else controller.close();
      },
    });
    const response = await server.fetch(uploadRequest(body));
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(20); // not read to its end
    expect(await keys(blobStore)).toEqual([]);
  });

  it('answers 415 for a media type outside files.mediaTypes and 400 for an empty file or bad filename', async () => {
    const { server, blobStore } = setup();
    const html = await server.fetch(uploadRequest('<script>', { type: 'text/html' }));
    expect(html.status).toBe(415);
    expect(await errorCode(html)).toBe('unsupported_media_type');
    const none = await server.fetch(uploadRequest(png(10), { type: '' }));
    expect(none.status).toBe(415);
    const empty = await server.fetch(uploadRequest(new Uint8Array(0)));
    expect(empty.status).toBe(400);
    const badName = await server.fetch(uploadRequest(png(10), { filename: '../etc/passwd' }));
    expect(badName.status).toBe(400);
    expect(await keys(blobStore)).toEqual([]);
  });

  it('needs the user (401) and answers 501 store_required without config.files', async () => {
    const { server } = storeServer(memoryStore(), mockModel(textParts('x')), { authenticate: (r) => (r.headers.get('x-user') ? { id: 'a' } : null) });
    const anonymous = new Request('http://localhost/api/agent/assistant/files', { method: 'POST', headers: { 'content-type': 'image/png' }, body: png(3) });
    expect((await server.fetch(anonymous)).status).toBe(401);
    const response = await server.fetch(uploadRequest(png(3)));
    expect(response.status).toBe(501);
    expect(await errorCode(response)).toBe('store_required');
  });
});

describe('file references in turns', () => {
  it('stores the reference, gives the model the bytes, and answers history with a fresh signed URL', async () => {
    const { server, conversations, model } = setup();
    const ref = await upload(server, png(3000));
    // The client may send the signed URL the upload answered: it is stored as x-blob:{id}.
    await readChunks(await server.fetch(turnRequest('c1', { messages: [fileMessage('u1', `http://localhost${ref.url!}`)] })));
    const [stored] = (await conversations.loadThread('alice', 'c1'))!;
    expect(stored!.parts[1]).toMatchObject({ type: 'file', url: fileRefUrl(ref.id) });
    const prompt = model.doStreamCalls[0]!.prompt;
    const file = prompt.flatMap((m) => (m.role === 'user' ? m.content : [])).find((p) => p.type === 'file');
    expect(file).toBeDefined();
    expect(file).toMatchObject({ mediaType: 'image/png', data: { type: 'data' } });
    const data = (file as { data: { data: string } }).data.data;
    expect(Uint8Array.from(Buffer.from(data, 'base64'))).toEqual(png(3000));

    const history = (await (await server.fetch(routeRequest('/c1'))).json()) as ConversationHistory;
    const url = (history.messages[0]!.parts[1] as { url: string }).url;
    expect(url).toMatch(/^\/api\/agent\/assistant\/files\/file-/);
    const download = await server.fetch(new Request(`http://localhost${url}`));
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png(3000));
  });

  it('answers 404 file_not_found for a forged reference and saves nothing', async () => {
    const { server, conversations } = setup();
    const forged = await server.fetch(turnRequest('c1', { messages: [fileMessage('u1', fileRefUrl(`file-${crypto.randomUUID()}`))] }));
    expect(forged.status).toBe(404);
    expect(await errorCode(forged)).toBe('file_not_found');
    const garbage = await server.fetch(turnRequest('c1', { messages: [fileMessage('u1', fileRefUrl('nope'))] }));
    expect(garbage.status).toBe(404);
    expect(await conversations.getConversation('alice', 'c1')).toBeNull();
  });

  it("answers 404 for another user's file, in a turn and through a URL re-signed for someone else", async () => {
    const { server, conversations } = setup();
    const ref = await upload(server, png(100), 'alice');
    const stolen = await server.fetch(turnRequest('c2', { messages: [fileMessage('b1', fileRefUrl(ref.id))] }, 'bob'));
    expect(stolen.status).toBe(404);
    expect(await errorCode(stolen)).toBe('file_not_found');
    expect(await conversations.getConversation('bob', 'c2')).toBeNull();
    // A signature made for bob does not open alice's file; neither does a tampered or missing one.
    const files = filesOf(server.config)!;
    const forBob = await files.signedUrl('assistant', ref.id, 'bob');
    // The tampered one changes the signature's first character (to another one: a signature may start with `A`).
    const tampered = ref.url!.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(ref.url);
    for (const url of [forBob, tampered, ref.url!.split('?')[0]!, `${ref.url!.split('&')[0]!}&sig=`]) {
      const response = await server.fetch(new Request(`http://localhost${url}`));
      expect(response.status, url).toBe(404);
      expect(await errorCode(response)).toBe('file_not_found');
    }
  });

  it('refuses an expired download URL', async () => {
    const { server } = setup({ urlTtlSeconds: 1 });
    const ref = await upload(server, png(10));
    vi.useFakeTimers({ now: Date.now() + 5_000, toFake: ['Date'] });
    try {
      expect((await server.fetch(new Request(`http://localhost${ref.url!}`))).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a file already sent in another conversation (its deletion follows that conversation)", async () => {
    const { server } = setup();
    const ref = await upload(server, png(10));
    await readChunks(await server.fetch(turnRequest('c1', { messages: [fileMessage('u1', fileRefUrl(ref.id))] })));
    const again = await server.fetch(turnRequest('c2', { messages: [fileMessage('u2', fileRefUrl(ref.id))] }));
    expect(again.status).toBe(404);
  });

  it('an edit keeps the file: the new version sent with the history URL stores the same reference and the model gets the bytes', async () => {
    const { server, conversations, model, blobStore } = setup();
    const ref = await upload(server, png(500));
    await readChunks(await server.fetch(turnRequest('c1', { messages: [fileMessage('u1', fileRefUrl(ref.id))] })));
    // The client edits u1 with the file part as history gave it (a signed download URL).
    const history = (await (await server.fetch(routeRequest('/c1'))).json()) as ConversationHistory;
    const shown = history.messages[0]!.parts[1]!;
    const edit = await server.fetch(turnRequest('c1', { parentId: null, messages: [{ id: 'u1b', role: 'user', parts: [{ type: 'text', text: 'Look again' }, shown] }] }));
    expect(edit.status).toBe(200);
    await readChunks(edit);
    const tree = (await conversations.loadTree('alice', 'c1'))!;
    expect(tree.find((m) => m.id === 'u1b')!.parts[1]).toMatchObject({ type: 'file', mediaType: 'image/png', url: fileRefUrl(ref.id) });
    const prompt = model.doStreamCalls.at(-1)!.prompt;
    const file = prompt.flatMap((m) => (m.role === 'user' ? m.content : [])).find((p) => p.type === 'file');
    expect(Uint8Array.from(Buffer.from((file as { data: { data: string } }).data.data, 'base64'))).toEqual(png(500));
    // The first version goes; the edit still shows the file.
    expect((await server.fetch(routeRequest('/c1/messages/u1', { method: 'DELETE' }))).status).toBe(204);
    expect(await keys(blobStore)).toEqual([`data/${ref.id}`, `meta/${ref.id}.json`]);
  });
});

describe('file lifetime', () => {
  it('deletes the files of a deleted conversation', async () => {
    const { server, blobStore } = setup();
    const ref = await upload(server, png(10));
    await readChunks(await server.fetch(turnRequest('c1', { messages: [fileMessage('u1', fileRefUrl(ref.id))] })));
    expect(await keys(blobStore)).toEqual([`data/${ref.id}`, `meta/${ref.id}.json`]);
    expect((await server.fetch(routeRequest('/c1', { method: 'DELETE' }))).status).toBe(204);
    expect(await keys(blobStore)).toEqual([]);
  });

  it('deletes the files of a deleted message subtree, but not those a kept message still shows', async () => {
    const { server, blobStore, conversations } = setup();
    const kept = await upload(server, png(10));
    const doomed = await upload(server, png(20));
    await readChunks(await server.fetch(turnRequest('c1', { messages: [fileMessage('u1', fileRefUrl(kept.id))] })));
    await readChunks(await server.fetch(turnRequest('c1', { messages: [fileMessage('u2', fileRefUrl(doomed.id), 'Another')] })));
    expect(await keys(blobStore)).toHaveLength(4);
    expect((await server.fetch(routeRequest('/c1/messages/u2', { method: 'DELETE' }))).status).toBe(204);
    expect(await keys(blobStore)).toEqual([`data/${kept.id}`, `meta/${kept.id}.json`]);
    expect((await conversations.loadTree('alice', 'c1'))!.map((m) => m.id)).not.toContain('u2');
  });

  it('cleans up uploads no sent message referenced once older than orphanTtlMs (on its own timer)', async () => {
    // The sweep timer is faked (it fires when the test says, not in the middle of the turn on a busy
    // machine); the files' ages are real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { server, blobStore } = setup({ orphanTtlMs: 1, sweepIntervalMs: 20 });
      const sent = await upload(server, png(10));
      await readChunks(await server.fetch(turnRequest('c1', { messages: [fileMessage('u1', fileRefUrl(sent.id))] })));
      const orphan = await upload(server, png(10));
      await new Promise((resolve) => setTimeout(resolve, 5)); // older than orphanTtlMs
      await vi.advanceTimersByTimeAsync(20);
      await server.close(); // waits for the sweep that started
      expect(await keys(blobStore)).not.toContain(`data/${orphan.id}`);
      expect(await keys(blobStore)).toEqual([`data/${sent.id}`, `meta/${sent.id}.json`]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('server.close() stops the cleanup timer: no sweep lists the blob store after it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const blobStore = blobs();
      const list = vi.spyOn(blobStore, 'list');
      const { server } = storeServer(memoryStore(), mockModel(textParts('Hi.')), { files: { store: blobStore, sweepIntervalMs: 1_000 } });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(list).toHaveBeenCalledTimes(1);
      await server.close();
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(list).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
