import type { TracingConfig } from '../tracing/tracing-config.js';
import type { A2aPublishConfig } from '../a2a/publish/publish-config.js';
import type { TranscriptionConfig } from '../transcription/transcription-config.js';
import type { FilesConfig } from '../files/files-config.js';
import type { RemoteAgentConfig } from '../a2a/remote/remote-agent-types.js';
import type { LanguageModel, ToolChoice } from 'ai';
import type { AgentProviderOptions } from './provider-options.js';
import type { ConnectionConfig } from '../providers/index.js';
import type { AgentHooks, HookFunction } from './hook-types.js';
import type { TypedConfigHelpers } from './typed-config-helpers.js';
import type { Logger } from './logger.js';
import type { HttpToolConfig } from './http-tool-types.js';
import type { ToolPolicy } from './policy-types.js';
import type { OnDisconnect } from '@x/agent-protocol/routes';
import type { RunLog } from '../runs/run-log.js';
import type { ConversationStore } from '../store/types.js';
import type { AgentToolRef, AgentUser, FileSystemConfig, McpSourceConfig, SubAgentRef, ToolConfig } from './tool-types.js';
import type { SigningSecret } from '../security/signer.js';

export type { Logger } from './logger.js';

/**
 * A `prepareStep` rule: applies to the steps it matches (1-based; step 1 is the first model call),
 * by a list (`steps: [1, 3]`) or a range (`from`/`to`, inclusive; `to` optional). First match wins.
 */
export interface PrepareStepRule {
  steps?: number[];
  from?: number;
  to?: number;
  activeTools?: string[];
  toolChoice?: ToolChoice<Record<string, unknown>>;
  maxOutputTokens?: number;
  temperature?: number;
}

/** What `pruneMessages` removes from the history before it goes to the model. */
export interface PruneConfig {
  reasoning?: 'all' | 'before-last-message' | 'none';
  toolCalls?: 'all' | 'before-last-message' | `before-last-${number}-messages` | 'none';
  emptyMessages?: 'keep' | 'remove';
}

/** An agent's context compaction (see `AgentConfig.compaction`). */
export interface CompactionConfig {
  maxInputTokens: number;
  keepLastMessages: number;
  /** The summarizing model (a model object or an id served like the agent's); default: the agent's. */
  model?: LanguageModel;
}

/** AI SDK call settings an agent may set. */
export interface AgentCallSettings {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  stopSequences?: string[];
  seed?: number;
  maxRetries?: number;
  headers?: Record<string, string>;
}

/**
 * One agent of the server: `config.agents[id]`. Everything but functions can live in YAML/JSON.
 * `TOOL` and `HOOK` are the names its `tools` and `hooks` may use (any string by default).
 */
export interface AgentConfig<TOOL extends string = string, HOOK extends string = string> extends AgentCallSettings {
  /** An AI SDK model object, or a model id string (served by `connection`, else the AI Gateway). */
  model: LanguageModel;
  /** Name of a `config.connections` entry serving the string `model`. */
  connection?: string;
  /** The system instructions of the agent. */
  instructions?: string;
  /** Named tools of `config.tools` this agent may call. */
  tools?: AgentToolRef<TOOL>[];
  /** MCP servers whose tools the agent may call. */
  mcp?: McpSourceConfig[];
  /** Other agents this agent may delegate to (each becomes a tool). */
  agents?: SubAgentRef[];
  /** Read-only file-system tools under `basePath` (Node only). */
  fileSystem?: FileSystemConfig;
  /** Model calls per turn (default 10). Tools are withheld on the last one so the model answers in text. */
  maxSteps?: number;
  /** Stop the turn after one of these tools was called. */
  stopOnToolCall?: string | string[];
  toolChoice?: ToolChoice<Record<string, unknown>>;
  /** Only these tools are offered to the model (others stay callable by name in history). */
  activeTools?: string[];
  /** Per-step overrides. */
  prepareStep?: PrepareStepRule[];
  /** History pruning before the model call (AI SDK `pruneMessages`). */
  prune?: PruneConfig;
  /** Send only the last N messages to the model. */
  maxContextMessages?: number;
  /** Prepend a `<context>` block (page, user, conversation, URL query, shared state) to the instructions. */
  pageContext?: boolean;
  /** Generate a short title on the first turn (written as `data-chat-title`). */
  generateTitle?: boolean | { model?: LanguageModel; connection?: string; instructions?: string };
  /** Hook names (of `config.hooks`) per slot. */
  hooks?: AgentHooks<HOOK>;
  /**
   * Provider settings, grouped by provider (`{ anthropic: { thinking: { type: 'adaptive' } } }`), passed
   * to every model call of the agent (the AI SDK's `providerOptions`). Checked at startup: every
   * problem with its path (`agents.support.providerOptions.anthropic.effort`).
   */
  providerOptions?: AgentProviderOptions;
  /**
   * JSON Schema of the agent's structured output on the generate route (`output` of the answer,
   * validated); a request's `output.schema` overrides it.
   */
  returns?: Record<string, unknown>;
  /**
   * Context compaction: before a step whose prompt would pass `maxInputTokens` (estimated as
   * characters / 4, or the provider's input count of the previous step), the messages before the last
   * `keepLastMessages` are summarized by one call of `model` (default: the agent's) and the summary
   * replaces them. A failed summary drops the oldest messages instead.
   */
  compaction?: CompactionConfig;
  /** Who may use this agent; `false` answers 403. Runs after `authenticate`. */
  access?: (user: AgentUser | undefined) => boolean | Promise<boolean>;
  /** Publishes the agent over A2A (agent card + JSON-RPC endpoint; opt-in, needs a store): `A2aPublishConfig`. */
  a2a?: A2aPublishConfig;
}

/** Server-wide limits. */
export interface AgentLimits {
  /** Largest request body accepted, in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Longest a tool may run, in ms (default 30,000); then it fails with a timeout error. */
  toolTimeoutMs?: number;
  /** Longest tool result sent to the model, in characters of JSON (default 50,000); longer ones are cut with a notice. */
  toolResultMaxChars?: number;
  /**
   * Accept `file` parts whose url is http(s) from the client (default false: only base64 `data:`
   * URLs). The AI SDK downloads such URLs on the server for models that cannot take URLs, so
   * allowing them lets a client make the server fetch addresses of its choosing (SSRF) — enable it
   * only behind your own URL allowlist or for trusted clients.
   */
  allowRemoteFileUrls?: boolean;
  /** Largest MCP App UI resource accepted from an MCP server, in bytes (default 2 MiB); a larger one is not shown (logged). */
  maxMcpAppBytes?: number;
}

/** The whole server config: `createAgentServer(config)`. */
export interface AgentServerConfig {
  agents: Record<string, AgentConfig>;
  /** Named model connections agents refer to with `connection`. */
  connections?: Record<string, ConnectionConfig>;
  /** Named server tools agents refer to in `tools`: functions, or HTTP tools defined as data (`{ http, … }`). */
  tools?: Record<string, ToolConfig | HttpToolConfig>;
  /** Rules every tool call of every agent passes (by tool-name pattern and input): allow, deny, rewrite, require approval, redact the output. */
  policies?: ToolPolicy[];
  /** Named hooks agents refer to in `hooks`. */
  hooks?: Record<string, HookFunction>;
  /** Who is asking: a user, or `null` to answer 401. Without it every request is anonymous. */
  authenticate?: (request: Request) => AgentUser | null | undefined | Promise<AgentUser | null | undefined>;
  /**
   * The server's signing secret: HMAC of tool approval requests (AI SDK
   * `experimental_toolApprovalSecret`: the server verifies the signature when an approval comes back,
   * so a client cannot forge an approved call), and of paging cursors, file URLs and MCP app-call
   * tokens. Set it (at least 32 characters, the same on every instance) in production. A list
   * rotates keys: the first signs, every one verifies (README "Signing secrets and key rotation").
   */
  approvalSecret?: SigningSecret;
  /** Route prefix (default `/api/agent`): `POST {basePath}/{agentId}`. */
  basePath?: string;
  limits?: AgentLimits;
  logger?: Logger;
  /**
   * Where conversations live (`memoryStore()`, `pgliteStore()`, `postgresStore()` or your own
   * `ConversationStore`). With it the server owns history: a turn's request carries only what is new
   * (the protocol's `ServerHistoryRules`), the user message is saved before the model is called and
   * the reply when it ends, and the `{basePath}/conversations` routes exist (list, load, rename,
   * delete, delete a message, feedback), all scoped to `authenticate`'s user. Without it the client
   * sends the whole history and the conversation routes answer 404 `not_found`.
   */
  store?: ConversationStore;
  /**
   * Where a run's UI stream is written as it is produced, so a reload, a second tab or a dropped
   * connection can read it again (`GET {basePath}/conversations/{id}/stream`) and a Stop
   * (`POST …/stop`) reaches the instance that runs it. Only with a `store` (a `runLog` without one is
   * a config error). Default with a store: `memoryRunLog()` (in process; one instance). Several
   * instances behind a load balancer: `redisRunLog({ url })`.
   */
  runLog?: RunLog;
  /**
   * What a run does when its client goes away (a closed tab, a dropped connection): `'continue'`
   * (the default with a store) lets the model finish and saves the reply, so a reload resumes it;
   * `'abort'` (the default without a store) stops the model as if Stop was pressed. The AG-UI route
   * aborts on a disconnect unless this is set to `'continue'` (a disconnect is AG-UI's only Stop).
   */
  onDisconnect?: OnDisconnect;
  /**
   * What the server's OpenTelemetry spans record of a run's content (README "Tracing"). The spans
   * themselves go through `@opentelemetry/api` to whatever SDK the app registered (none: no spans).
   * Default: no prompts, replies, tool arguments or results.
   */
  tracing?: TracingConfig;
  /**
   * A streaming answer (a turn, a resumed run) that sent nothing for this long sends an SSE comment
   * (`: keep-alive`), so a proxy does not close it and the client can tell a thinking model from a
   * dead server (default 15,000 ms; `0` sends none). The generate route, which answers JSON, sends none.
   */
  keepAliveMs?: number;
  /** The transcription model of `POST {basePath}/{agentId}/transcribe` (dictation; README "Transcription"). */
  transcription?: TranscriptionConfig;
  /**
   * Attachments in a blob store (README "Files"): the upload route `POST {basePath}/{agentId}/files`,
   * `x-blob:` references in messages, signed download URLs. Without it files travel inline.
   */
  files?: FilesConfig;
  /**
   * Origins (`scheme://host[:port]`, e.g. `https://app.example.com`) whose pages may send
   * state-changing requests (POST, PUT, PATCH, DELETE) to this server from another origin. A browser
   * request from the server's own origin is always allowed, and so is a request without `Origin` and
   * `Sec-Fetch-Site` (server to server, curl); any other cross-site request answers 403
   * `cross_site_request` before `authenticate` runs (README "Cross-site requests"). Default: none.
   */
  allowedOrigins?: string[];
  /**
   * Agents on other servers that speak the Agent2Agent protocol (A2A 1.0), by name: an agent lists
   * the name in its `agents` like a local sub-agent (README "Remote agents (A2A)"). A name may not
   * also be a local agent's id.
   */
  remoteAgents?: Record<string, RemoteAgentConfig>;
}

/**
 * The config as `createAgentServer` types it from itself: an agent's `tools` and `hooks` may name
 * only the config's own `tools` and `hooks` (a misspelt name is a compile error; a config loaded from
 * a file is plain data, checked at startup with a `ConfigError`), and a plain-object tool's `execute`
 * takes the input its `inputSchema` describes (`INPUTS`, inferred per tool, as `defineTool` does).
 */
export type TypedAgentServerConfig<AGENTS, TOOLS, INPUTS, HOOKS> = Omit<AgentServerConfig, 'agents' | 'tools' | 'hooks'> & {
  agents: AGENTS & TypedConfigHelpers.KnownNames<AGENTS, Extract<keyof INPUTS, string>, Extract<keyof HOOKS, string>>;
  tools?: TOOLS & { [NAME in keyof INPUTS]: ToolConfig<INPUTS[NAME]> | HttpToolConfig<INPUTS[NAME]> };
  hooks?: HOOKS;
};

/** What `createAgentServer` returns; `C` is the config's own type (for `InferAgentTools`). */
export interface AgentServer<C extends AgentServerConfig = AgentServerConfig> {
  /** Web-standard handler: answers `POST {basePath}/{agentId}` with the UI message stream. */
  fetch(request: Request): Promise<Response>;
  /** The validated config (read-only). */
  readonly config: Readonly<C>;
  /**
   * Stops the server's own background work — the sweep of unsent uploads (`files`), the stdio MCP
   * servers kept running between turns (`keepAlive`) — and resolves once a sweep in progress has
   * ended and those processes are closed. Call it when you shut the server down (e.g. from your
   * node:http server's `close`); it does not close the `store`, `runLog` or blob store you passed.
   */
  close(): Promise<void>;
}
