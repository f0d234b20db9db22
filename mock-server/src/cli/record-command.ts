import { parseArgs } from 'node:util';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { LanguageModel } from 'ai';
import { createAgentServer, loadAgentConfig, resolveModel, type AgentServerConfig } from '@x/agent-server';
import { driveSession, transcriptOf } from '../record/drive-session.js';
import type { Fixture, RecordedCall } from '../record/fixture.js';
import { saveFixture } from '../record/fixture-file.js';
import { recordModel } from '../record/record-model.js';

export const RECORD_USAGE = `x-agent record --config <agent.yaml> --prompt "<text>" [--prompt "<next turn>"…]
  [--agent <id>]       the agent to talk to (default: the file's first agent)
  [--out <file.json>]  where the fixture goes (default: <agent>.fixture.json)
  [--deny]             reject tool approvals (default: approve them)
  [--exact-timing]     keep every delta (default: merged per 16 ms frame)
  [--redact <key>…]    more object keys to redact (API keys, auth headers and the
                       connections' keys and header values are always redacted)`;

/** What `record` did: the fixture written and the transcript of the session. */
export interface RecordResult {
  out: string;
  fixture: Fixture;
  transcript: string[];
}

/**
 * `x-agent record`: loads the config file, wraps every agent's model with `recordModel` (string
 * models through their connection), runs the prompts as turns through the real server and writes
 * the fixture. Throws an `Error` whose message is meant for the terminal.
 */
export async function recordCommand(argv: string[], env: Record<string, string | undefined> = process.env): Promise<RecordResult> {
  const { values } = parseArgs({
    args: argv,
    options: {
      config: { type: 'string' },
      prompt: { type: 'string', multiple: true },
      agent: { type: 'string' },
      out: { type: 'string' },
      deny: { type: 'boolean' },
      'exact-timing': { type: 'boolean' },
      redact: { type: 'string', multiple: true },
    },
    strict: true,
  });
  if (!values.config || !values.prompt?.length) throw new Error(`--config and --prompt are required.\n\n${RECORD_USAGE}`);
  const config = await loadAgentConfig(values.config, { env });
  const agentId = values.agent ?? Object.keys(config.agents)[0];
  if (!agentId || !Object.hasOwn(config.agents, agentId)) {
    throw new Error(`No agent "${String(agentId)}" in ${values.config} (agents: ${Object.keys(config.agents).join(', ') || 'none'}).`);
  }
  const calls: { call: RecordedCall; startedAt: number }[] = [];
  const secrets = Object.values(config.connections ?? {}).flatMap((c) => [c.apiKey, ...Object.values(c.headers ?? {})].filter((v): v is string => typeof v === 'string'));
  const record = (model: LanguageModel, id: string) =>
    recordModel(asV4(model, id), {
      onRecord: (call, { startedAt }) => calls.push({ call, startedAt }),
      redact: { values: secrets, ...(values.redact ? { keys: values.redact } : {}) },
      exactTiming: values['exact-timing'] === true,
    });
  const agents: AgentServerConfig['agents'] = {};
  for (const [id, agent] of Object.entries(config.agents)) {
    const { connection, ...rest } = agent;
    agents[id] = { ...rest, model: record(await modelOf(config, agent.model, connection), id) };
  }
  const server = createAgentServer({ ...config, agents });
  const messages = await driveSession(server, agentId, values.prompt, { approve: values.deny !== true });
  const transcript = transcriptOf(messages);
  const fixture: Fixture = {
    version: 1,
    meta: { recordedWith: 'x-agent record', agent: agentId, prompts: values.prompt, transcript },
    calls: calls.sort((a, b) => a.startedAt - b.startedAt).map((c) => c.call),
  };
  const out = values.out ?? `${agentId}.fixture.json`;
  await saveFixture(out, fixture);
  return { out, fixture, transcript };
}

async function modelOf(config: AgentServerConfig, model: LanguageModel, connectionName: string | undefined): Promise<LanguageModel> {
  if (typeof model !== 'string') return model;
  if (connectionName === undefined) return resolveModel({ provider: 'gateway' }, model);
  const connection = config.connections?.[connectionName];
  if (!connection) throw new Error(`Unknown connection "${connectionName}".`);
  return resolveModel(connection, model);
}

function asV4(model: LanguageModel, agentId: string): LanguageModelV4 {
  if (typeof model === 'object' && model.specificationVersion === 'v4') return model;
  throw new Error(`Agent "${agentId}": its model is not an AI SDK v4 language model, so it cannot be recorded.`);
}
