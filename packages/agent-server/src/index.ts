// The server: `createAgentServer` and its config, tools, providers and config files. Beside it:
// `/node` and `/next` (adapters), `/testing`, `/store` and `/run-log` (the contracts and in-memory
// implementations), `/postgres`, `/pglite`, `/redis`, `/files`, `/s3`, `/hooks` (hook and policy
// types), `/a2ui`.
export { createAgentServer } from './server.js';
export type { AgentIdOf, InferAgentTools, TypedServerConfig } from './config/infer-tools.js';
export type { TypedConfigHelpers } from './config/typed-config-helpers.js';
export { ConfigError, type ConfigIssue } from './config/config-error.js';
export type { AgentProviderOptions } from './config/provider-options.js';
export type {
  AgentCallSettings,
  AgentConfig,
  AgentLimits,
  AgentServer,
  AgentServerConfig,
  CompactionConfig,
  Logger,
  PrepareStepRule,
  PruneConfig,
  TypedAgentServerConfig,
} from './config/types.js';
export {
  defineTool,
  type AgentToolRef,
  type AgentUser,
  type FileSystemConfig,
  type McpCustomSource,
  type McpHttpSource,
  type McpSourceBase,
  type McpSourceConfig,
  type McpStdioSource,
  type SubAgentRef,
  type ToolConfig,
  type ToolContext,
} from './config/tool-types.js';
export type { ToolSource } from './tools/tool-entry.js';
export type { TracingConfig } from './tracing/tracing-config.js';
export type { A2aPublishConfig, A2aSkillConfig } from './a2a/publish/publish-config.js';
export type { RemoteAgentCardInput, RemoteAgentConfig, RemoteAgentHeadersContext } from './a2a/remote/remote-agent-types.js';
export { RemoteAgentError, type RemoteAgentErrorKind } from './a2a/remote/remote-agent-error.js';
export type { TranscriptionConfig } from './transcription/transcription-config.js';
export type { CallerContextConfig, HttpToolConfig, HttpToolMethod, HttpToolRequest } from './config/http-tool-types.js';
export { verifyCallerContext, type CallerContext, type CallerContextVerification } from './tools/http/caller-context.js';
export type { SigningSecret } from './security/signer.js';
export { DEFAULTS } from './config/defaults.js';
export {
  createAgentServerFromFile,
  loadAgentConfig,
  parseAgentConfig,
  type AgentConfigCode,
  type ConfigFileFormat,
} from './config/load-config-file.js';
export type { ConnectionConfig, ModelFactory, ProviderName } from './providers/index.js';
export { resolveModel } from './providers/index.js';
export type { FilesConfig } from './files/files-config.js';
