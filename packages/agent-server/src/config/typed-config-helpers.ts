/**
 * The compile-time helpers behind the typed config (`TypedAgentServerConfig`, `InferAgentTools`):
 * types only, nothing at run time. Grouped in one namespace so the root entry names them once.
 */
// eslint-disable-next-line @typescript-eslint/no-namespace -- a group of types, as Standard Schema's own
export declare namespace TypedConfigHelpers {
  /** The name a tool reference exposes to the model (and the UI): its `name`, else the tool's. */
  export type ExposedName<R> = R extends string ? R : R extends { name: infer N extends string } ? N : R extends { tool: infer T extends string } ? T : never;
  /** The `config.tools` entry a reference points at. */
  export type ToolKey<R> = R extends string ? R : R extends { tool: infer T extends string } ? T : never;
  /** A tool definition's input and output (the output awaited), as the AI SDK's `UITools` entry. */
  export type ToolIO<T> = T extends { execute(input: infer I, ...rest: never[]): infer O } ? { input: I; output: Awaited<O> } : { input: unknown; output: unknown };
  /**
   * The tools agent `ID` of config `C` calls, by the name the model sees: each tool's `input` and
   * `output` from its `execute` (an AI SDK `UITools` shape). `InferAgentTools` reads it from a server.
   */
  export type AgentTools<C extends { agents: object; tools?: unknown }, ID extends keyof C['agents']> = C['agents'][ID] extends { tools?: infer REFS }
    ? NonNullable<REFS> extends readonly (infer R)[]
      ? { [K in R as ExposedName<K>]: ToolIO<NonNullable<C['tools']>[ToolKey<K> & keyof NonNullable<C['tools']>]> }
      : Record<never, never>
    : Record<never, never>;
  /**
   * A name as written: a literal must be one of `NAMES`; a widened `string` (a config assembled in
   * pieces, `tools: string[]`) cannot be checked by the compiler and is left to the startup check.
   */
  export type KnownName<T, NAMES extends string> = string extends T ? T : T extends NAMES ? T : NAMES;
  /** A tool reference (a name or `{ tool }`) whose tool name must be one of `NAMES`. */
  export type KnownToolRef<REF, NAMES extends string> = REF extends string
    ? KnownName<REF, NAMES>
    : REF extends { tool: infer T }
      ? { tool: KnownName<T, NAMES>; name?: string; confirm?: boolean }
      : REF;
  /** A list of `ITEM` where `LIST` is a list. */
  export type KnownList<LIST, ITEM> = LIST extends readonly unknown[] ? readonly ITEM[] : LIST;
  /** The element type of a list. */
  export type ElementOf<LIST> = LIST extends readonly (infer ITEM)[] ? ITEM : never;
  /** Each agent's `tools` and `hooks` names checked against the config's own tools and hooks. */
  export type KnownNames<AGENTS, TOOL extends string, HOOK extends string> = {
    [ID in keyof AGENTS]: {
      [KEY in keyof AGENTS[ID]]: KEY extends 'tools'
        ? KnownList<AGENTS[ID][KEY], KnownToolRef<ElementOf<AGENTS[ID][KEY]>, TOOL>>
        : KEY extends 'hooks'
          ? { [EVENT in keyof AGENTS[ID][KEY]]: KnownList<AGENTS[ID][KEY][EVENT], KnownName<ElementOf<AGENTS[ID][KEY][EVENT]>, HOOK>> }
          : AGENTS[ID][KEY];
    };
  };
}
