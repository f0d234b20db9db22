import type { UIMessage } from 'ai';
import { DEFAULT_MAX_FILE_BYTES, fileRefUrl, filePaths, FILES_SEGMENT, parseFileRef } from '@x/agent-protocol/routes';
import type { AgentServerConfig } from '../config/types.js';
import { DEFAULTS } from '../config/defaults.js';
import { HttpError } from '../http/error-response.js';
import type { BlobStore } from './blob-store.js';
import { DEFAULT_FILE_MEDIA_TYPES, FILE_DEFAULTS, type FilesConfig } from './files-config.js';
import { fileSigner, type FileSigner } from './file-signing.js';

/** What the server keeps about an upload beside its bytes (`meta/{id}.json`). */
export interface FileMeta {
  id: string;
  ownerId: string;
  agentId: string;
  mediaType: string;
  filename: string;
  size: number;
  createdAt: string;
  /** Set once a sent message referenced it: the conversation it belongs to (null without a store). */
  claimed: boolean;
  conversationId: string | null;
}

const FILE_ID = /^file-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const dataKey = (id: string) => `data/${id}`;
export const metaKey = (id: string) => `meta/${id}.json`;

/** A `file_not_found` answer (unknown, foreign, expired or forged: all the same to the caller). */
export const fileNotFound = () => new HttpError('file_not_found', 'There is no such file.');

/** The server's file handling for one config (see `filesOf`). */
export interface FileService {
  readonly store: BlobStore;
  readonly settings: Required<Omit<FilesConfig, 'store'>>;
  readonly basePath: string;
  readonly signer: FileSigner;
  newId(): string;
  isId(id: string): boolean;
  readMeta(id: string): Promise<FileMeta | undefined>;
  writeMeta(meta: FileMeta): Promise<void>;
  /** A path-absolute signed download URL of a file of `ownerId`. */
  signedUrl(agentId: string, fileId: string, ownerId: string, now?: number): Promise<string>;
  /** `x-blob:{id}` for a reference or for one of this server's download URLs, else undefined. */
  normalize(url: string): string | undefined;
  /** Removes files (bytes and record) of `ownerId`; others' ids are skipped. */
  deleteFiles(ids: Iterable<string>, ownerId: string): Promise<void>;
  /** Deletes uploads never claimed (or whose record is missing) older than `orphanTtlMs`; returns how many. */
  sweep(now?: number): Promise<number>;
}

const services = new WeakMap<AgentServerConfig, FileService | null>();

/** The file service of a config (`config.files`), made once; undefined without `files`. */
export function filesOf(config: AgentServerConfig): FileService | undefined {
  let service = services.get(config);
  if (service === undefined) {
    service = config.files ? fileService(config.files, config) : null;
    services.set(config, service);
  }
  return service ?? undefined;
}

function fileService(files: FilesConfig, config: AgentServerConfig): FileService {
  const store = files.store;
  const orphanTtlMs = files.orphanTtlMs ?? FILE_DEFAULTS.orphanTtlMs;
  const settings = {
    maxFileBytes: files.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    mediaTypes: files.mediaTypes ?? [...DEFAULT_FILE_MEDIA_TYPES],
    urlTtlSeconds: files.urlTtlSeconds ?? FILE_DEFAULTS.urlTtlSeconds,
    orphanTtlMs,
    sweepIntervalMs: files.sweepIntervalMs ?? Math.min(orphanTtlMs, FILE_DEFAULTS.maxSweepIntervalMs),
  };
  const basePath = (config.basePath ?? DEFAULTS.basePath).replace(/\/+$/, '');
  const signer = fileSigner(config.approvalSecret);
  const downloadPath = new RegExp(`^${basePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[^/]+/${FILES_SEGMENT}/([^/?#]+)$`);
  const isId = (id: string) => FILE_ID.test(id);

  async function readMeta(id: string): Promise<FileMeta | undefined> {
    if (!isId(id)) return undefined;
    const found = await store.get(metaKey(id));
    if (!found) return undefined;
    try {
      return JSON.parse(await new Response(found.body).text()) as FileMeta;
    } catch {
      return undefined;
    }
  }

  async function remove(id: string): Promise<void> {
    await store.delete(dataKey(id));
    await store.delete(metaKey(id));
  }

  return {
    store,
    settings,
    basePath,
    signer,
    newId: () => `file-${crypto.randomUUID()}`,
    isId,
    readMeta,
    async writeMeta(meta) {
      const bytes = new TextEncoder().encode(JSON.stringify(meta));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
      await store.put(metaKey(meta.id), body, { contentType: 'application/json' });
    },
    async signedUrl(agentId, fileId, ownerId, now = Date.now()) {
      const exp = Math.floor(now / 1000) + settings.urlTtlSeconds;
      const sig = await signer.sign(fileId, ownerId, exp);
      return `${filePaths.download(basePath, agentId, fileId)}?exp=${exp}&sig=${sig}`;
    },
    normalize(url) {
      const ref = parseFileRef(url);
      if (ref !== undefined) return fileRefUrl(ref);
      if (!/^(https?:\/\/|\/)/i.test(url)) return undefined;
      let parsed: URL;
      try {
        parsed = new URL(url, 'http://relative.invalid');
      } catch {
        return undefined;
      }
      const match = downloadPath.exec(parsed.pathname);
      if (!match) return undefined;
      let id: string;
      try {
        id = decodeURIComponent(match[1]!);
      } catch {
        return undefined;
      }
      return isId(id) ? fileRefUrl(id) : undefined;
    },
    async deleteFiles(ids, ownerId) {
      for (const id of new Set(ids)) {
        const meta = await readMeta(id);
        if (meta && meta.ownerId === ownerId) await remove(id);
      }
    },
    async sweep(now = Date.now()) {
      let removed = 0;
      for await (const item of store.list('data/')) {
        if (now - item.lastModified.getTime() < orphanTtlMs) continue;
        const id = item.key.slice('data/'.length);
        const meta = await readMeta(id);
        if (meta?.claimed) continue;
        await remove(id);
        removed++;
      }
      return removed;
    },
  };
}

/** The file ids the `file` parts of `messages` reference (`x-blob:{id}`). */
export function fileIdsIn(messages: readonly { parts: readonly unknown[] }[]): string[] {
  const ids: string[] = [];
  for (const message of messages) {
    for (const part of message.parts) {
      if (typeof part !== 'object' || part === null || (part as { type?: unknown }).type !== 'file') continue;
      const url = (part as { url?: unknown }).url;
      const id = typeof url === 'string' ? parseFileRef(url) : undefined;
      if (id !== undefined) ids.push(id);
    }
  }
  return ids;
}

/** `messages` with each `x-blob:` file part's url replaced by `replace(id)` (other parts as they are). */
export async function mapFileRefs<M extends UIMessage>(messages: readonly M[], replace: (id: string) => Promise<string>): Promise<M[]> {
  return Promise.all(
    messages.map(async (message) => {
      if (!message.parts.some((part) => part.type === 'file' && parseFileRef(part.url) !== undefined)) return message;
      const parts = await Promise.all(
        message.parts.map(async (part) => {
          if (part.type !== 'file') return part;
          const id = parseFileRef(part.url);
          return id === undefined ? part : { ...part, url: await replace(id) };
        }),
      );
      return { ...message, parts };
    }),
  );
}
