import type { JSONSchema7 } from 'ai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgentServer } from '../../server.js';
import { ConfigError } from '../../config/config-error.js';
import type { AgentServerConfig } from '../../config/types.js';
import { startHttpTestServer } from '../../test-utils/http-test-server.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { chunksOf, recordingLogger, toolCallParts } from '../../test-utils/model-parts.js';
import { chatRequest, readChunks, textOf, userMessage } from '../../test-utils/sse.js';

let server: Awaited<ReturnType<typeof startHttpTestServer>>;
beforeAll(async () => {
  server = await startHttpTestServer({
    '/weather': (req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ city: new URL(req.url, 'http://x').searchParams.get('city'), temp: 21 })),
    '/down': (_req, res) => res.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance until noon'),
  });
});
afterAll(() => server.close());

const silent = { warn: () => {}, error: () => {} };
const cityInput: JSONSchema7 = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

function agentWith(path: string, model: ReturnType<typeof mockModel>): AgentServerConfig {
  return {
    tools: {
      weather: { description: 'Weather of a city', inputSchema: cityInput, http: { url: `${server.base}${path}`, query: { city: '{{city}}' } }, allowPrivate: true },
    },
    agents: { assistant: { model, tools: ['weather'] } },
    logger: silent,
  };
}

describe('HTTP tools through createAgentServer', () => {
  it('runs the request the model asked for and feeds the JSON back to the model', async () => {
    const model = mockModel(toolCallParts({ toolName: 'weather', input: { city: 'Oslo' } }), textParts('21 degrees.'));
    const chunks = await readChunks(await createAgentServer(agentWith('/weather', model)).fetch(chatRequest({ messages: [userMessage('Weather in Oslo?')] })));
    expect(chunksOf(chunks, 'tool-output-available')[0]).toMatchObject({ toolCallId: 'call-1', output: { city: 'Oslo', temp: 21 } });
    expect(textOf(chunks)).toBe('21 degrees.');
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('"temp":21');
  });

  it('gives the model a non-2xx status as a tool error it can read', async () => {
    const model = mockModel(toolCallParts({ toolName: 'weather', input: { city: 'Oslo' } }), textParts('It is down.'));
    const chunks = await readChunks(await createAgentServer(agentWith('/down', model)).fetch(chatRequest({ messages: [userMessage('Weather?')] })));
    expect(chunksOf(chunks, 'tool-output-error')[0]!.errorText).toMatch(/^(Error: )?HTTP 503 Service Unavailable from GET .*\/down\?city=Oslo: maintenance until noon$/);
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('maintenance until noon');
  });

  it('refuses loopback by default (the guard is on without allowPrivate)', async () => {
    const model = mockModel(toolCallParts({ toolName: 'weather', input: { city: 'Oslo' } }), textParts('ok'));
    const config = agentWith('/weather', model);
    delete (config.tools!.weather as { allowPrivate?: boolean }).allowPrivate;
    const before = server.received.length;
    const chunks = await readChunks(await createAgentServer(config).fetch(chatRequest({ messages: [userMessage('Weather?')] })));
    expect(chunksOf(chunks, 'tool-output-error')[0]!.errorText).toMatch(/Refused 127\.0\.0\.1:\d+: it is a loopback address/);
    expect(server.received.length).toBe(before);
  });

  it('runs 20 parallel calls without a MaxListenersExceededWarning: no signal gets more than 10 abort listeners', async () => {
    const calls = Array.from({ length: 20 }, (_, i) => ({ toolName: 'weather', input: { city: `City${i}` }, id: `call-${i}` }));
    const model = mockModel(toolCallParts(...calls), textParts('All done.'));
    // Node warns once a signal holds more than 10 abort listeners (when its limit is set, e.g. by a
    // host or a library): count the most any one signal held at once, and the warnings themselves.
    const held = new WeakMap<EventTarget, number>();
    let most = 0;
    const add = vi.spyOn(AbortSignal.prototype, 'addEventListener').mockImplementation(function (this: AbortSignal, ...args) {
      if (args[0] === 'abort') {
        const count = (held.get(this) ?? 0) + 1;
        held.set(this, count);
        most = Math.max(most, count);
      }
      return EventTarget.prototype.addEventListener.apply(this, args);
    });
    const remove = vi.spyOn(AbortSignal.prototype, 'removeEventListener').mockImplementation(function (this: AbortSignal, ...args) {
      if (args[0] === 'abort') held.set(this, Math.max(0, (held.get(this) ?? 0) - 1));
      return EventTarget.prototype.removeEventListener.apply(this, args);
    });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const chunks = await readChunks(await createAgentServer(agentWith('/weather', model)).fetch(chatRequest({ messages: [userMessage('Weather everywhere?')] })));
      expect(chunksOf(chunks, 'tool-output-available')).toHaveLength(20);
      expect(textOf(chunks)).toBe('All done.');
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
      add.mockRestore();
      remove.mockRestore();
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message)).toEqual([]);
    expect(most).toBeLessThanOrEqual(10);
  });
});

describe('HTTP tool config', () => {
  it('warns at startup about a header variable that is not set', () => {
    const logger = recordingLogger();
    createAgentServer({
      tools: { t: { description: 'd', inputSchema: cityInput, http: { url: 'https://api.example.com/x', headers: { authorization: 'Bearer ${SURELY_UNSET_VAR_X1}' } } } },
      agents: { assistant: { model: mockModel(textParts('x')), tools: ['t'] } },
      logger,
    });
    expect(logger.records).toContainEqual({
      level: 'warn',
      message: 'uses ${SURELY_UNSET_VAR_X1}, which is not set: calls of "t" fail until it is',
      meta: { path: 'tools.t.http.headers.authorization' },
    });
  });

  it('lists every problem with its path', () => {
    const model = mockModel(textParts('x'));
    let error: unknown;
    try {
      createAgentServer({
        tools: {
          bad: {
            description: '',
            inputSchema: cityInput,
            http: { url: 'http://{{host}}/x', method: 'TRACE' as never, headers: { a: 1 as never } },
            timeout: -1,
            maxRedirects: 99,
            allowHosts: ['not a host'],
            callerContext: { secret: 'short' },
            extra: true,
          } as never,
          noUrl: { description: 'd', inputSchema: cityInput, http: {} } as never,
        },
        agents: { assistant: { model, tools: ['bad', 'noUrl'] } },
        logger: silent,
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const paths = (error as ConfigError).issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'tools.bad.extra',
        'tools.bad.description',
        'tools.bad.http.url',
        'tools.bad.http.method',
        'tools.bad.http.headers',
        'tools.bad.timeout',
        'tools.bad.maxRedirects',
        'tools.bad.allowHosts',
        'tools.bad.callerContext.secret',
        'tools.noUrl.http.url',
      ]),
    );
    expect((error as ConfigError).issues.find((i) => i.path === 'tools.bad.http.url')!.message).toMatch(/not the host/);
  });
});
