import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4, MockTranscriptionModelV4 } from 'ai/test';
import type { ConversationHistory, FileReference, GenerateResponse } from '@x/agent-protocol/routes';
import { z } from 'zod';
import type { AgentServer } from '../../config/types.js';
import type { BlobStore } from '../../files/blob-store.js';
import { fileSystemBlobStore } from '../../files/fs-blob-store.js';
import { createAgentServer } from '../../server.js';
import { memoryStore } from '../../store/memory-store.js';
import { pgliteStore } from '../../store/pglite-store.js';
import type { ConversationStore } from '../../store/types.js';
import type { TestMcpHttpServer } from '../mcp-http-server.js';
import { textParts } from '../mock-model.js';
import { toolCallParts } from '../model-parts.js';
import { BASE_PATH } from './fuzz-request.js';

/**
 * The server the route properties run against: one per store (memory, PGlite), with every route
 * configured — tools (one needs approval), files in a temporary folder, transcription, an MCP source —
 * and a few stored fixtures (conversations of two users, a pending approval, a paused generate run,
 * an uploaded file) the generated requests aim at.
 */

export type StoreKind = 'memory' | 'pglite';

/** Largest JSON body of the fuzzed server (small, so oversize bodies stay cheap). */
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_FILE_BYTES = 16 * 1024;
export const MAX_AUDIO_BYTES = 16 * 1024;

export const USER = 'alice';
export const OTHER_USER = 'bob';
export const AGENT = 'assistant';
/** An agent whose model always calls `deleteRecord` (a tool that needs approval) until it has a result. */
export const APPROVER = 'approver';
/** An agent with the MCP source (its tools are listed per turn, so only the MCP routes use it). */
export const APPS = 'apps';
export const PRIVATE = 'private';
export const MCP_SERVER = 'echo';
export const MCP_TOOL = 'echo';

export interface Fixtures {
  /** Alice's conversation with a user message and a reply. */
  chat: string;
  chatMessageIds: string[];
  chatRunId: string;
  /** Bob's conversation (Alice's requests on it must answer 404). */
  bobChat: string;
  /** Alice's conversation whose reply waits for an approval of `deleteRecord`. */
  pending: string;
  /** A generate run paused for an approval, and the approval's id. */
  pausedRunId: string;
  pausedApprovalIds: string[];
  /** Alice's upload and its signed download URL (path and query). */
  fileId: string;
  fileUrl: string;
}

export interface FuzzEnv {
  kind: StoreKind;
  server: AgentServer;
  store: ConversationStore;
  blobs: BlobStore;
  fixtures: Fixtures;
  /** Inputs `deleteRecord` (the tool that needs approval) ran with. */
  executed: unknown[];
  /** What the server logged as an error (a 5xx's cause). */
  errors: string[];
  /** Recreates the fixtures a valid request may have changed (a deleted conversation or message). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

const lastRole = (options: LanguageModelV4CallOptions) => options.prompt.at(-1)?.role;

/** A model that answers text, or (approver) calls `deleteRecord` until the prompt ends in its result. */
function scriptedModel(approver: boolean) {
  return new MockLanguageModelV4({
    doStream: async (options) => {
      const chunks: LanguageModelV4StreamPart[] =
        approver && lastRole(options) !== 'tool' ? toolCallParts({ toolName: 'deleteRecord', input: { id: 'r-1' } }) : textParts('Fuzzed reply, done.');
      return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) };
    },
  });
}

const transcriber = new MockTranscriptionModelV4({
  doGenerate: async () => ({ text: 'heard', segments: [], language: 'en', durationInSeconds: 1, warnings: [], response: { timestamp: new Date(0), modelId: 'mock' } }),
});

export async function startFuzzEnv(kind: StoreKind, mcp: TestMcpHttpServer): Promise<FuzzEnv> {
  const store = kind === 'memory' ? memoryStore() : pgliteStore({ dataDir: 'memory://' });
  await (store as Partial<{ ready(): Promise<void> }>).ready?.();
  const dir = mkdtempSync(join(tmpdir(), `xkit-fuzz-${kind}-`));
  const blobs = fileSystemBlobStore({ dir });
  const executed: unknown[] = [];
  const errors: string[] = [];
  const server = createAgentServer({
    agents: {
      [AGENT]: { model: scriptedModel(false), tools: ['weather', 'deleteRecord'], a2a: { publish: true } },
      [APPROVER]: { model: scriptedModel(true), tools: ['deleteRecord'] },
      [APPS]: { model: scriptedModel(false), mcp: [{ name: MCP_SERVER, url: mcp.url }] },
      [PRIVATE]: { model: scriptedModel(false), access: () => false },
    },
    tools: {
      weather: { description: 'Weather of a city', inputSchema: z.object({ city: z.string() }), execute: ({ city }: { city: string }) => ({ city, tempC: 21 }) },
      deleteRecord: {
        description: 'Delete a record',
        inputSchema: z.object({ id: z.string() }),
        confirm: true,
        execute: (input: { id: string }) => {
          executed.push(input);
          return { deleted: input.id };
        },
      },
    },
    store,
    approvalSecret: 'fuzz-secret-of-at-least-32-characters-long',
    authenticate: (request) => {
      const user = request.headers.get('x-user');
      return user === 'deny' ? null : { id: user || USER };
    },
    files: { store: blobs, maxFileBytes: MAX_FILE_BYTES },
    transcription: { model: transcriber, maxAudioBytes: MAX_AUDIO_BYTES },
    limits: { maxBodyBytes: MAX_BODY_BYTES },
    logger: { warn: () => {}, error: (message, meta) => void errors.push(`${message} ${JSON.stringify(meta ?? {}).slice(0, 2_000)}`) },
  });

  const call = async (path: string, init: { method?: string; body?: unknown; user?: string; type?: string; raw?: BodyInit } = {}) => {
    const response = await server.fetch(
      new Request(`http://localhost${BASE_PATH}${path}`, {
        method: init.method ?? 'POST',
        headers: { 'content-type': init.type ?? 'application/json', 'x-user': init.user ?? USER },
        ...(init.raw !== undefined ? { body: init.raw } : init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      }),
    );
    const text = await response.text();
    if (response.status >= 300) throw new Error(`fixture ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text;
  };
  const turn = (agent: string, conversationId: string, messageId: string, user = USER) =>
    call(`/${agent}`, { user, body: { conversationId, messages: [{ id: messageId, role: 'user', parts: [{ type: 'text', text: 'Hello' }] }] } });
  const history = async (id: string, user = USER) => JSON.parse(await call(`/conversations/${id}`, { method: 'GET', user })) as ConversationHistory;

  const fixtures = { chat: 'fx-chat', bobChat: 'fx-bob', pending: 'fx-pending' } as Fixtures;
  const restore = async () => {
    for (const [id, agent, user] of [
      [fixtures.chat, AGENT, USER],
      [fixtures.bobChat, AGENT, OTHER_USER],
      [fixtures.pending, APPROVER, USER],
    ] as const) {
      const thread = await store.loadThread(user, id);
      if (thread && thread.length >= 2 && thread.at(-1)!.role === 'assistant') continue;
      if (thread) await store.deleteConversation(user, id);
      await turn(agent, id, `${id}-u1`, user);
    }
    const chat = await history(fixtures.chat);
    fixtures.chatMessageIds = chat.messages.map((m) => m.id);
    fixtures.chatRunId = (chat.messages.at(-1)!.metadata as { runId?: string } | undefined)?.runId ?? 'run-none';
  };
  await restore();
  const paused = JSON.parse(await call(`/${APPROVER}/generate`, { body: { messages: [{ id: 'fx-gen-u1', role: 'user', parts: [{ type: 'text', text: 'Delete r-1' }] }] } })) as GenerateResponse;
  fixtures.pausedRunId = paused.runId;
  fixtures.pausedApprovalIds = (paused.pendingApprovals ?? []).map((a) => a.approvalId);
  const file = JSON.parse(await call(`/${AGENT}/files?filename=cat.png`, { type: 'image/png', raw: new Uint8Array(64).fill(7) })) as FileReference;
  fixtures.fileId = file.id;
  fixtures.fileUrl = file.url!;

  return {
    kind,
    server,
    store,
    blobs,
    fixtures,
    executed,
    errors,
    restore,
    async close() {
      await server.close?.();
      await store.close?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
