import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { HttpAgent, type BaseEvent, type Middleware } from '@ag-ui/client';
import { EventSchemas } from '@ag-ui/core/schemas';
import { A2UI_ACTION_PART, a2uiSurfaceDataSchema, type A2UIUserAction } from '@x/agent-protocol/a2ui';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toNodeHandler } from '../adapters/node.js';
import { createAgentServer } from '../server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { toolCallParts } from '../test-utils/model-parts.js';
import { a2uiSurface, a2uiSurfacePart } from './a2ui-surface.js';

/**
 * `@ag-ui/a2ui-middleware` 0.0.10 has no `exports` map: its one `types` file is read as CommonJS, so it
 * declares against `@ag-ui/client`'s CJS declarations while we import the ESM ones — two
 * `AbstractAgent` types for the same runtime class (TS only; at runtime it is the same module).
 */
const a2uiMiddleware = () => new A2UIMiddleware() as unknown as Middleware;

const form = {
  surfaceId: 'booking',
  components: [
    { id: 'root', component: 'Column', children: ['name', 'submit'] },
    { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' } },
    { id: 'submit', component: 'Button', child: 'label', action: { event: { name: 'book', context: { name: { path: '/name' } } } } },
    { id: 'label', component: 'Text', text: 'Book' },
  ],
  data: { name: '' },
};

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(model: ReturnType<typeof mockModel>) {
  const agentServer = createAgentServer({
    tools: { bookingForm: { description: 'Shows the booking form', inputSchema: z.object({}), execute: () => a2uiSurface(form) } },
    agents: { assistant: { model, tools: ['bookingForm'] } },
    logger: { warn: () => {}, error: () => {} },
  });
  const server = createServer(toNodeHandler(agentServer));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agent/assistant`;
}

async function events(agent: HttpAgent) {
  const seen: BaseEvent[] = [];
  await agent.runAgent({}, { onEvent: ({ event }) => void seen.push(event) });
  return seen;
}

describe('a2uiSurface', () => {
  it('builds valid v0.9 messages, as a tool result and as a data part', () => {
    const output = a2uiSurface(form);
    expect(output.a2ui_operations.map((m) => Object.keys(m).find((k) => k !== 'version'))).toEqual(['createSurface', 'updateComponents', 'updateDataModel']);
    const part = a2uiSurfacePart(form);
    expect(part).toMatchObject({ type: 'data-a2ui', id: 'booking' });
    expect(a2uiSurfaceDataSchema.safeParse(part.data).success).toBe(true);
  });

  it('reaches AG-UI clients as the ACTIVITY_SNAPSHOT @ag-ui/a2ui-middleware emits for the same tool result', async () => {
    const base = await serve(mockModel(toolCallParts({ toolName: 'bookingForm', input: {}, id: 'call-1' }), textParts('Here is the form.')));
    const ours = await events(new HttpAgent({ url: `${base}/ag-ui`, initialMessages: [{ id: 'u1', role: 'user', content: 'Book a table' }] }));
    const activities = ours.filter((e) => e.type === 'ACTIVITY_SNAPSHOT');
    expect(activities).toHaveLength(1);
    expect(EventSchemas.safeParse(activities[0]).success).toBe(true);
    expect(activities[0]).toMatchObject({ messageId: 'a2ui-surface-call-1', activityType: 'a2ui-surface', replace: true, content: a2uiSurface(form) });

    // The middleware on the client side of the same route finds the same surface in the tool result.
    const base2 = await serve(mockModel(toolCallParts({ toolName: 'bookingForm', input: {}, id: 'call-1' }), textParts('Here is the form.')));
    const agent = new HttpAgent({ url: `${base2}/ag-ui`, initialMessages: [{ id: 'u1', role: 'user', content: 'Book a table' }] });
    agent.use(a2uiMiddleware());
    const wrapped = (await events(agent)).filter((e) => e.type === 'ACTIVITY_SNAPSHOT');
    const strip = ({ timestamp: _t, rawEvent: _r, ...rest }: BaseEvent & Record<string, unknown>) => rest;
    expect(wrapped.map((e) => strip(e as BaseEvent & Record<string, unknown>))).toContainEqual(strip(activities[0] as BaseEvent & Record<string, unknown>));
  });

  it('gives the model a user action as text and refuses a malformed one with a 400', async () => {
    const model = mockModel(textParts('Booked.'));
    const base = await serve(model);
    const action: A2UIUserAction = { name: 'book', surfaceId: 'booking', sourceComponentId: 'submit', timestamp: new Date().toISOString(), context: { name: 'Ada' } };
    const post = (data: unknown) =>
      fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ id: 'u1', role: 'user', parts: [{ type: A2UI_ACTION_PART, data }] }] }),
      });
    const ok = await post(action);
    expect(ok.status).toBe(200);
    await ok.text();
    const prompt = JSON.stringify(model.doStreamCalls[0]!.prompt);
    expect(prompt).toContain('User performed action \\"book\\" on surface \\"booking\\" (component: submit). Context: {\\"name\\":\\"Ada\\"}');
    const bad = await post({ name: 42 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_messages');
  });
});
