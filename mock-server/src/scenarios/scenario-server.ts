import { createAgentServer, type AgentConfig, type AgentServer, type AgentServerConfig } from '@x/agent-server';
import type { PacedStep, Script, ScriptContext } from '../script.js';
import type { ScriptGates } from '../script-gates.js';
import { scriptedModel } from '../scripted-model.js';
import type { Scenario } from './scenario.js';
import { sameQuestion, suggestionsHook, titleModelFor } from './title-suggestions.js';

export interface ScenarioServerOptions {
  /** Scenarios served (default: all of `scenarios`); each is an agent of its own id. */
  scenarios: Scenario[];
  /**
   * Also serve the "smart" agent under this id (default `assistant`; `false` for none): it picks a
   * scenario from the user's words, generates a title on the first turn and suggests follow-ups.
   */
  smartAgentId?: string | false;
  /** Merged into the server config (hooks, authenticate, logger, limits, basePath…). */
  config?: Partial<Omit<AgentServerConfig, 'agents'>> & { agents?: AgentServerConfig['agents'] };
  /** Applied to every scenario agent (e.g. `{ hooks: { onFinish: ['saveConversation'] } }`), merged per key. */
  agentDefaults?: Omit<AgentConfig, 'model'>;
  /**
   * Multiplies the delays of every scenario's script (scriptedModel's `pace`): 1 as scripted
   * (default), 0 at once. Scenarios with `pace: 'real'` (those about timing) keep their pace.
   */
  pace?: number;
  /**
   * Where the scripts' `gate` actions hold (`scriptGates()`, opened by a test); without it (the
   * default) every gate is passed at once.
   */
  gates?: ScriptGates;
}

/** The real `@x/agent-server` serving scenarios: one agent per scenario id, plus the smart agent. */
export function createScenarioServer(options: ScenarioServerOptions): AgentServer {
  const { scenarios } = options;
  const paceOf = (scenario: Scenario | undefined) => (scenario?.pace === 'real' ? 1 : (options.pace ?? 1));
  const gatesOf = options.gates ? { gates: options.gates } : {};
  const tools: NonNullable<AgentServerConfig['tools']> = {};
  const hooks: NonNullable<AgentServerConfig['hooks']> = { ...options.config?.hooks };
  const agents: AgentServerConfig['agents'] = {};
  const remoteAgents: NonNullable<AgentServerConfig['remoteAgents']> = {};
  for (const scenario of scenarios) {
    Object.assign(tools, scenario.tools);
    Object.assign(remoteAgents, scenario.remoteAgents);
    Object.assign(hooks, scenario.hooks);
    for (const [id, sub] of Object.entries(scenario.subAgents ?? {})) {
      agents[id] = { ...sub.agent, model: scriptedModel(sub.script, { modelId: id, pace: paceOf(scenario), ...gatesOf }), ...(sub.instructions ? { instructions: sub.instructions } : {}) };
    }
    agents[scenario.id] = withDefaults(
      { model: scriptedModel(scenario.script, { modelId: scenario.id, pace: paceOf(scenario), ...gatesOf }), instructions: `${scenario.title}: ${scenario.description}`, ...scenario.agent },
      options.agentDefaults,
    );
  }
  const smartId = options.smartAgentId === undefined ? 'assistant' : options.smartAgentId;
  if (smartId) {
    hooks.__suggestScenarios = suggestionsHook((reply, question) => scenarioFor(scenarios, question)?.suggestions ?? pickSuggestions(scenarios, reply, question));
    agents[smartId] = withDefaults(smartAgent(scenarios, paceOf, options.gates), options.agentDefaults);
  }
  const remote = { ...remoteAgents, ...options.config?.remoteAgents };
  return createAgentServer({
    ...options.config,
    tools: { ...tools, ...options.config?.tools },
    hooks,
    agents: { ...agents, ...options.config?.agents },
    ...(Object.keys(remote).length > 0 ? { remoteAgents: remote } : {}),
  });
}

function smartAgent(scenarios: Scenario[], paceOf: (scenario: Scenario | undefined) => number, gates: ScriptGates | undefined): AgentConfig {
  const unique = <T>(items: T[]) => [...new Map(items.map((i) => [JSON.stringify(i), i])).values()];
  return {
    // Each step at the pace of the scenario it plays.
    model: scriptedModel({ steps: (context) => ({ pace: paceOf(scenarioFor(scenarios, context.lastUserText)), ...smartStep(scenarios, context) }) }, { modelId: 'smart', ...(gates ? { gates } : {}) }),
    instructions: 'You are the playground agent of the @x agent kit. You pick a scripted scenario from the user’s words.',
    tools: unique(scenarios.flatMap((s) => s.agent?.tools ?? [])),
    agents: unique(scenarios.flatMap((s) => s.agent?.agents ?? [])),
    mcp: unique(scenarios.flatMap((s) => s.agent?.mcp ?? [])),
    maxSteps: Math.max(10, ...scenarios.map((s) => s.agent?.maxSteps ?? 0)),
    generateTitle: { model: titleModelFor(scenarios) },
    hooks: { onFinish: ['__suggestScenarios'] },
  };
}

/** The scenario a message asks for: the first whose words match, else none. */
export function scenarioFor(scenarios: Scenario[], text: string): Scenario | undefined {
  return scenarios.find((s) => s.match.test(text));
}

function smartStep(scenarios: Scenario[], context: ScriptContext): PacedStep {
  const scenario = scenarioFor(scenarios, context.lastUserText);
  if (!scenario) {
    const list = scenarios.map((s) => `- **${s.title}** — try “${s.prompt}”`).join('\n');
    return { actions: [{ type: 'text', text: `I am the playground's scripted agent (no API key needed). I can show you:\n\n${list}` }], chunkDelayMs: 8 };
  }
  return stepOf(scenario.script, context);
}

function stepOf(script: Script, context: ScriptContext): PacedStep {
  const chunkDelayMs = script.chunkDelayMs;
  if (typeof script.steps === 'function') {
    const step = script.steps(context);
    return Array.isArray(step) ? { actions: step, ...(chunkDelayMs !== undefined ? { chunkDelayMs } : {}) } : step;
  }
  const actions = script.steps[Math.min(context.stepInTurn, script.steps.length - 1)] ?? [];
  return { actions, ...(chunkDelayMs !== undefined ? { chunkDelayMs } : {}) };
}

/**
 * Three prompts of other scenarios, varied by the reply so follow-ups change from turn to turn —
 * never the scenario just run nor the question just asked.
 */
function pickSuggestions(scenarios: Scenario[], reply: string, question: string): string[] {
  const asked = scenarioFor(scenarios, question);
  const others = scenarios.filter(
    (s) => s !== asked && !sameQuestion(s.prompt, question) && s.id !== 'error' && s.id !== 'flaky' && s.id !== 'slow',
  );
  let hash = 0;
  for (const ch of reply) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const out: string[] = [];
  for (let i = 0; i < others.length && out.length < 3; i++) out.push(others[(hash + i * 2) % others.length]!.prompt);
  return [...new Set(out)];
}

function withDefaults(agent: AgentConfig, defaults: Omit<AgentConfig, 'model'> | undefined): AgentConfig {
  if (!defaults) return agent;
  const hooks = { ...agent.hooks };
  for (const [slot, names] of Object.entries(defaults.hooks ?? {}) as [keyof NonNullable<AgentConfig['hooks']>, string[]][]) {
    hooks[slot] = [...(hooks[slot] ?? []), ...names];
  }
  return { ...defaults, ...agent, hooks };
}
