import type { HookFunction } from './hook-types.js';
import type { TypedConfigHelpers } from './typed-config-helpers.js';
import type { AgentServer, AgentServerConfig } from './types.js';

/**
 * The config type an `AgentServer` keeps (what `createAgentServer` returns it with): its agents,
 * tools and hooks as written, for `InferAgentTools` and `AgentIdOf`.
 */
export type TypedServerConfig<AGENTS, TOOLS, HOOK extends string> = Omit<AgentServerConfig, 'agents' | 'tools' | 'hooks'> & {
  agents: AGENTS;
  tools?: TOOLS;
  hooks?: Record<HOOK, HookFunction>;
};

/** The agent ids of a server's config. */
export type AgentIdOf<S> = S extends AgentServer<infer C> ? Extract<keyof C['agents'], string> : never;

/**
 * The tools one agent of a server calls, typed from the server's config, for
 * `useAgentChat<InferAgentTools<typeof server, 'support'>>()`: each tool's `input` is what its
 * `execute` takes, its `output` what it resolves to. Import it with `import type` (the client bundle
 * never includes the server). Tools from MCP servers and sub-agents are dynamic and stay untyped.
 */
export type InferAgentTools<S, ID extends AgentIdOf<S>> = S extends AgentServer<infer C> ? TypedConfigHelpers.AgentTools<C, ID> : never;
