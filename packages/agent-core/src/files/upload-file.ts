import { isAgentErrorBody } from '@x/agent-protocol';
import { type FileReference } from '@x/agent-protocol/routes';
import { resolveHeaders, type ConnectionOptions } from '../endpoints.js';
import { AgentRequestError } from '../errors.js';

/** Options of {@link uploadFile}. */
export interface UploadFileOptions extends Omit<ConnectionOptions, 'api' | 'fetch'> {
  /** The upload route: `filePaths.upload(api, agentId)` (`POST {api}/{agentId}/files`). */
  uploadApi: string;
  /** Sent as `?filename=` (default: the file's `name`, else `file`). */
  filename?: string;
  /**
   * A fetch of your own. Without it the upload goes through `XMLHttpRequest` where there is one, the
   * only browser API that reports upload progress; with it progress is reported at the end only.
   */
  fetch?: typeof globalThis.fetch;
  /** Called with the share sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function uploadUrl(options: UploadFileOptions, file: Blob): string {
  const name = options.filename ?? (file as Partial<File>).name ?? 'file';
  const separator = options.uploadApi.includes('?') ? '&' : '?';
  return `${options.uploadApi}${separator}filename=${encodeURIComponent(name || 'file')}`;
}

/**
 * Uploads a file to the server's blob store (`POST {api}/{agentId}/files`, the file as the raw
 * body), reporting progress; resolves the {@link FileReference} to put in a message's `file` part
 * (`url`: the signed URL, resolved against `uploadApi`). Rejects with an {@link AgentRequestError}.
 */
export async function uploadFile(file: Blob, options: UploadFileOptions): Promise<FileReference> {
  const headers = resolveHeaders(options.headers);
  headers.set('content-type', file.type || 'application/octet-stream');
  const url = uploadUrl(options, file);
  const { status, text } =
    options.fetch || typeof XMLHttpRequest === 'undefined' ? await viaFetch(url, file, headers, options) : await viaXhr(url, file, headers, options);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (status < 200 || status >= 300) {
    if (isAgentErrorBody(body)) throw new AgentRequestError(body.error.message, status, body.error.code);
    throw new AgentRequestError(`The upload route answered ${status}.`, status, `http_${status}`);
  }
  const reference = body as Partial<FileReference> | undefined;
  if (!reference || typeof reference.id !== 'string' || typeof reference.mediaType !== 'string') {
    throw new AgentRequestError('The upload route answered without a file reference.', status, 'bad_response');
  }
  options.onProgress?.(1);
  const base = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
  const absolute = reference.url ? new URL(reference.url, new URL(options.uploadApi, base)).href : undefined;
  return { ...(reference as FileReference), ...(absolute ? { url: absolute } : {}) };
}

async function viaFetch(url: string, file: Blob, headers: Headers, options: UploadFileOptions): Promise<{ status: number; text: string }> {
  try {
    const response = await (options.fetch ?? globalThis.fetch)(url, {
      method: 'POST',
      headers,
      body: file,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (options.signal?.aborted) throw new AgentRequestError('The upload was cancelled.', 0, 'aborted');
    throw new AgentRequestError(error instanceof Error ? error.message : String(error), 0, 'network_error');
  }
}

function viaXhr(url: string, file: Blob, headers: Headers, options: UploadFileOptions): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    headers.forEach((value, key) => xhr.setRequestHeader(key, value));
    if (options.credentials === 'include') xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new AgentRequestError('The upload failed (network).', 0, 'network_error'));
    xhr.onabort = () => reject(new AgentRequestError('The upload was cancelled.', 0, 'aborted'));
    if (options.signal) {
      if (options.signal.aborted) return reject(new AgentRequestError('The upload was cancelled.', 0, 'aborted'));
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    options.onProgress?.(0);
    xhr.send(file);
  });
}
