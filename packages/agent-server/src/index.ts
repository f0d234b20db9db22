export { createAgentServer } from './server.js';
export { a2uiMessages, a2uiSurface, a2uiSurfacePart, type A2UISurfaceInput } from './a2ui/a2ui-surface.js';
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
export {
  HOOK_NAMES,
  type AgentHooks,
  type FinishHookEvent,
  type HookContext,
  type HookDataPart,
  type HookEvent,
  type HookFunction,
  type HookName,
  type HookResult,
  type HookStep,
  type HookToolCall,
  type HookToolResult,
  type StartHookEvent,
  type StepFinishHookEvent,
  type StepStartHookEvent,
  type ToolCallFinishHookEvent,
  type ToolCallDirective,
  type ToolCallStartHookEvent,
  type TurnRequestContext,
} from './config/hook-types.js';
export type { PolicyAfter, PolicyCondition, PolicyContext, PolicyVerdict, ToolPolicy } from './config/policy-types.js';
export type { ToolSource } from './tools/tool-entry.js';
export type { TracingConfig } from './tracing/tracing-config.js';
export type { TranscriptionConfig } from './transcription/transcription-config.js';
export { markDbSystem } from './tracing/db-spans.js';
export type { CallerContextConfig, HttpToolConfig, HttpToolMethod, HttpToolRequest } from './config/http-tool-types.js';
export { verifyCallerContext, type CallerContext, type CallerContextVerification } from './tools/http/caller-context.js';
export { DEFAULTS } from './config/defaults.js';
export {
  createAgentServerFromFile,
  loadAgentConfig,
  parseAgentConfig,
  type AgentConfigCode,
  type ConfigFileFormat,
} from './config/load-config-file.js';
export * from './store/index.js';
export * from './runs/index.js';
export type { ConnectionConfig, ModelFactory, ProviderName } from './providers/index.js';
export { resolveModel } from './providers/index.js';
export { BlobTooLargeError, type BlobContent, type BlobObject, type BlobPutOptions, type BlobStore } from './files/blob-store.js';
export { fileSystemBlobStore } from './files/fs-blob-store.js';
export { DEFAULT_FILE_MEDIA_TYPES, type FilesConfig } from './files/files-config.js';
