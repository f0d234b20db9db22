import type { AgentServer, AgentServerConfig } from './types.js';

/** The agent ids of a server's config. */
export type AgentIdOf<S> = S extends AgentServer<infer C> ? Extract<keyof C['agents'], string> : never;

/** The name a tool reference exposes to the model (and the UI): its `name`, else the tool's. */
type ExposedName<R> = R extends string ? R : R extends { name: infer N extends string } ? N : R extends { tool: infer T extends string } ? T : never;
/** The `config.tools` entry a reference points at. */
type ToolKey<R> = R extends string ? R : R extends { tool: infer T extends string } ? T : never;
/** A tool definition's input and output (the output awaited), as the AI SDK's `UITools` entry. */
type ToolIO<T> = T extends { execute(input: infer I, ...rest: never[]): infer O } ? { input: I; output: Awaited<O> } : { input: unknown; output: unknown };

type AgentTools<C extends AgentServerConfig, ID extends keyof C['agents']> = C['agents'][ID] extends { tools?: infer REFS }
  ? NonNullable<REFS> extends readonly (infer R)[]
    ? { [K in R as ExposedName<K>]: ToolIO<NonNullable<C['tools']>[ToolKey<K> & keyof NonNullable<C['tools']>]> }
    : Record<never, never>
  : Record<never, never>;

/**
 * The tools one agent of a server calls, typed from the server's config, for
 * `useAgentChat<InferAgentTools<typeof server, 'support'>>()`: each tool's `input` is what its
 * `execute` takes, its `output` what it resolves to. Import it with `import type` (the client bundle
 * never includes the server). Tools from MCP servers and sub-agents are dynamic and stay untyped.
 */
export type InferAgentTools<S, ID extends AgentIdOf<S>> = S extends AgentServer<infer C> ? AgentTools<C, ID> : never;
