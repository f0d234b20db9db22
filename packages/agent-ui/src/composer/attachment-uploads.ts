'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Resolvable } from '@x/agent-react';

/**
 * The upload itself (`@x/agent-react/files`: the request, its progress, the server's answer) loads
 * with the first file attached: a chat whose user attaches nothing never loads it.
 */
const loadUploads = () => import('@x/agent-react/files');
import { type FileReference } from '@x/agent-protocol/routes';

/**
 * Uploads of the composer's attachments to the server's blob store (README "Files"): each file is
 * uploaded as soon as it is attached, and the message carries its reference instead of its bytes.
 */
export interface ComposerUploadOptions {
  /** The upload route, `POST {api}/{agentId}/files` (`AgentChat` fills it from its `api` and `agentId`). */
  uploadApi: string;
  headers?: Resolvable<Record<string, string> | Headers | undefined>;
  credentials?: RequestCredentials;
  /** A fetch of your own (progress is then reported at the end only). */
  fetch?: typeof globalThis.fetch;
}

/** Where one attachment's upload is. */
export interface UploadState {
  /** 0 to 1. */
  progress: number;
  reference?: FileReference;
  error?: string;
}

interface Job {
  controller: AbortController;
  done: Promise<FileReference | undefined>;
}

/** Starts, tracks, cancels and awaits the uploads of the composer's attachments, by attachment id. */
export function useAttachmentUploads(options: ComposerUploadOptions | undefined) {
  const [states, setStates] = useState<Record<string, UploadState>>({});
  const jobs = useRef(new Map<string, Job>());
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const set = useCallback((id: string, state: UploadState) => setStates((current) => (id in current || state.progress === 0 ? { ...current, [id]: state } : current)), []);

  const start = useCallback(
    (id: string, file: File) => {
      const current = optionsRef.current;
      if (!current) return;
      const controller = new AbortController();
      set(id, { progress: 0 });
      const done = loadUploads()
        .then(({ uploadFile }) =>
          uploadFile(file, {
            uploadApi: current.uploadApi,
            ...(current.headers !== undefined ? { headers: current.headers } : {}),
            ...(current.credentials ? { credentials: current.credentials } : {}),
            ...(current.fetch ? { fetch: current.fetch } : {}),
            signal: controller.signal,
            onProgress: (progress) => set(id, { progress }),
          }),
        )
        .then(
          (reference) => {
            set(id, { progress: 1, reference });
            return reference;
          },
          (error: unknown) => {
            if (!controller.signal.aborted) set(id, { progress: 0, error: error instanceof Error ? error.message : String(error) });
            return undefined;
          },
        );
      jobs.current.set(id, { controller, done });
    },
    [set],
  );

  const cancel = useCallback((id: string) => {
    jobs.current.get(id)?.controller.abort();
    jobs.current.delete(id);
    setStates(({ [id]: _gone, ...rest }) => rest);
  }, []);

  /** The references of `ids` once all uploaded, or undefined when one failed (its state says why). */
  const settle = useCallback(async (ids: readonly string[]): Promise<FileReference[] | undefined> => {
    const references = await Promise.all(ids.map((id) => jobs.current.get(id)?.done));
    return references.every((reference) => reference !== undefined) ? (references as FileReference[]) : undefined;
  }, []);

  /** Forgets every upload (after a send: the files now belong to the message). */
  const reset = useCallback(() => {
    jobs.current.clear();
    setStates({});
  }, []);

  // Unmounting with uploads in flight cancels them (never sent: the server sweeps what arrived).
  useEffect(() => {
    const running = jobs.current;
    return () => running.forEach((job) => job.controller.abort());
  }, []);

  return { states, start, cancel, settle, reset };
}
