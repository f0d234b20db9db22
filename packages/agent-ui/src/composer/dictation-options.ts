import { transcriptionPaths } from '@x/agent-protocol/routes';
import type { Resolvable } from '@x/agent-react';

/**
 * Dictation settings of the composer (`AgentComposer`'s `dictation`, `AgentChat`'s `dictation`).
 * Off unless given: the recorded path needs a server transcription model, and the browser's speech
 * recognition may send the audio to its vendor's service — both are the app's choice.
 */
export interface ComposerDictationOptions {
  /**
   * URL of the server's transcription route (`POST {basePath}/{agentId}/transcribe`). `AgentChat`
   * defaults it to its own `api` and `agentId`; without it, only the browser's speech recognition works.
   */
  transcribeApi?: string;
  /**
   * `auto` (default): the Web Speech API where the browser has it, else record and transcribe on
   * the server; `record`: always record and transcribe on the server; `speech`: only the Web Speech API.
   */
  mode?: 'auto' | 'record' | 'speech';
  /** BCP 47 language of the speech (default: the page's `lang`). */
  lang?: string;
  /** Longest recording in ms (default 120,000); the recording stops by itself then. */
  maxDurationMs?: number;
  /** Headers of the transcription request (e.g. auth), a value or a function read at send time. */
  headers?: Resolvable<Record<string, string> | Headers | undefined>;
  credentials?: RequestCredentials;
  /** The fetch used for the transcription request (default `globalThis.fetch`). */
  fetch?: typeof globalThis.fetch;
}

/** What `AgentChat` knows of its server, for the dictation defaults. */
export interface DictationChatRoute {
  api?: string | URL;
  agentId: string;
  headers?: ComposerDictationOptions['headers'];
  credentials?: RequestCredentials;
  fetch?: typeof globalThis.fetch;
}

/**
 * `AgentChat`'s `dictation` prop as composer options: `true` or an object turns it on, with the
 * transcription route, headers, credentials and fetch of the chat unless the object sets its own.
 */
export function chatDictationOptions(
  dictation: ComposerDictationOptions | boolean | undefined,
  route: DictationChatRoute,
): ComposerDictationOptions | undefined {
  if (!dictation) return undefined;
  const own = dictation === true ? {} : dictation;
  const base = String(route.api ?? '/api/agent').replace(/\/+$/, '');
  return {
    transcribeApi: transcriptionPaths.transcribe(base, route.agentId),
    ...(route.headers !== undefined ? { headers: route.headers } : {}),
    ...(route.credentials ? { credentials: route.credentials } : {}),
    ...(route.fetch ? { fetch: route.fetch } : {}),
    ...own,
  };
}
