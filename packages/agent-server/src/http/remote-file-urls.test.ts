import { MockLanguageModelV4 } from 'ai/test';
import { simulateReadableStream } from 'ai';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { createAgentServer } from '../server.js';
import { textParts } from '../test-utils/mock-model.js';
import { chatRequest, readChunks, textOf } from '../test-utils/sse.js';

const silent = { warn: () => {}, error: () => {} };

/** A model that takes https image URLs itself (so the SDK never downloads them in the test). */
function urlModel() {
  return new MockLanguageModelV4({
    supportedUrls: { 'image/*': [/^https:\/\//] },
    doStream: async () => ({ stream: simulateReadableStream({ chunks: textParts('Nice picture.'), chunkDelayInMs: null, initialDelayInMs: null }) }),
  });
}

const withFile = (url: string) => ({
  messages: [{ id: 'u1', role: 'user', parts: [{ type: 'file', mediaType: 'image/png', url }, { type: 'text', text: 'What is this?' }] }],
});

describe('file parts with remote URLs (SSRF)', () => {
  it('are refused by default with a 400 naming the part: the server never fetches a client-chosen URL', async () => {
    const model = urlModel();
    const server = createAgentServer({ agents: { assistant: { model } }, logger: silent });
    const response = await server.fetch(chatRequest(withFile('https://169.254.169.254.nip.io/latest/meta-data')));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; issues: { path: string; message: string }[] } };
    expect(body.error.code).toBe('invalid_messages');
    expect(body.error.issues[0]).toMatchObject({ path: 'messages.0.parts.0.url', message: expect.stringContaining('data: URL') });
    expect(model.doStreamCalls).toHaveLength(0);
  });

  it('accept base64 data: URLs by default', async () => {
    const server = createAgentServer({ agents: { assistant: { model: urlModel() } }, logger: silent });
    const response = await server.fetch(chatRequest(withFile('data:image/png;base64,iVBORw0KGgo=')));
    expect(response.status).toBe(200);
    expect(textOf(await readChunks(response))).toBe('Nice picture.');
  });

  it('are accepted with limits.allowRemoteFileUrls', async () => {
    const model = urlModel();
    const server = createAgentServer({ agents: { assistant: { model } }, limits: { allowRemoteFileUrls: true }, logger: silent });
    const response = await server.fetch(chatRequest(withFile('https://cdn.example.com/cat.png')));
    expect(response.status).toBe(200);
    expect(textOf(await readChunks(response))).toBe('Nice picture.');
    expect(JSON.stringify(model.doStreamCalls[0]!.prompt)).toContain('https://cdn.example.com/cat.png');
  });

  it('the option is checked at startup', () => {
    expect(() => createAgentServer({ agents: { a: { model: urlModel() } }, limits: { allowRemoteFileUrls: 'yes' as never }, logger: silent })).toThrow(ConfigError);
  });
});
