export { createAgentServer } from './server.js';
export { ConfigError, type ConfigIssue } from './config/config-error.js';
export type { AgentConfig, AgentLimits, AgentServer, AgentServerConfig, Logger } from './config/types.js';
export { errorResponse } from './http/error-response.js';
