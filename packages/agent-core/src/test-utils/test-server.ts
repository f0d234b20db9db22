import { z } from 'zod';
import { createAgentServer, type AgentConfig, type AgentServerConfig } from '@x/agent-server';
import type { AgentRequestBody } from '@x/agent-protocol';
import { inProcessFetch, scriptedModel, seenToolOutput, type Script } from '@x/mock-server';

export interface TestAgent {
  script: Script;
  tools?: NonNullable<AgentServerConfig['agents'][string]['tools']>;
  /** Any other agent settings (hooks, maxSteps, …). */
  config?: Omit<AgentConfig, 'model'>;
}

/**
 * The real `@x/agent-server` with scripted models, answered in process. `requests` records every
 * request body the client sent (parsed), `urls` every URL, `headers` every request's headers.
 */
export function testServer(
  agents: Record<string, TestAgent>,
  tools: AgentServerConfig['tools'] = {},
  extra: Partial<Omit<AgentServerConfig, 'agents' | 'tools'>> = {},
) {
  const server = createAgentServer({
    agents: Object.fromEntries(
      Object.entries(agents).map(([id, a]) => [id, { ...a.config, model: scriptedModel(a.script, { modelId: id }), ...(a.tools ? { tools: a.tools } : {}) }]),
    ),
    tools,
    ...extra,
    logger: { warn: () => {}, error: () => {} },
  });
  const answer = inProcessFetch(server);
  const requests: AgentRequestBody[] = [];
  const urls: string[] = [];
  const headers: Headers[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    urls.push(String(input));
    headers.push(new Headers(init?.headers));
    if (typeof init?.body === 'string') requests.push(JSON.parse(init.body) as AgentRequestBody);
    return answer(input, init);
  };
  return { server, fetch, requests, urls, headers };
}

/** Concatenated text of a message. */
export const textOf = (m: { parts: readonly { type: string; text?: string }[] } | undefined) =>
  (m?.parts ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');

/** `deleteRecord`, a server tool that needs approval; each id it deleted is pushed to `deleted`. */
export function deleteRecordTool(deleted: number[]) {
  return {
    description: 'Deletes a record',
    inputSchema: z.object({ id: z.number() }),
    confirm: true,
    execute: async ({ id }: { id: number }) => {
      deleted.push(id);
      return { deleted: id };
    },
  };
}

/**
 * An agent that asks to run `deleteRecord` on record 7 (an approval: pair it with
 * {@link deleteRecordTool}), then answers "done" with the tool's output as the model saw it.
 */
export const deleteRecordAgent: TestAgent = {
  script: {
    steps: ({ stepInTurn, toolResults }) =>
      stepInTurn === 0
        ? [{ type: 'tool-call', toolName: 'deleteRecord', input: { id: 7 } }]
        : [{ type: 'text', text: `done ${toolResults.map((r) => JSON.stringify(seenToolOutput(r.output))).join(' ')}` }],
    chunkDelayMs: 0,
  },
  tools: ['deleteRecord'],
};
