import type { LanguageModel } from 'ai';

/** Where the server reports what it cannot answer with (failed hooks, skipped tools, warnings). */
export interface Logger {
  debug?(message: string, meta?: Record<string, unknown>): void;
  info?(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}

export interface AgentConfig {
  /** Any AI SDK language model object (a provider model, a mock, a gateway id string). */
  model: LanguageModel;
  /** The system instructions of the agent. */
  instructions?: string;
  /** Model calls per turn (default 10). */
  maxSteps?: number;
}

export interface AgentLimits {
  /** Largest request body accepted, in bytes (default 1 MiB). */
  maxBodyBytes?: number;
}

export interface AgentServerConfig {
  agents: Record<string, AgentConfig>;
  /** Route prefix (default `/api/agent`): `POST {basePath}/{agentId}`. */
  basePath?: string;
  limits?: AgentLimits;
  logger?: Logger;
}

export interface AgentServer {
  /** Web-standard handler: answers `POST {basePath}/{agentId}` with the UI message stream. */
  fetch(request: Request): Promise<Response>;
  /** The validated config (read-only). */
  readonly config: Readonly<AgentServerConfig>;
}
