import { transcriptionPaths, type TranscribeResponse } from '@x/agent-protocol/routes';
import { MockTranscriptionModelV4 } from 'ai/test';
import type { TranscriptionModelV4CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { createAgentServer } from '../server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { recordingLogger } from '../test-utils/model-parts.js';
import { startHttpTestServer } from '../test-utils/http-test-server.js';

const agents = { helper: { model: mockModel(textParts('hi')) } };

/** A mock transcription model that records its calls and answers `text`. */
function recordingTranscriber(text = 'book a table for two') {
  const calls: TranscriptionModelV4CallOptions[] = [];
  const model = new MockTranscriptionModelV4({
    doGenerate: async (options) => {
      calls.push(options);
      return { text, segments: [], language: 'en', durationInSeconds: 1.5, warnings: [], response: { timestamp: new Date(0), modelId: 'mock' } };
    },
  });
  return { model, calls };
}

function audioRequest(body: BodyInit | null, init: { type?: string; agent?: string; headers?: Record<string, string>; method?: string } = {}): Request {
  const headers: Record<string, string> = { ...init.headers };
  if (init.type !== '') headers['content-type'] = init.type ?? 'audio/webm;codecs=opus';
  return new Request(`http://localhost${transcriptionPaths.transcribe('/api/agent', init.agent ?? 'helper')}`, {
    method: init.method ?? 'POST',
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

async function errorCode(response: Response): Promise<string> {
  expect(response.headers.get('content-type')).toContain('application/json');
  return ((await response.json()) as { error: { code: string } }).error.code;
}

const wavBytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x41, 0x56, 0x45, 1, 2, 3, 4]);

describe('POST {basePath}/{agentId}/transcribe', () => {
  it('answers the model’s text for a recording, passing the bytes and providerOptions through', async () => {
    const { model, calls } = recordingTranscriber();
    const server = createAgentServer({ agents, transcription: { model, providerOptions: { openai: { language: 'en' } } } });
    const response = await server.fetch(audioRequest(wavBytes, { type: 'audio/wav' }));
    expect(response.status).toBe(200);
    expect((await response.json()) as TranscribeResponse).toEqual({ text: 'book a table for two', language: 'en', durationInSeconds: 1.5 });
    expect(calls).toHaveLength(1);
    expect(Array.from(calls[0]!.audio as Uint8Array)).toEqual(Array.from(wavBytes));
    expect(calls[0]!.mediaType).toBe('audio/wav');
    expect(calls[0]!.providerOptions).toEqual({ openai: { language: 'en' } });
  });

  it('answers 413 over maxAudioBytes, from content-length without calling the model', async () => {
    const { model, calls } = recordingTranscriber();
    const server = createAgentServer({ agents, transcription: { model, maxAudioBytes: 8 } });
    const response = await server.fetch(audioRequest(wavBytes));
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe('payload_too_large');
    expect(calls).toHaveLength(0);
  });

  it('stops reading a streamed body (no content-length) as soon as it passes the limit', async () => {
    const { model, calls } = recordingTranscriber();
    const server = createAgentServer({ agents, transcription: { model, maxAudioBytes: 1024 } });
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(512));
      },
      cancel() {
        cancelled = true;
      },
    });
    const response = await server.fetch(audioRequest(endless));
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe('payload_too_large');
    expect(pulled).toBeLessThan(10);
    expect(cancelled).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('answers 415 for a body that is not audio/*, and 400 for an empty recording', async () => {
    const { model, calls } = recordingTranscriber();
    const server = createAgentServer({ agents, transcription: { model } });
    for (const type of ['application/json', 'video/webm', 'text/plain', '']) {
      const response = await server.fetch(audioRequest(wavBytes, { type }));
      expect(response.status, type).toBe(415);
      expect(await errorCode(response)).toBe('unsupported_media_type');
    }
    const empty = await server.fetch(audioRequest(new Uint8Array(0)));
    expect(empty.status).toBe(400);
    expect(await errorCode(empty)).toBe('invalid_body');
    expect(calls).toHaveLength(0);
  });

  it('applies authenticate (401), the agent (404), its access (403) and the method (405) first', async () => {
    const { model, calls } = recordingTranscriber();
    const server = createAgentServer({
      agents: { ...agents, locked: { model: mockModel(textParts('x')), access: (user) => user?.id === 'admin' } },
      authenticate: (request) => (request.headers.get('x-user') ? { id: request.headers.get('x-user')! } : null),
      transcription: { model },
    });
    const anonymous = await server.fetch(audioRequest(wavBytes));
    expect(anonymous.status).toBe(401);
    expect(await errorCode(anonymous)).toBe('unauthorized');
    const unknown = await server.fetch(audioRequest(wavBytes, { agent: 'nobody', headers: { 'x-user': 'alice' } }));
    expect(unknown.status).toBe(404);
    const forbidden = await server.fetch(audioRequest(wavBytes, { agent: 'locked', headers: { 'x-user': 'alice' } }));
    expect(forbidden.status).toBe(403);
    const get = await server.fetch(audioRequest(null, { method: 'GET', headers: { 'x-user': 'alice' } }));
    expect(get.status).toBe(405);
    expect(calls).toHaveLength(0);
    const signedIn = await server.fetch(audioRequest(wavBytes, { headers: { 'x-user': 'alice' } }));
    expect(signedIn.status).toBe(200);
  });

  it('answers 501 without a transcription model and 502 when the model fails (logged, no internals)', async () => {
    const bare = createAgentServer({ agents });
    const unavailable = await bare.fetch(audioRequest(wavBytes));
    expect(unavailable.status).toBe(501);
    expect(await errorCode(unavailable)).toBe('transcription_unavailable');

    const logger = recordingLogger();
    const broken = new MockTranscriptionModelV4({
      doGenerate: async () => {
        throw new Error('upstream secret detail');
      },
    });
    const server = createAgentServer({ agents, logger, transcription: { model: broken } });
    const failed = await server.fetch(audioRequest(wavBytes));
    expect(failed.status).toBe(502);
    const text = await failed.text();
    expect(text).toContain('transcription_failed');
    expect(text).not.toContain('secret');
    expect(logger.messages()).toContain('transcription failed');
  });

  it('serves a model id through its openai connection (the provider’s /audio/transcriptions, the connection’s key)', async () => {
    const fake = await startHttpTestServer({
      '/v1/audio/transcriptions': (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: 'over the wire', language: 'english', duration: 2 }));
      },
    });
    try {
      const server = createAgentServer({
        agents,
        connections: { main: { provider: 'openai', apiKey: 'sk-test', baseURL: `${fake.base}/v1` } },
        transcription: { model: 'whisper-1', connection: 'main' },
      });
      const response = await server.fetch(audioRequest(wavBytes, { type: 'audio/wav' }));
      expect(response.status).toBe(200);
      expect(((await response.json()) as TranscribeResponse).text).toBe('over the wire');
      expect(fake.received).toHaveLength(1);
      expect(fake.received[0]!.headers.authorization).toBe('Bearer sk-test');
      expect(fake.received[0]!.body).toContain('whisper-1');
    } finally {
      await fake.close();
    }
  });

  it('refuses a bad transcription config at startup', () => {
    expect(() => createAgentServer({ agents, transcription: { model: 'whisper-1' } })).toThrow(ConfigError);
    expect(() =>
      createAgentServer({ agents, connections: { main: { provider: 'anthropic' } }, transcription: { model: 'whisper-1', connection: 'main' } }),
    ).toThrow(/openai/);
    expect(() => createAgentServer({ agents, transcription: { model: recordingTranscriber().model, maxAudioBytes: -1 } })).toThrow(/maxAudioBytes/);
    expect(() =>
      createAgentServer({ agents, connections: { main: { provider: 'openai', apiKey: 'sk-test' } }, transcription: { model: 'whisper-1', connection: 'main' } }),
    ).not.toThrow();
  });
});
