'use client';
import { useSyncExternalStore } from 'react';
import { MARKDOWN_KIT } from './markdown-components.js';
import type { MarkdownPipeline } from './markdown-parts.js';

export type { MarkdownPipeline };

/**
 * The markdown pipeline (marked, its tokens to React elements, a reply's reading for screen readers; the kit's links, images, code blocks and tables stay in the
 * first load and are handed to it) lives in a chunk of its own, off the page's first load. The page
 * starts fetching it as the chat's code runs (the module below does), so it arrives beside the app's
 * own first requests and runs in a task of its own — the page's first script does not parse and run
 * it, and a chat that shows no reply yet (a new conversation, a closed drawer) paints without it.
 *
 * Until it is there, markdown shows as its plain text (the same element the deferred blocks use:
 * `data-xagent-markdown-pending`), and every reply switches to its parsed markdown when it arrives —
 * in practice before the first reply or the loaded history renders. The server renders the plain
 * text, and so does hydration (the server's snapshot), then the parsed markdown takes its place.
 * A chunk that fails to load leaves the plain text (nothing is lost) and the next reply that mounts
 * tries again.
 */
let loaded: MarkdownPipeline | undefined;
let pending: Promise<MarkdownPipeline> | undefined;
const listeners = new Set<() => void>();

/** Fetches the markdown chunk once (again after a failure); resolves with the pipeline. */
export function loadMarkdownPipeline(): Promise<MarkdownPipeline> {
  return (pending ??= import('./markdown-parts.js').then(
    (parts) => {
      loaded = parts.markdownPipeline(MARKDOWN_KIT);
      listeners.forEach((listener) => listener());
      return loaded;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  ));
}

const ignore = () => {};

// In a browser, as soon as the chat's code runs (a server renders the plain text and loads nothing).
if (typeof document !== 'undefined') loadMarkdownPipeline().catch(ignore);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A mount after a failed load tries again.
  if (!loaded) loadMarkdownPipeline().catch(ignore);
  return () => void listeners.delete(listener);
}
const current = () => loaded;
const onServer = () => undefined;

/** The markdown pipeline once its chunk has run; undefined before (and on the server, and while hydrating). */
export function useMarkdownPipeline(): MarkdownPipeline | undefined {
  return useSyncExternalStore(subscribe, current, onServer);
}
