import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createAgentServer, type AgentServer, type AgentServerConfig, type FilesConfig } from '@x/agent-server';
import { type ConversationStore } from '@x/agent-server/store';
import type { RunLog } from '@x/agent-server/run-log';
import { startA2aTestAgent } from '@x/agent-server/a2a-test-agent';
import { a2aBilling, createScenarioServer, mcpApps, mcpEcho, mockTranscriptionModel, scenarios, type ScriptGates } from '@x/mock-server';
import { playgroundUser } from './playground-user.ts';
type McpSource = NonNullable<AgentServerConfig['agents'][string]['mcp']>[number];

/**
 * `@modelcontextprotocol/server-everything` as a stdio MCP server process (a real one, from the
 * registry), kept running between turns (`keepAlive`: its echo and sum keep no one user's state).
 */
export function everythingMcpSource(): McpSource {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@modelcontextprotocol/server-everything/package.json');
  return { type: 'stdio', name: 'everything', command: process.execPath, args: [pkg.replace(/package\.json$/, 'dist/index.js'), 'stdio'], tools: ['echo', 'get-sum'], keepAlive: true };
}

/**
 * A stdio MCP server from the registry started with `--stdio` (its `package.json` is not exported:
 * its main entry's folder is used), kept running between turns (the time and budget apps keep no
 * one user's state).
 */
function stdioMcpApp(name: string, pkg: string): McpSource {
  const bin = fileURLToPath(new URL('./index.js', import.meta.resolve(pkg)));
  return { type: 'stdio', name, command: process.execPath, args: [bin, '--stdio'], keepAlive: true };
}

/** Real MCP App servers (tools with a `ui://` resource), over stdio: `get-time` and `get-budget-data`. */
export function mcpAppSources(): McpSource[] {
  return [stdioMcpApp('time', '@modelcontextprotocol/server-basic-react'), stdioMcpApp('budget', '@modelcontextprotocol/server-budget-allocator')];
}

/**
 * The playground's tool policies. `get-budget-data` is the model's only: the budget app may not
 * call it from inside its UI (`ctx.caller === 'app'`): the MCP Apps spec shows the refusal. The time
 * app's own `get-time` calls need the user's approval (the chat asks them), the model's do not.
 */
export const playgroundPolicies: NonNullable<AgentServerConfig['policies']> = [
  {
    name: 'budget-data-for-the-model-only',
    match: 'get-budget-data',
    when: (_input, ctx) => ctx.caller === 'app',
    before: { deny: 'The budget data is for the model only; an app may not fetch it.' },
  },
  {
    name: 'time-app-asks-first',
    match: 'get-time',
    when: (_input, ctx) => ctx.caller === 'app',
    before: 'require-approval',
  },
];

/** A prompt the playground offers (welcome screen), one per scenario. */
export interface PlaygroundPrompt {
  key: string;
  label: string;
  description: string;
  prompt: string;
}

export interface PlaygroundServer {
  server: AgentServer;
  /** What runs the agent: `mock` or `provider/model`. */
  label: string;
  prompts: PlaygroundPrompt[];
}

/**
 * `PLAYGROUND_PACE`: multiplies the scripted delays of the scenarios (`1` as scripted, `0` at once;
 * the scenarios about timing — Stop mid-reply, resume — keep their pace). The e2e run sets 0.
 */
function scenarioPace(): { pace?: number } {
  const raw = process.env.PLAYGROUND_PACE;
  if (raw === undefined || raw === '') return {};
  const pace = Number(raw);
  if (!Number.isFinite(pace) || pace < 0) throw new Error(`PLAYGROUND_PACE must be a number ≥ 0 (got ${JSON.stringify(raw)}).`);
  return { pace };
}

/**
 * The playground's agent server. Without a provider key: the scripted scenarios (the smart
 * `assistant` picks one from the user's words) incl. a real MCP server process. With
 * ANTHROPIC_API_KEY or OPENAI_API_KEY: the same tools on that provider. Conversations (history,
 * titles, feedback, stop reasons) are saved by the server itself in `store`; attachments go to `files`
 * (a blob store) when given.
 */
export async function createPlaygroundAgentServer(store: ConversationStore, files?: FilesConfig, runLog?: RunLog, gates?: ScriptGates): Promise<PlaygroundServer> {
  const mcp = everythingMcpSource();
  // Approvals are HMAC-signed so a client cannot forge an approved call (a new secret per process is
  // enough here: a pending approval survives as long as the server does).
  const approvalSecret = process.env.APPROVAL_SECRET ?? randomBytes(32).toString('hex');
  const provider = await providerModel();
  const apps = mcpAppSources();
  // MCP Apps before the echo scenario: "MCP Apps" must not match the echo one's /\bmcp\b/.
  // A billing agent on another server, speaking A2A (issue 36): @a2a-js/sdk's own server on loopback,
  // reached through the real client and the SSRF guard, which lets 127.0.0.1 through for it alone.
  const billing = await startA2aTestAgent({ tickMs: 150 });
  const all = [...Object.values(scenarios), mcpApps(...apps), mcpEcho(mcp), a2aBilling({ card: billing.base, allowHosts: ['127.0.0.1'] })];
  const prompts = all.map((s) => ({ key: s.id, label: s.title, description: s.description, prompt: s.prompt }));
  // Dictation's recorded path (`POST /api/agent/{agentId}/transcribe`): OpenAI's model with a key, else the mock.
  const transcription = { model: process.env.OPENAI_API_KEY ? (await import('@ai-sdk/openai')).openai.transcription('gpt-4o-mini-transcribe') : mockTranscriptionModel() };
  if (!provider) {
    const server = createScenarioServer({
      scenarios: all,
      ...scenarioPace(),
      ...(gates ? { gates } : {}),
      config: { approvalSecret, authenticate: playgroundUser, store, ...(runLog ? { runLog } : {}), transcription, policies: playgroundPolicies, ...(files ? { files } : {}) },
    });
    return { server, label: 'mock model (no API key set): scripted scenarios', prompts };
  }
  const { toolCall, approval, agenticTurn } = scenarios;
  const server = createAgentServer({
    tools: { ...toolCall.tools, ...approval.tools, ...agenticTurn.tools },
    approvalSecret,
    authenticate: playgroundUser,
    store,
    ...(runLog ? { runLog } : {}),
    transcription,
    policies: playgroundPolicies,
    ...(files ? { files } : {}),
    agents: {
      assistant: {
        model: provider.model,
        instructions:
          'You are the assistant of the @x agent kit playground. Answer in concise markdown. ' +
          'When the page shares a form, fill it with update-page-state when asked.',
        tools: ['getWeather', 'deleteRecord', 'lookupOrder'],
        mcp: [mcp, ...apps],
        generateTitle: true,
        pageContext: true,
      },
    },
  });
  return { server, label: provider.label, prompts };
}

async function providerModel() {
  if (process.env.ANTHROPIC_API_KEY) {
    const { anthropic } = await import('@ai-sdk/anthropic');
    const id = process.env.ANTHROPIC_MODEL ?? 'claude-sonnet-4-5';
    return { model: anthropic(id), label: `anthropic/${id}` };
  }
  if (process.env.OPENAI_API_KEY) {
    const { openai } = await import('@ai-sdk/openai');
    const id = process.env.OPENAI_MODEL ?? 'gpt-4.1-mini';
    return { model: openai(id), label: `openai/${id}` };
  }
  return undefined;
}
