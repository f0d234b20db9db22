import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { fileSystemBlobStore } from '@x/agent-server/files';
import { filePaths } from '@x/agent-protocol/routes';
import { testServer } from '../test-utils/test-server.js';
import { AgentRequestError } from '../errors.js';
import { uploadFile } from './upload-file.js';

const dir = mkdtempSync(join(tmpdir(), 'xkit-react-upload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function server() {
  return testServer({ assistant: { script: { steps: [[{ type: 'text', text: 'ok' }]] } } }, {}, { files: { store: fileSystemBlobStore({ dir }), maxFileBytes: 1000 } });
}

const uploadApi = filePaths.upload('http://localhost/api/agent', 'assistant');

describe('uploadFile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads through the route and resolves the reference with an absolute signed URL', async () => {
    const { fetch, urls } = server();
    const progress: number[] = [];
    const file = new File([new Uint8Array(300)], 'cat one.png', { type: 'image/png' });
    const ref = await uploadFile(file, { uploadApi, fetch, onProgress: (f) => progress.push(f) });
    expect(urls[0]).toBe(`${uploadApi}?filename=cat%20one.png`);
    expect(ref).toMatchObject({ mediaType: 'image/png', size: 300, filename: 'cat one.png' });
    expect(ref.url).toMatch(/^http:\/\/localhost\/api\/agent\/assistant\/files\/file-.+\?exp=\d+&sig=/);
    expect(progress.at(-1)).toBe(1);
    const download = await fetch(ref.url!);
    expect((await download.arrayBuffer()).byteLength).toBe(300);
  });

  it("rejects with the server's code: 413 over the limit, 415 for a refused type", async () => {
    const { fetch } = server();
    const big = uploadFile(new File([new Uint8Array(1001)], 'big.png', { type: 'image/png' }), { uploadApi, fetch });
    await expect(big).rejects.toMatchObject({ code: 'payload_too_large', status: 413 });
    const html = uploadFile(new File(['<p>'], 'x.html', { type: 'text/html' }), { uploadApi, fetch });
    await expect(html).rejects.toBeInstanceOf(AgentRequestError);
    await expect(html).rejects.toMatchObject({ code: 'unsupported_media_type' });
  });

  it('reports upload progress through XMLHttpRequest when no fetch is given', async () => {
    class FakeXhr {
      static last: FakeXhr | undefined;
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      status = 0;
      responseText = '';
      withCredentials = false;
      headers: Record<string, string> = {};
      open = vi.fn();
      setRequestHeader(key: string, value: string) {
        this.headers[key] = value;
      }
      abort() {
        this.onabort?.();
      }
      send() {
        FakeXhr.last = this;
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const done = uploadFile(new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }), { uploadApi, onProgress: (f) => progress.push(f), headers: { authorization: 'Bearer t' } });
    const xhr = FakeXhr.last!;
    expect(xhr.headers).toMatchObject({ 'content-type': 'image/png', authorization: 'Bearer t' });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    xhr.status = 201;
    xhr.responseText = JSON.stringify({ id: 'file-1', url: '/api/agent/assistant/files/file-1?exp=1&sig=s', mediaType: 'image/png', size: 10, filename: 'a.png' });
    xhr.onload?.();
    expect((await done).url).toBe('http://localhost/api/agent/assistant/files/file-1?exp=1&sig=s');
    expect(progress).toEqual([0, 0.5, 1]);

    const controller = new AbortController();
    const cancelled = uploadFile(new File(['x'], 'b.png', { type: 'image/png' }), { uploadApi, signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'aborted' });
  });
});
