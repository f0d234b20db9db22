import { APICallError, RetryError } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentServer } from '../server.js';
import { startFailingProvider, type FailingProvider } from '../test-utils/failing-provider.js';
import { chatRequest, readChunks, userMessage } from '../test-utils/sse.js';
import { safeErrorMessage } from './safe-error-message.js';

const RATE_LIMITED = 'The model provider is rate limiting requests. Try again in a moment.';
const UNAVAILABLE = 'The model provider is unavailable right now. Try again in a moment.';

const fakes: FailingProvider[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});
const logger = { warn: () => {}, error: () => {} };

/** One turn through the real @ai-sdk/openai against a local fake answering `status`, default retries. */
async function turnAgainst(status: number): Promise<{ errors: unknown[]; raw: string; calls: number }> {
  const fake = await startFailingProvider(status);
  fakes.push(fake);
  const server = createAgentServer({
    connections: { main: { provider: 'openai', apiKey: 'sk-test-key-123', baseURL: fake.baseURL } },
    agents: { assistant: { connection: 'main', model: 'gpt-5' } },
    logger,
  });
  const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('Hi')] })));
  return { errors: chunks.filter((c) => c.type === 'error'), raw: JSON.stringify(chunks), calls: fake.calls };
}

describe('safeErrorMessage through the default retries (real @ai-sdk/openai, local fake provider)', () => {
  it('keeps "rate limited" for a 429 after the retries give up', async () => {
    const { errors, raw, calls } = await turnAgainst(429);
    expect(calls).toBe(3); // the first call and the SDK's two default retries
    expect(errors).toEqual([{ type: 'error', errorText: RATE_LIMITED }]);
    expect(raw).not.toContain('sk-fake-secret-in-body');
    expect(raw).not.toContain('sk-test-key-123');
  });

  it('says the provider is unavailable for a 500 after the retries give up', async () => {
    const { errors, raw, calls } = await turnAgainst(500);
    expect(calls).toBe(3);
    expect(errors).toEqual([{ type: 'error', errorText: UNAVAILABLE }]);
    expect(raw).not.toContain('upstream said no');
  });

  it('names refused credentials for a 401 (not retried)', async () => {
    const { errors, calls } = await turnAgainst(401);
    expect(calls).toBe(1);
    expect(errors).toEqual([{ type: 'error', errorText: 'The model provider refused the credentials of this server.' }]);
  });
});

describe('safeErrorMessage', () => {
  const apiError = (statusCode: number | undefined, message = 'x') =>
    new APICallError({ message, url: 'https://api.example/v1', requestBodyValues: {}, statusCode, responseBody: '{"key":"sk-leak"}', isRetryable: true });

  it('reads the last error of a RetryError, and an error nested in `cause`', () => {
    const retry = new RetryError({ message: 'Failed after 3 attempts. Last error: sk-leak', reason: 'maxRetriesExceeded', errors: [apiError(503), apiError(429)] });
    expect(safeErrorMessage(retry)).toBe(RATE_LIMITED);
    expect(safeErrorMessage(new Error('wrapped', { cause: apiError(502) }))).toBe(UNAVAILABLE);
  });

  it('classifies statuses without echoing the provider message', () => {
    expect(safeErrorMessage(apiError(529))).toBe(UNAVAILABLE);
    expect(safeErrorMessage(apiError(408))).toBe('The model provider took too long to answer. Try again.');
    expect(safeErrorMessage(apiError(400, 'context length sk-leak'))).toBe('The model provider rejected the request (400).');
    expect(safeErrorMessage(apiError(undefined, 'Cannot connect to API: ECONNREFUSED'))).toBe('The model provider could not be reached. Try again in a moment.');
    expect(safeErrorMessage(new Error('boom sk-leak'))).toBe('The agent failed to answer. Try again.');
  });

  it('does not loop on a cause cycle', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(safeErrorMessage(a)).toBe('The agent failed to answer. Try again.');
  });
});
